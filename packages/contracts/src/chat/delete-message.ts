import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { chatId } from './message.ts';

export const chatDeleteMessage = defineEndpoint({
  id: 'chat.deleteMessage',
  method: 'POST',
  path: '/api/chat/deletemessage.json',
  access: 'authenticated',
  summary:
    "Delete message `id_message` with its attachments, for everyone. Only its author may: 403 for another participant, 404 for a message the caller neither sent nor received. `uid` (the spec's author id) is accepted and ignored: the session decides. Everyone concerned is told (WebSocket 'delete').",
  request: z.object({
    id_message: chatId,
    uid: z.optional(z.union([z.number(), z.string()])),
    role: z.optional(z.union([z.number(), z.string()])),
  }),
  response: z.object({ id_message: z.number(), deleted: z.literal(true) }),
});
