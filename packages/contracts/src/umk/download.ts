import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

export const umkDownload = defineEndpoint({
  id: 'umk.download',
  method: 'GET',
  path: '/api/umk/download.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    'The file of study material `id`, as a download (attachment, nosniff). Teachers and staff get any material; a student only the materials listed for them (getumklistforstud); anything else is 404.',
  request: z.object({ id: idInput }),
  response: z.never(),
});

export const umkPreview = defineEndpoint({
  id: 'umk.preview',
  method: 'GET',
  path: '/api/umk/preview.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    "The file of study material `id` for viewing in the browser, to the same callers as the download: a PDF inline as application/pdf (nosniff; it may be framed by the portal's own pages), any other file as an attachment.",
  request: z.object({ id: idInput }),
  response: z.never(),
});

export function umkDownloadUrl(id: number): string {
  return `${umkDownload.path}?id=${id}`;
}

export function umkPreviewUrl(id: number): string {
  return `${umkPreview.path}?id=${id}`;
}
