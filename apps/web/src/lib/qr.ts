import { encode, renderSVG } from 'uqr';

/** Dark modules on white with the standard quiet zone, whatever the theme: phones and bank apps read it best so. */
const options = { ecc: 'M', border: 4 } as const;

/** The QR code of a text as an SVG image address. */
export function qrSvgImage(text: string): string {
  const svg = renderSVG(text, { ...options, whiteColor: '#ffffff', blackColor: '#000000' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The same QR code as a PNG image address of about `size` pixels (to save as a file); null where nothing draws. */
export function qrPngImage(text: string, size = 480): string | null {
  const { data } = encode(text, options);
  const scale = Math.max(1, Math.floor(size / data.length));
  const canvas = document.createElement('canvas');
  canvas.width = data.length * scale;
  canvas.height = data.length * scale;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.fillStyle = '#000000';
  for (const [y, row] of data.entries()) {
    for (const [x, dark] of row.entries()) if (dark) context.fillRect(x * scale, y * scale, scale, scale);
  }
  return canvas.toDataURL('image/png');
}
