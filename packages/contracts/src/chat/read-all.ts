import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { groupChatFields, oneOfGroupOrStream, oneOfGroupOrStreamMessage, peerId } from './message.ts';

export const chatReadAll = defineEndpoint({
  id: 'chat.readAll',
  method: 'POST',
  path: '/api/chat/readall.json',
  access: 'authenticated',
  summary:
    "Mark every message the caller received read; or, with `id_to` (and `id_group` / `id_stream` for the group chat, as in messages.json), only those of that conversation. `marked` is how many changed; `count` the caller's unread total afterwards (0 without `id_to`). The senders are told (WebSocket 'read').",
  request: z
    .object({ ...callerEcho, id_to: z.optional(peerId), ...groupChatFields })
    .check(z.refine(oneOfGroupOrStream, oneOfGroupOrStreamMessage)),
  response: z.object({ marked: z.number(), count: z.number() }),
});
