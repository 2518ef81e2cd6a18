import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';

export const qrTime = defineEndpoint({
  id: 'qr.time',
  method: 'GET',
  path: '/api/qr/time',
  access: 'authenticated',
  summary:
    "The server's clock (ISO time and epoch milliseconds), which decides a check-in token's 15 s step: the client's offset.",
  request: emptyRequest,
  response: z.object({ time: z.string(), ms: z.number() }),
});
