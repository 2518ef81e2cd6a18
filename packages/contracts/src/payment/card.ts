import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';
import { amountInput, payment } from './payment.ts';

/** A key the web app makes once per payment attempt: a repeated call with it is the same payment. */
export const idempotencyKey = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'invalid_format'));

export const payByCard = defineEndpoint({
  id: 'payment.payByCard',
  method: 'POST',
  path: '/misc/paybycard.json',
  access: 'student',
  summary:
    "Start a card payment for service `id_uslug` in academic year `id_year`, for `amount` tyiyn (its price when fixed; in its bounds when editable: 400 otherwise). The amount, the service and the payment code are fixed on the server here. `idempotencyKey` (one per attempt, made by the web app): the same key again answers the same payment (a double click or a retried request is one payment); the same key with another service, year or amount is 409. A new key while the student's card payment for the same service, year and amount is still open answers that payment again (one attempt, not one per click). Answers the pending payment and the address of the provider's card page, which sends the payer back to /lms/paymentcode?payment=<id>. 409 `card_payments_off` when the installation takes no card payments (config.json's `cardPayments` is false).",
  request: z.object({
    ...callerEcho,
    id_year: idInput,
    id_uslug: idInput,
    amount: amountInput,
    idempotencyKey,
  }),
  response: z.object({
    payment,
    /** The provider's card page; null when the payment is no longer pending (a repeated call after it ended). */
    redirectUrl: z.nullable(z.string()),
  }),
});
