import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { localizedName } from '../fields.ts';

// The sandbox card provider: the portal's own stand-in for a bank's acquiring, on only where asked for (or in the
// embedded demo); its payments are test payments. Its hosted card page
// (/lms/sandbox/pay/<session>) uses these calls; the session, in the page's address, is what lets the page in.

export const sandboxSession = z.string().check(z.regex(/^[A-Za-z0-9_-]{32}$/, 'invalid_format'));

export const sandboxStatuses = ['open', 'code_required', 'paid', 'declined', 'expired'] as const;
export type SandboxStatus = (typeof sandboxStatuses)[number];

/** The test cards of the sandbox: any future expiry date and any three-digit CVC. */
export const sandboxCards = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  asksCode: '4000000000003220',
} as const;

/** The confirmation code the sandbox accepts for the card that asks for one. */
export const sandboxConfirmationCode = '123456';

/** Wrong confirmation codes before the payment is declined. */
export const sandboxCodeAttempts = 3;

/** A card number as typed: spaces and dashes dropped, then 12 to 19 digits. The card page checks with this too. */
export const cardNumberInput = z.pipe(
  z.pipe(
    z.string(),
    z.transform((v) => v.replace(/[\s-]/g, '')),
  ),
  z.string().check(z.regex(/^\d{12,19}$/, 'invalid_format')),
);
export const cardNumberMaxDigits = 19;

/** The expiry month and year as MM/YY; typed as MMYY or with spaces it is read the same ('1229' is 12/29). */
export const expiryInput = z.pipe(
  z.pipe(
    z.string(),
    z.transform((v) => v.replace(/\s/g, '').replace(/^(\d{2})(\d{2})$/, '$1/$2')),
  ),
  z.string().check(z.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'invalid_format')),
);

export const cvcInput = z.string().check(z.regex(/^\d{3}$/, 'invalid_format'));

/** The confirmation code as the card page sends it. */
export const confirmationCodeInput = z.string().check(z.regex(/^\d{4,8}$/, 'invalid_format'));

const checkoutView = z.object({
  status: z.enum(sandboxStatuses),
  merchant: z.string(),
  /** Tyiyn. */
  amount: z.number(),
  currency: z.literal('KGS'),
  description: z.object(localizedName),
  orderId: z.string(),
  /** Where the page sends the payer when done. */
  returnUrl: z.string(),
  /** Confirmation codes left (for the card that asks for one). */
  attemptsLeft: z.number(),
});
export type SandboxCheckout = z.infer<typeof checkoutView>;

export const sandboxCheckout = defineEndpoint({
  id: 'payment.sandboxCheckout',
  method: 'GET',
  path: '/api/payment/sandbox/checkout.json',
  access: 'public',
  summary:
    "The sandbox card page's order: merchant, amount, description, status and the address to return to. 404 for an unknown session, or when the sandbox provider is not the configured one.",
  request: z.object({ session: sandboxSession }),
  response: checkoutView,
});

export const sandboxPay = defineEndpoint({
  id: 'payment.sandboxPay',
  method: 'POST',
  path: '/api/payment/sandbox/pay.json',
  access: 'public',
  summary: `Pay the sandbox order by card. Test cards: ${sandboxCards.succeeds} succeeds, ${sandboxCards.declined} is declined, ${sandboxCards.asksCode} asks for a confirmation code (${sandboxConfirmationCode}; ${sandboxCodeAttempts} tries); any other number (12 to 19 digits, spaces and dashes allowed) is declined. Expiry MM/YY (or MMYY) not in the past, CVC three digits. The sandbox then notifies the portal by its signed callback (server to server) and answers the new status. 409 when the order is no longer open.`,
  request: z.object({
    session: sandboxSession,
    cardNumber: cardNumberInput,
    expiry: expiryInput,
    cvc: cvcInput,
  }),
  response: checkoutView,
});

export const sandboxConfirm = defineEndpoint({
  id: 'payment.sandboxConfirm',
  method: 'POST',
  path: '/api/payment/sandbox/confirm.json',
  access: 'public',
  summary: `Send the confirmation code the sandbox asked for (${sandboxConfirmationCode}). A wrong code leaves fewer tries (400 \`wrong_code\` with the order in \`data\`); after ${sandboxCodeAttempts} the payment is declined. 409 when no code is awaited.`,
  request: z.object({
    session: sandboxSession,
    code: confirmationCodeInput,
  }),
  response: checkoutView,
});
