import { createRequire } from 'node:module';
import path from 'node:path';
import QRCode from 'qrcode';

/**
 * PDF documents the server issues (reference documents, transcripts), drawn with pdfmake in DejaVu Sans: a font with
 * the Cyrillic letters of Russian and Kyrgyz (ң, ө, ү) whose licence allows embedding, installed from the npm registry
 * (dejavu-fonts-ttf), so a fresh `npm install` has it. pdfmake reads only those font files and fetches nothing.
 */

const require = createRequire(import.meta.url);

/** pdfmake's document definition (its own types are not published): content, styles, page settings. */
export type DocumentDefinition = Record<string, unknown>;

interface Pdfmake {
  setFonts(fonts: Record<string, Record<string, string>>): void;
  setUrlAccessPolicy(allow: (url: string) => boolean): void;
  setLocalAccessPolicy(allow: (file: string) => boolean): void;
  createPdf(definition: DocumentDefinition): { getBuffer(): Promise<Buffer> };
}

const fontDir = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
// Regular and bold only: each face a document uses costs it some 90 ms the first time it lays text out (fontkit builds
// the face's substitution and kerning tables, per document), so the documents keep to two.
const fontFiles = {
  normal: path.join(fontDir, 'DejaVuSans.ttf'),
  bold: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
  italics: path.join(fontDir, 'DejaVuSans.ttf'),
  bolditalics: path.join(fontDir, 'DejaVuSans-Bold.ttf'),
};
const allowedFiles = new Set(Object.values(fontFiles));

let pdfmake: Pdfmake | null = null;

function printer(): Pdfmake {
  if (!pdfmake) {
    pdfmake = require('pdfmake') as Pdfmake;
    pdfmake.setFonts({ DejaVuSans: fontFiles });
    pdfmake.setUrlAccessPolicy(() => false);
    pdfmake.setLocalAccessPolicy((file) => allowedFiles.has(path.resolve(file)));
  }
  return pdfmake;
}

/** Draws a document (A4, DejaVu Sans unless it says otherwise) into PDF bytes. */
export function renderPdf(definition: DocumentDefinition): Promise<Buffer> {
  const defaultStyle = { font: 'DejaVuSans', fontSize: 10, ...((definition.defaultStyle as object) ?? {}) };
  return printer()
    .createPdf({ pageSize: 'A4', ...definition, defaultStyle })
    .getBuffer();
}

/** A QR code of `text` as SVG (for pdfmake's svg element): vector, so it prints sharp at any size. */
export function qrSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 0, errorCorrectionLevel: 'M' });
}
