import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { chatCursor, chatPage, conversationFields, oneOfGroupOrStream, oneOfGroupOrStreamMessage } from './message.ts';

export const chatNewMessages = defineEndpoint({
  id: 'chat.newMessages',
  method: 'POST',
  path: '/api/chat/new.json',
  access: 'authenticated',
  summary:
    "A conversation's messages newer than `id_last_message` (the newest one the client has; 0 for the start), oldest first, 20 at most, with the info record; `hasMore` says newer ones remain. The conversation is chosen as in messages.json. Append them.",
  request: z
    .object({ ...callerEcho, ...conversationFields, id_last_message: chatCursor })
    .check(z.refine(oneOfGroupOrStream, oneOfGroupOrStreamMessage)),
  response: chatPage,
});
