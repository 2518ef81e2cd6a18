import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { chatPage, conversationFields, oneOfGroupOrStream, oneOfGroupOrStreamMessage } from './message.ts';

export const chatMessages = defineEndpoint({
  id: 'chat.messages',
  method: 'POST',
  path: '/api/chat/messages.json',
  access: 'authenticated',
  summary:
    'The newest page (20) of a conversation, oldest first, with the info record: `[messages, [{unreades_start, unreades_total, hasMore}]]`; `hasMore` says older messages exist (load them with old.json). `id_to` is the other person, or -1 for the group chat (then `id_group` / `id_stream` as in group/messages.json). 404 when there is no such conversation for the caller (not a contact, and no messages between them). Nothing is marked read.',
  request: z
    .object({ ...callerEcho, ...conversationFields })
    .check(z.refine(oneOfGroupOrStream, oneOfGroupOrStreamMessage)),
  response: chatPage,
});
