import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { chatId, chatPage, conversationFields, oneOfGroupOrStream, oneOfGroupOrStreamMessage } from './message.ts';

export const chatOldMessages = defineEndpoint({
  id: 'chat.oldMessages',
  method: 'POST',
  path: '/api/chat/old.json',
  access: 'authenticated',
  summary:
    "A conversation's 20 messages just older than `id_top_message` (the oldest one the client has), oldest first, with the info record; `hasMore` says older ones remain. The conversation is chosen as in messages.json. Prepend them.",
  request: z
    .object({ ...callerEcho, ...conversationFields, id_top_message: chatId })
    .check(z.refine(oneOfGroupOrStream, oneOfGroupOrStreamMessage)),
  response: chatPage,
});
