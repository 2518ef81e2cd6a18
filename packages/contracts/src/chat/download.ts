import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { chatId } from './message.ts';

export const chatDownload = defineEndpoint({
  id: 'chat.download',
  method: 'GET',
  path: '/api/chat/download.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    'An attachment of a chat message (`id`: `attachments[].id`), always as a download (Content-Disposition: attachment, nosniff; html, svg and other unknown types as application/octet-stream). Only for the sender and the recipients of the message: 404 for anyone else.',
  request: z.object({ id: chatId }),
  response: z.never(),
});

export const chatPhoto = defineEndpoint({
  id: 'chat.photo',
  method: 'GET',
  path: '/api/chat/photo.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    'A photo of a chat message (`id`: `attachments[].id`), inline when its bytes are a png, jpeg, webp or gif image (sent with that type and nosniff); anything else is sent as a download, as download.file does. Only for the sender and the recipients of the message: 404 for anyone else.',
  request: z.object({ id: chatId }),
  response: z.never(),
});

export function chatDownloadUrl(attachmentId: number): string {
  return `${chatDownload.path}?id=${attachmentId}`;
}

export function chatPhotoUrl(attachmentId: number): string {
  return `${chatPhoto.path}?id=${attachmentId}`;
}
