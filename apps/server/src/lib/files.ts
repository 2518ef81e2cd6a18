import { open } from 'node:fs/promises';
import { extensionOf } from '@okuu/contracts/library/common';
import { fileNameSeparator } from '@okuu/contracts/news/news-item';

/**
 * File names and types, shared by every area that stores uploads (news, library, study materials): display names
 * made safe, the content type a download is sent with, and a look at the bytes where the type matters.
 */

/** Characters of a display name. */
export const fileNameMax = 200;

function clean(raw: string): string {
  return (raw.split(/[/\\]/).pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, '')
    .split(fileNameSeparator)
    .join('_')
    .replace(/\s+/gu, ' ')
    .replace(/^[.\s]+/u, '')
    .replace(/[.\s]+$/u, '')
    .normalize('NFC');
}

/**
 * A display name made safe: the last path segment only, no control or bidirectional-override characters, no
 * leading or trailing dots and spaces, whitespace collapsed, NFC, at most `fileNameMax` characters (the
 * extension kept), never empty. Applying it twice changes nothing.
 */
export function sanitizeFileName(raw: string): string {
  let name = raw;
  // Cleaning can expose more to clean (NFC after a removal, a dot after a cut): repeat until it settles.
  for (let round = 0, previous = ''; round < 5 && previous !== name; round++) {
    previous = name;
    name = clean(name);
    const chars = [...name];
    if (chars.length > fileNameMax) {
      const dot = name.lastIndexOf('.');
      const ext = dot > 0 ? [...name.slice(dot)] : [];
      const keep = ext.length > 0 && ext.length <= 16 ? ext : [];
      name = chars.slice(0, fileNameMax - keep.length).join('') + keep.join('');
    }
  }
  return name === '' ? 'file' : name;
}

/** Names made unique within one item: 'a.pdf', 'a (2).pdf', 'a (3).pdf'… */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) {
      const dot = name.lastIndexOf('.');
      const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
      candidate = sanitizeFileName(`${[...stem].slice(0, fileNameMax - ext.length - 8).join('')} (${n})${ext}`);
    }
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

const safeTypes: Record<string, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
};

/**
 * The content type a download is sent with, from the name's extension: a fixed list of harmless types, everything
 * else (html, svg, xml, js, unknown…) as application/octet-stream. The declared type of the upload is never used.
 */
export function downloadType(name: string): string {
  const dot = name.lastIndexOf('.');
  const ext = dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
  return safeTypes[ext] ?? 'application/octet-stream';
}

/** Whether a display name says PDF (the only type ever shown inline). */
export function isPdfName(name: string): boolean {
  return extensionOf(name) === 'pdf';
}

/** Whether the file at `path` starts like a PDF ('%PDF-'). */
export async function looksLikePdf(path: string): Promise<boolean> {
  const file = await open(path, 'r');
  try {
    const head = Buffer.alloc(5);
    const { bytesRead } = await file.read(head, 0, 5, 0);
    return bytesRead === 5 && head.toString('latin1') === '%PDF-';
  } finally {
    await file.close();
  }
}
