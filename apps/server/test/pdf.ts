import { createCanvas, loadImage } from '@napi-rs/canvas';
import jsQR from 'jsqr';
import { PDFParse } from 'pdf-parse';

/** The text of every page of a PDF, as pdf.js extracts it. */
export async function pdfText(bytes: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

/** The first page drawn as a PNG (pdf.js on a canvas), and the text of the QR code it shows, if any. */
export async function firstPage(bytes: Buffer): Promise<{ png: Buffer; qr: string | null }> {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const shot = await parser.getScreenshot({ first: 1, scale: 2 });
    const png = Buffer.from(shot.pages[0]?.data ?? []);
    const image = await loadImage(png);
    const canvas = createCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height);
    return { png, qr: jsQR(pixels.data, image.width, image.height)?.data ?? null };
  } finally {
    await parser.destroy();
  }
}
