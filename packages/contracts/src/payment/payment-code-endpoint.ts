import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { anyId, idInput } from '../fields.ts';
import { amountInput, paidService } from './payment.ts';

/** The payment QR: the ELQR payload (the part after '#') and the link made with the configured prefix. */
export const paymentQr = z.object({
  payload: z.string(),
  link: z.string(),
});

export const paymentCode = defineEndpoint({
  id: 'payment.code',
  method: 'POST',
  path: '/misc/paymentcode.json',
  access: 'student',
  summary:
    "The caller's payment code for service `id_uslug` in academic year `id_year`: nine digits, the last a Damm check digit, the same every time it is asked for. `id_student` and `id_group`, when sent, must be the caller's own (403 otherwise). `amount` (tyiyn) defaults to the service's price; a service whose amount is fixed takes only its price, an editable one any amount in its bounds (400 otherwise). Answers the code and the payment QR for that amount: the ELQR payload (EMV-style fields, SHA-256 check in field 63) and the link made with the configured prefix.",
  request: z.object({
    ...callerEcho,
    id_year: idInput,
    id_uslug: idInput,
    id_group: anyId,
    id_student: anyId,
    amount: z.optional(amountInput),
  }),
  response: z.object({
    code: z.string(),
    service: paidService,
    year: z.object({ id: z.number(), name: z.string() }),
    /** Tyiyn. */
    amount: z.number(),
    qr: paymentQr,
  }),
});
