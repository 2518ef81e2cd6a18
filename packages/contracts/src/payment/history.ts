import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';
import { payment } from './payment.ts';

export const paymentHistory = defineEndpoint({
  id: 'payment.history',
  method: 'POST',
  path: '/api/payment/history.json',
  access: 'student',
  summary:
    "The calling student's payments, newest first (at most 200), with their statuses; a pending card payment older than the configured time shows as expired. Paid ones carry the address of their receipt.",
  request: z.object({ ...callerEcho }),
  response: z.array(payment),
});

export const paymentStatus = defineEndpoint({
  id: 'payment.status',
  method: 'GET',
  path: '/api/payment/status.json',
  access: 'student',
  summary:
    "One of the calling student's payments, `id` (404 for another's): what the portal shows after the card page sends the payer back, asked again while it is pending.",
  request: z.object({ id: idInput }),
  response: payment,
});

export const paymentReceipt = defineEndpoint({
  id: 'payment.receipt',
  method: 'GET',
  path: '/api/payment/receipt.file',
  access: 'authenticated',
  replyKind: 'file',
  summary:
    'The receipt of paid payment `id` as a PDF (attachment), in language `lang` (ru, kg or en; default ru): to the student who paid it and to staff; 404 for anyone else and for a payment that is not paid.',
  request: z.object({ id: idInput, lang: z._default(z.enum(['ru', 'kg', 'en']), 'ru') }),
  response: z.never(),
});

export function receiptUrl(id: number, lang?: 'ru' | 'kg' | 'en'): string {
  return `${paymentReceipt.path}?id=${id}${lang ? `&lang=${lang}` : ''}`;
}
