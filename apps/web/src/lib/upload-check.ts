import { allowedUploadExtensions, isAllowedUpload } from '@okuu/contracts/library/common';
import { useTranslation } from 'react-i18next';
import type { NamespaceWith } from './catalogues';
import { fileSizeParts } from './files';

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

/** The catalogues with the texts of a refused file (`form.tooBig`, `form.unsupportedType`). */
export type UploadCheckNamespace = NamespaceWith<{ form: { tooBig: string; unsupportedType: string } }>;

/** The catalogues with the size units (`size.b`, `size.kb`, `size.mb`). */
export type FileSizeNamespace = NamespaceWith<{ size: { b: string; kb: string; mb: string } }>;

/**
 * {@link uploadProblem} in words, from the caller's catalogue: the message for a file that cannot be uploaded,
 * undefined when it can.
 */
export function useUploadCheck(ns: UploadCheckNamespace, maxUploadMb: number | undefined) {
  const { t } = useTranslation(ns);
  return (file: File): string | undefined => {
    const problem = uploadProblem(file, maxUploadMb);
    if (problem === 'tooBig') return t('form.tooBig', { name: file.name, mb: maxUploadMb });
    if (problem === 'unsupportedType') return t('form.unsupportedType', { name: file.name });
    return undefined;
  };
}

/** A file's size as people read it ("2.5 MB"), in the units of the caller's catalogue. */
export function useFileSizeText(ns: FileSizeNamespace) {
  const { t } = useTranslation(ns);
  return (bytes: number): string => {
    const { value, unit } = fileSizeParts(bytes);
    return t(`size.${unit}`, { value });
  };
}
