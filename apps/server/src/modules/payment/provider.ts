import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { invalidInput, validationError } from '../../lib/validation.ts';

/**
 * Card payments go through a provider adapter, chosen by configuration (PAYMENT_PROVIDER). The adapter opens the
 * provider's card page for a payment and reads the provider's signed notifications. A bank's acquiring plugs in as
 * another adapter with the same two duties.
 */
export interface CardProvider {
  /** The name payments record as their provider. */
  readonly name: string;
  /** A test provider (the sandbox): its payments move no money, are marked as tests and never count as paid. */
  readonly test: boolean;
  /** Opens the card page of a payment; answers the provider's reference and the page's address. */
  createCheckout(order: CheckoutOrder): Promise<{ providerRef: string; redirectUrl: string }>;
  /** The card page of a checkout made before (a repeated request of the same payment). */
  checkoutUrl(providerRef: string): string;
  /** Checks a notification's signature and reads its event; 403 for a forged one, 400 for a malformed one. */
  readCallback(body: { data: string; signature: string }): CallbackEvent;
}

export interface CheckoutOrder {
  orderId: string;
  /** Tyiyn. */
  amount: number;
  description: { name: string; nameKg: string; nameEn: string };
  /** Where the card page sends the payer when done. */
  returnUrl: string;
}

/** A provider's notification, as the callback's `data` carries it (base64url JSON). */
export const callbackEvent = z.object({
  eventId: z.string().min(1).max(100),
  type: z.enum(['payment.succeeded', 'payment.failed', 'transfer.received']),
  /** The portal's payment id (card payments). */
  orderId: z.string().max(20).optional(),
  providerRef: z.string().min(1).max(100),
  amount: z.number().int().positive(),
  currency: z.literal('KGS'),
  /** The payment code a transfer was made with. */
  paymentCode: z.string().max(20).optional(),
  reason: z.string().max(100).optional(),
  occurredAt: z.iso.datetime(),
});
export type CallbackEvent = z.infer<typeof callbackEvent>;

export function sign(secret: string, data: string): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** A notification as a provider sends it: the event as base64url JSON and its HMAC-SHA-256. */
export function signCallback(secret: string, event: CallbackEvent): { data: string; signature: string } {
  const data = Buffer.from(JSON.stringify(event)).toString('base64url');
  return { data, signature: sign(secret, data) };
}

/** Reads a notification signed with `secret` (constant-time comparison). */
export function verifyCallback(secret: string, body: { data: string; signature: string }): CallbackEvent {
  const expected = Buffer.from(sign(secret, body.data), 'hex');
  const given = Buffer.from(body.signature, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError('forbidden', 'The signature of the notification does not match.');
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body.data, 'base64url').toString('utf8'));
  } catch {
    throw validationError([{ path: ['data'], rule: 'invalid_format' }]);
  }
  const event = callbackEvent.safeParse(decoded);
  if (!event.success) {
    throw invalidInput(event.error.issues.map((issue) => ({ ...issue, path: ['data', ...issue.path] })));
  }
  return event.data;
}
