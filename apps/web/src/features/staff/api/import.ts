import { type ImportKind, importCheck, importStart, importStatus, importTemplate } from '@okuu/contracts/staff/import';
import { callApi } from '../../../lib/api';
import { uploadForm } from '../../../lib/upload';

/** The template's download address. */
export const templateUrl = (kind: ImportKind, format: 'csv' | 'xlsx') =>
  `${importTemplate.path}?${new URLSearchParams({ kind, format })}`;

function form(kind: ImportKind, file: File): FormData {
  const body = new FormData();
  body.append('kind', kind);
  body.append('files', file, file.name);
  return body;
}

/** The dry run: the report, nothing changed. */
export const checkImport = (kind: ImportKind, file: File) => uploadForm(importCheck, form(kind, file));

/** Starts the import (when the file is clean): its job id, or null and the report. */
export const startImport = (kind: ImportKind, file: File) =>
  uploadForm(importStart, form(kind, file), { idleTimeoutMs: 120_000 });

export const importJobStatus = (job: string) => callApi(importStatus, { job });
