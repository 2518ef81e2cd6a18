import { renderSVG } from 'uqr';

/** The QR code of a text as an SVG image address (dark modules on white, with the standard quiet zone). */
export function qrImage(text: string): string {
  const svg = renderSVG(text, { ecc: 'M', border: 4, whiteColor: '#ffffff', blackColor: '#000000' });
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}
