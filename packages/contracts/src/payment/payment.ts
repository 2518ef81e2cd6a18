import * as z from 'zod/mini';
import { localizedName } from '../fields.ts';

/** Money is kept in tyiyn (1/100 som), integers only. */
export const tyiynPerSom = 100;

/** Limits shared by the server (enforced) and the web app (hinted). */
export const paymentLimits = {
  /** The largest amount of one payment, in tyiyn (1,000,000 som). */
  maxAmount: 100_000_000,
  /** Payments per page of a list. */
  pageSize: 50,
  /** Rows in one staff export. */
  exportMax: 50_000,
} as const;

export const paymentMethods = ['bank', 'card'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/**
 * pending: a card payment on its way; partial: bank transfers arrived that add up to less than the amount due (later
 * ones with the same payment code add to it); paid; failed; expired: a card payment never finished.
 */
export const paymentStatuses = ['pending', 'partial', 'paid', 'failed', 'expired'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** An amount in tyiyn: a whole number from 1 to the limit (a string of digits is accepted too). */
export const amountInput = z.pipe(
  z.pipe(z.union([z.number(), z.string().check(z.trim(), z.regex(/^\d{1,12}$/, 'not_integer'))]), z.transform(Number)),
  z.number().check(z.int('not_integer'), z.gte(1), z.lte(paymentLimits.maxAmount)),
);

/** A paid service (spec: uslugi): its price, and whether the payer may change the amount, within which bounds. */
export const paidService = z.object({
  id: z.number(),
  ...localizedName,
  /** Tyiyn. */
  price: z.number(),
  amountEditable: z.boolean(),
  /** Tyiyn; equal to the price when the amount is fixed. */
  minAmount: z.number(),
  maxAmount: z.number(),
});
export type PaidService = z.infer<typeof paidService>;

/** Whether `amount` (tyiyn) may be paid for `service`. */
export function amountAllowed(
  service: Pick<PaidService, 'price' | 'amountEditable' | 'minAmount' | 'maxAmount'>,
  amount: number,
): boolean {
  if (!Number.isInteger(amount)) return false;
  return service.amountEditable ? amount >= service.minAmount && amount <= service.maxAmount : amount === service.price;
}

const named = z.object({ id: z.number(), ...localizedName });

/** A payment as its payer sees it. */
export const payment = z.object({
  id: z.number(),
  /** Tyiyn due: what was charged to the card, or what the service asks of a bank transfer. */
  amount: z.number(),
  /**
   * Tyiyn that arrived: a paid card payment's amount; the sum of the bank transfers made with the code (less than
   * `amount` while partial; more is a surplus).
   */
  received: z.number(),
  /** Made through the test provider (the sandbox): no money moved; never counted as paid. */
  test: z.boolean(),
  /** ISO 4217 alphabetic code: always KGS (som). */
  currency: z.literal('KGS'),
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  /** The payment code (nine digits) the payment was made with. */
  code: z.string(),
  service: named,
  year: z.object({ id: z.number(), name: z.string() }),
  /** The provider's reference of the transaction, once it has one. */
  providerRef: z.nullable(z.string()),
  /** Why a failed payment failed ('declined', 'wrong_code'…), else null. */
  failureReason: z.nullable(z.string()),
  /** ISO 8601, UTC. */
  created: z.string(),
  updated: z.string(),
  paidAt: z.nullable(z.string()),
  /** GET: the receipt (PDF) of a paid payment (test payments' say so), else null. */
  receiptUrl: z.nullable(z.string()),
});
export type Payment = z.infer<typeof payment>;

/** A payment as staff see it: with its payer. */
export const staffPayment = z.extend(payment, {
  student: z.object({ id: z.number(), fullName: z.string(), group: z.nullable(z.string()) }),
});
export type StaffPayment = z.infer<typeof staffPayment>;
