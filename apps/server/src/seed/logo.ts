import zlib from 'node:zlib';

/** Draws the demo university's logo (a blue disc with a white open book) as a PNG. */
export function demoLogoPng(size = 192): Buffer {
  const rows: Buffer[] = [];
  const c = size / 2;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const dx = x + 0.5 - c;
      const dy = y + 0.5 - c;
      const r = Math.hypot(dx, dy);
      let rgba: [number, number, number, number] = [0, 0, 0, 0];
      if (r < c - 2) rgba = [0x49, 0x67, 0xa3, 255];
      if (r < c - 2 && r > c - 10) rgba = [0xe8, 0xee, 0xf8, 255];
      // an open book: two pages slanting from the spine
      const u = dx / (size * 0.28);
      const v = (dy + size * 0.02) / (size * 0.2);
      if (
        Math.abs(u) <= 1 &&
        v >= -1 + Math.abs(u) * 0.25 &&
        v <= 0.8 + Math.abs(u) * 0.25 &&
        Math.abs(dx) > size * 0.012
      ) {
        rgba = [255, 255, 255, 255];
      }
      row.set(rgba, 1 + x * 4);
    }
    rows.push(row);
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body) >>> 0);
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
