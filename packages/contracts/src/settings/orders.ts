import * as z from 'zod/mini';
import { defineEndpoint, emptyRequest } from '../endpoint.ts';
import { wholeNumber } from '../fields.ts';

/** How long a reference order may wait before staff are notified (hours): the bounds a setting may take. */
export const orderWaitingLimits = { min: 1, max: 720, byDefault: 24 } as const;

export const orderWaitingSettings = defineEndpoint({
  id: 'settings.orderWaiting',
  method: 'POST',
  path: '/api/staff/settings/order-waiting.json',
  access: 'staff',
  summary:
    'How many hours a reference order may wait in its first status before staff are notified of it (once per order).',
  request: emptyRequest,
  response: z.object({ hours: z.number() }),
});

export const orderWaitingSave = defineEndpoint({
  id: 'settings.orderWaitingSave',
  method: 'POST',
  path: '/api/staff/settings/order-waiting-save.json',
  access: 'staff',
  audit: ['settings.orderWaiting'],
  summary: `Sets how many hours (\`hours\`, ${orderWaitingLimits.min}–${orderWaitingLimits.max}) a reference order may wait before staff are notified; orders already announced are not announced again.`,
  request: z.object({ hours: wholeNumber(orderWaitingLimits.min, orderWaitingLimits.max) }),
  response: z.object({ hours: z.number() }),
});
