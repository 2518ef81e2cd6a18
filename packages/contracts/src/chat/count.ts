import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';

export const chatCount = defineEndpoint({
  id: 'chat.count',
  method: 'POST',
  path: '/api/chat/count.json',
  access: 'authenticated',
  summary: 'How many messages the caller has received and not read, from people and in group chats together.',
  request: z.object({ ...callerEcho }),
  response: z.object({ count: z.number() }),
});
