import { allowedUploadExtensions, isAllowedUpload } from '@okuu/contracts/library/common';

/** Bytes in a megabyte, as config.json's maxUploadMb counts them. */
const MB = 1024 * 1024;

/** The `accept` of a file input for the study materials and the library: documents, PDF, images and archives. */
export const acceptedUploads = allowedUploadExtensions.map((extension) => `.${extension}`).join(',');

/** The accepted extensions, for a hint ("pdf, doc, …"). */
export const acceptedExtensions: readonly string[] = allowedUploadExtensions;

/** Why a file cannot be uploaded: a type the server refuses, or over config.json's limit. */
export type UploadProblem = 'unsupportedType' | 'tooBig';

/**
 * Checks a picked file before anything is sent: its type (by extension, as the server decides) and its size against
 * config.json's `maxUploadMb` (not checked while the limit is unknown). Null when it can be uploaded.
 */
export function uploadProblem(
  file: { name: string; size: number },
  maxUploadMb: number | undefined,
): UploadProblem | null {
  if (!isAllowedUpload(file.name)) return 'unsupportedType';
  if (maxUploadMb !== undefined && file.size > maxUploadMb * MB) return 'tooBig';
  return null;
}
