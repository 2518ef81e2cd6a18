import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';

export const callbackOutcomes = ['applied', 'duplicate', 'ignored'] as const;

export const paymentCallback = defineEndpoint({
  id: 'payment.callback',
  method: 'POST',
  path: '/api/payment/callback.json',
  access: 'public',
  summary:
    "The payment provider's notification, server to server (no cookie, no browser Origin): `data`, the event as base64url JSON ({eventId, type: payment.succeeded | payment.failed | transfer.received, orderId, providerRef, amount in tyiyn, currency KGS, paymentCode for transfers, reason, occurredAt}), and `signature`, hex HMAC-SHA-256 of `data` with the configured secret. A bad signature is 403 and changes nothing; an event older than 10 minutes is refused (400); an event seen before answers 'duplicate' and changes nothing; an amount or currency that differs from the payment's is refused (409). A paid payment never changes again.",
  request: z.object({
    data: z.string().check(z.minLength(1, 'required'), z.maxLength(8192)),
    signature: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'invalid_format')),
  }),
  response: z.object({ outcome: z.enum(callbackOutcomes) }),
});
