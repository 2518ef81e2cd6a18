import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { allowedUploadExtensions, isAllowedUpload } from '@okuu/contracts/library/common';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { downloadType, isPdfName, looksLikePdf, sanitizeFileName } from './files.ts';
import { FileReply, type UploadedFile } from './replies.ts';
import { apiHeaders, pdfPreviewPolicy } from './security-headers.ts';
import type { Storage } from './storage.ts';
import { validationError } from './validation.ts';

/**
 * Single-file uploads of the library and the study materials: which part is the file, its safe display name, the
 * type rules (documents, images, archives; a .pdf must be a PDF), storage under a generated key, and the replies that
 * send it back (a download, or the inline preview of a PDF).
 */

export interface AcceptedUpload {
  file: UploadedFile;
  /** The sanitised display name. */
  name: string;
}

/**
 * The one file of a form, or null when none was sent (a file input left empty, with no name and no bytes, counts as
 * none). `displayName` (the form's fileName field) replaces the part's own name when given. Refuses more than one
 * file (400) and types outside the accepted list (415).
 */
export async function acceptUpload(uploads: UploadedFile[], displayName?: string): Promise<AcceptedUpload | null> {
  const files = uploads.filter((f) => f.fileName || f.size > 0);
  if (files.length === 0) return null;
  if (files.length > 1) throw validationError([{ path: ['files'], rule: 'too_many', params: { max: 1 } }]);
  const file = files[0] as UploadedFile;
  const name = sanitizeFileName(displayName?.trim() ? displayName : file.fileName || '');
  if (!isAllowedUpload(name)) {
    throw new AppError(
      'unsupported_type',
      `Files of this type are not accepted. Upload a document, an image or an archive: ${allowedUploadExtensions.join(', ')}.`,
    );
  }
  if (isPdfName(name) && !(await looksLikePdf(file.tempPath))) {
    throw new AppError('unsupported_type', 'The file is named .pdf but is not a PDF document.');
  }
  return { file, name };
}

/** The top-level storage folders of uploads: `tmp` for files being written, then one per area. */
export const uploadAreas = ['tmp', 'news', 'chat', 'library', 'umk', 'testing'] as const;

/** An upload written under a temporary key, and the key it gets once its row commits. */
export interface StagedUpload {
  tempKey: string;
  key: string;
  size: number;
}

/**
 * Writes a received file under a temporary key (`tmp/<32 hex>`), to be moved to `key` (`<area>/…/<32 hex>`) inside
 * the transaction that writes its row. A crash leaves a file under tmp/ (or one no row names), which the orphan sweep
 * removes after an hour.
 */
export async function stageUpload(storage: Storage, tempPath: string, keyPrefix: string): Promise<StagedUpload> {
  const tempKey = `tmp/${randomBytes(16).toString('hex')}`;
  const size = await storage.put(tempKey, createReadStream(tempPath));
  return { tempKey, key: `${keyPrefix}/${randomBytes(16).toString('hex')}`, size };
}

/**
 * Stages uploads, runs `commit` (the transaction writing their rows; it calls the `promote` it is given as its last
 * step with that transaction, moving the files to their keys: with the database storage the move commits with the
 * rows), and cleans up: on failure the staged files go, and the moved ones too unless
 * the failure came after the move (the commit's outcome is then unknown: the orphan sweep decides by the rows).
 */
export async function commitUploads<T>(
  storage: Storage,
  files: { tempPath: string; keyPrefix: string }[],
  commit: (staged: StagedUpload[], promote: (tx: Db) => Promise<void>) => Promise<T>,
): Promise<T> {
  const staged: StagedUpload[] = [];
  let promoted = false;
  try {
    for (const f of files) staged.push(await stageUpload(storage, f.tempPath, f.keyPrefix));
    return await commit(staged, async (tx) => {
      for (const s of staged) await storage.move(s.tempKey, s.key, tx);
      promoted = true;
    });
  } catch (err) {
    await Promise.allSettled(staged.map((s) => storage.delete(s.tempKey)));
    if (!promoted) await Promise.allSettled(staged.map((s) => storage.delete(s.key)));
    throw err;
  }
}

export type FileMode = 'download' | 'preview';

/**
 * The reply for a stored file. A download is always an attachment. The preview shows a PDF inline (application/pdf,
 * nosniff) and lets the portal's own pages frame it; anything else goes out as the download. Attachments other than
 * PDFs also carry a `sandbox` policy, in case a browser renders one anyway. (A sandbox on the PDF itself would stop
 * Chrome's and Safari's built-in viewers, so the inline PDF gets the portal's page policy with frame-ancestors 'self'.)
 */
export function fileReply(file: { stream: Readable; size: number }, name: string, mode: FileMode): FileReply {
  const pdf = isPdfName(name);
  const inline = mode === 'preview' && pdf;
  const policy = inline ? pdfPreviewPolicy : pdf ? null : `${apiHeaders['content-security-policy']};sandbox`;
  return new FileReply(file.stream, file.size, downloadType(name), name, inline ? 'inline' : 'attachment', {
    ...(policy ? { 'content-security-policy': policy } : {}),
  });
}
