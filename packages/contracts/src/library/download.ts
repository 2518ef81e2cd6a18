import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

export const bookDownload = defineEndpoint({
  id: 'library.download',
  method: 'GET',
  path: '/api/library/download.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    'The file of book `id`, as a download (attachment, nosniff), for any signed-in user. 404 when there is no such book or it has no file.',
  request: z.object({ id: idInput }),
  response: z.never(),
});

export const bookPreview = defineEndpoint({
  id: 'library.preview',
  method: 'GET',
  path: '/api/library/preview.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    "The file of book `id` for viewing in the browser: a PDF is sent inline as application/pdf (nosniff; it may be framed by the portal's own pages); any other file exactly as the download, as an attachment. Never HTML or SVG inline.",
  request: z.object({ id: idInput }),
  response: z.never(),
});

export function bookDownloadUrl(id: number): string {
  return `${bookDownload.path}?id=${id}`;
}

export function bookPreviewUrl(id: number): string {
  return `${bookPreview.path}?id=${id}`;
}
