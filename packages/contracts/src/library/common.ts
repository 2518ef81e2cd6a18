import * as z from 'zod/mini';
import { int4 } from '../input-guard.ts';

/**
 * Building blocks shared by the library and the study-materials (UMK) contracts: ids as the spec's client sends them
 * (numbers, or digits in form fields), the dropdowns' "any" choice, form booleans, cleaned texts and the file types
 * accepted for upload.
 */

/** A database id: a positive whole number, or a string of digits (form fields are text). */
export const idInput = z.pipe(
  z.pipe(
    z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d{1,10}$/, 'must be a whole number'))]),
    z.transform(Number),
  ),
  z.number().check(z.int('must be a whole number'), z.gte(1, 'must be positive'), z.lte(int4.max, 'is too large')),
);

/** The id of a record to update, or -1 (the spec's marker of a new one). Absent means -1. */
export const idOrNew = z.pipe(
  z.pipe(
    z.optional(z.union([z.number(), z.string().check(z.trim(), z.regex(/^-?\d{1,10}$/, 'must be a whole number'))])),
    z.transform((v) => (v === undefined ? -1 : Number(v))),
  ),
  z.number().check(
    z.int('must be a whole number'),
    z.gte(-1, 'must be -1 (new) or an id'),
    z.lte(int4.max, 'is too large'),
    z.refine((v) => v !== 0, 'must be -1 (new) or an id'),
  ),
);

/**
 * A dropdown's choice used as a filter: an id, or -1 (the blank ' --- ' entry the web app adds), '' or nothing, all
 * meaning "any". Parsed to the id, or null for "any". (JSON null is refused, as everywhere.)
 */
export const anyId = z.pipe(
  z.pipe(
    z.pipe(
      z.optional(
        z.union([z.number(), z.string().check(z.trim(), z.regex(/^(-1|\d{1,10}|)$/, 'must be an id, or -1 for any'))]),
      ),
      z.transform((v) => (v === undefined || v === '' ? -1 : Number(v))),
    ),
    z.number().check(
      z.int('must be a whole number'),
      z.gte(-1, 'must be an id, or -1 for any'),
      z.lte(int4.max, 'is too large'),
      z.refine((v) => v !== 0, 'must be an id, or -1 for any'),
    ),
  ),
  z.transform((v) => (v === -1 ? null : v)),
);

/** A page number, 1 first. */
export const pageInput = z._default(
  z.pipe(
    z.pipe(
      z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d{1,6}$/, 'must be a whole number'))]),
      z.transform(Number),
    ),
    z.number().check(z.int('must be a whole number'), z.gte(1, 'starts at 1'), z.lte(100_000, 'is too large')),
  ),
  1,
);

/** A yes/no form field: true, false, 1, 0, on, off (or a JSON boolean). Absent is false. */
export const formFlag = z.pipe(
  z.optional(z.union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''], 'must be true or false')])),
  z.transform((v) => v === true || v === 'true' || v === '1' || v === 'on'),
);

/** Control characters other than line breaks and tabs are dropped; line breaks become \n; trimmed. */
export function cleanText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[^\P{Cc}\n\t]/gu, '')
    .trim();
}

/** One line of text: every control character dropped, whitespace runs collapsed to one space, trimmed. */
export function cleanLine(text: string): string {
  return text
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim();
}

/** A one-line text field of at most `max` characters; `required` refuses an empty one. */
export function lineField(max: number, required: boolean) {
  const text = z.pipe(z.string(), z.transform(cleanLine));
  return required
    ? z.pipe(text, z.string().check(z.minLength(1, 'is required'), z.maxLength(max, `is at most ${max} characters`)))
    : z._default(z.pipe(text, z.string().check(z.maxLength(max, `is at most ${max} characters`))), '');
}

/** A multi-line text field of at most `max` characters, empty when absent. */
export function textField(max: number) {
  return z._default(
    z.pipe(
      z.pipe(z.string(), z.transform(cleanText)),
      z.string().check(z.maxLength(max, `is at most ${max} characters`)),
    ),
    '',
  );
}

/** A page count: 0 (unknown) to 100,000. */
export const pagesInput = z.pipe(
  z.pipe(
    z.optional(z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d{0,6}$/, 'must be a whole number'))])),
    z.transform((v) => (v === undefined || v === '' ? 0 : Number(v))),
  ),
  z.number().check(z.int('must be a whole number'), z.gte(0, 'cannot be negative'), z.lte(100_000, 'is too large')),
);

/**
 * The file types the library and the study materials accept, by extension: documents, images and archives. Anything
 * else is refused with 415 (`unsupported_type`). Downloads are sent with the type of the extension and `nosniff`; only
 * PDFs are ever shown inline (the preview), never HTML or SVG.
 */
export const uploadExtensions = {
  documents: ['pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf', 'txt'],
  images: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
  archives: ['zip', 'rar', '7z'],
} as const;

export const allowedUploadExtensions: readonly string[] = [
  ...uploadExtensions.documents,
  ...uploadExtensions.images,
  ...uploadExtensions.archives,
];

/** The lower-case extension of a file name, '' when it has none. */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether a file of this name is accepted for upload. */
export function isAllowedUpload(name: string): boolean {
  return allowedUploadExtensions.includes(extensionOf(name));
}

/** A name in the three portal languages. */
export const localizedName = {
  name: z.string(),
  nameKg: z.string(),
  nameEn: z.string(),
};

/** A file a record carries, with the addresses to fetch it. */
export const fileInfo = z.object({
  /** Display name (sanitised at upload). */
  name: z.string(),
  /** Bytes. */
  size: z.number(),
  /** GET: the file as a download (Content-Disposition: attachment). */
  url: z.string(),
  /** GET: the file shown in the browser; only for PDFs, null otherwise. */
  previewUrl: z.nullable(z.string()),
});
export type FileInfo = z.infer<typeof fileInfo>;
