import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { chatId } from './message.ts';

export const chatRead = defineEndpoint({
  id: 'chat.read',
  method: 'POST',
  path: '/api/chat/read.json',
  access: 'authenticated',
  summary:
    "Mark message `id_message` read by the caller, who received it. `changed` is false when it was read already (or is the caller's own); `count` is the caller's unread total afterwards (one less when changed). Its sender is told (WebSocket 'read'). 404 for a message the caller neither sent nor received.",
  request: z.object({ ...callerEcho, id_message: chatId }),
  response: z.object({ id_message: z.number(), changed: z.boolean(), count: z.number() }),
});
