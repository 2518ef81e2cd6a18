import * as z from 'zod/mini';

/** What the library and the study materials (UMK) share: the file types accepted for upload, and a record's file. */

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
