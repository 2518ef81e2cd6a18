/** What the interface shows about attached files: their kind (for the icon), a short name, a readable size. */

import { formatNumber } from './format';

export type FileKind = 'pdf' | 'sheet' | 'doc' | 'text' | 'slides' | 'other';

const kindByExtension: Record<string, FileKind> = {
  pdf: 'pdf',
  xls: 'sheet',
  xlsx: 'sheet',
  doc: 'doc',
  docx: 'doc',
  txt: 'text',
  ppt: 'slides',
  pptx: 'slides',
};

/** The extension of a file name, lower-cased, without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || dot === name.length - 1) return '';
  return name.slice(dot + 1).toLowerCase();
}

/** The kind of a file by its extension (spec: pdf, xls/xlsx, doc/docx, txt, ppt/pptx, other). */
export function fileKindOf(name: string): FileKind {
  return kindByExtension[extensionOf(name)] ?? 'other';
}

/** Spec section 9: file names are shown truncated to 20 characters. */
export const FILE_NAME_DISPLAY_LENGTH = 20;

/**
 * A name cut to at most `max` characters (whole characters, not UTF-16 halves), ending in an ellipsis when
 * something was cut (with no space before it).
 */
export function truncateName(name: string, max = FILE_NAME_DISPLAY_LENGTH): string {
  const characters = Array.from(name);
  if (characters.length <= max) return name;
  return `${characters
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/** Names joined by a separator on the wire (news and chat use ';!;'): the non-empty names, in order. */
export function splitFileNames(joined: string, separator = ';!;'): string[] {
  return joined.split(separator).filter((name) => name.trim() !== '');
}

/** Bytes in a megabyte, as config.json's maxUploadMb counts them. */
const MB = 1024 * 1024;

/** The files larger than the upload limit (config.json's maxUploadMb). */
export function oversizedFiles<F extends { size: number }>(files: readonly F[], maxUploadMb: number): F[] {
  return files.filter((file) => file.size > maxUploadMb * MB);
}

/**
 * A size for people: "512 B", "14 KB", "2,5 MB" (the figure in the reader's language, the unit from the catalogue of
 * the caller's).
 */
export function fileSizeParts(bytes: number): { value: string; unit: 'b' | 'kb' | 'mb' } {
  if (bytes < 1024) return { value: formatNumber(bytes), unit: 'b' };
  if (bytes < MB) return { value: formatNumber(Math.round(bytes / 1024)), unit: 'kb' };
  return { value: formatNumber(Math.round((bytes / MB) * 10) / 10), unit: 'mb' };
}
