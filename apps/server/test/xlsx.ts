import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * Workbooks made in a test, of any size, without a multi-megabyte fixture: a minimal XLSX (the parts a reader needs)
 * whose first sheet's XML comes from a generator, deflated as it streams.
 */

type Part = string | Iterable<string>;

async function deflated(part: Part): Promise<{ data: Buffer; size: number; crc: number }> {
  const deflate = createDeflateRaw({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (chunk: Buffer) => out.push(chunk));
  const finished = new Promise((resolve, reject) => {
    deflate.on('end', resolve);
    deflate.on('error', reject);
  });
  let size = 0;
  let crc = 0;
  for (const text of typeof part === 'string' ? [part] : part) {
    const chunk = Buffer.from(text, 'utf8');
    size += chunk.length;
    crc = crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await finished;
  return { data: Buffer.concat(out), size, crc };
}

/** A zip of deflated entries (local headers, data, central directory). */
async function zipOf(files: Record<string, Part>): Promise<Buffer> {
  const locals: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const [name, part] of Object.entries(files)) {
    const { data, size, crc } = await deflated(part);
    const fileName = Buffer.from(name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(8, 8); // deflate
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(fileName.length, 26);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4);
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x0800, 8);
    head.writeUInt16LE(8, 10);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(data.length, 20);
    head.writeUInt32LE(size, 24);
    head.writeUInt16LE(fileName.length, 28);
    head.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    central.push(head, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(central.length / 2, 8);
  end.writeUInt16LE(central.length / 2, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A sheet's XML around rows that the generator yields as XML (`<row>…</row>`). */
function* sheetXml(rows: Iterable<string>): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
  let batch = '';
  for (const row of rows) {
    batch += row;
    if (batch.length > 65_536) {
      yield batch;
      batch = '';
    }
  }
  yield `${batch}</sheetData></worksheet>`;
}

/** One row of inline strings (no shared strings), at line `line`, each cell with its reference (A1, B1…) as Excel writes them. */
export function inlineRow(line: number, cells: string[]): string {
  const cs = cells
    .map((c, i) => `<c r="${String.fromCharCode(65 + i)}${line}" t="inlineStr"><is><t>${xmlText(c)}</t></is></c>`)
    .join('');
  return `<row r="${line}">${cs}</row>`;
}

/** An XLSX whose first sheet holds `rows` (row XML, see inlineRow), and `sharedStrings` when given. */
export function xlsxOf(rows: Iterable<string>, sharedStrings?: Part): Promise<Buffer> {
  const rels = (...items: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${items.join('')}</Relationships>`;
  return zipOf({
    '[Content_Types].xml':
      '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/></Types>',
    '_rels/.rels': rels(
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>',
    ),
    'xl/workbook.xml':
      '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    'xl/_rels/workbook.xml.rels': rels(
      '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>',
      sharedStrings
        ? '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
        : '',
    ),
    'xl/worksheets/sheet1.xml': sheetXml(rows),
    ...(sharedStrings ? { 'xl/sharedStrings.xml': sharedStrings } : {}),
  });
}
