import * as z from 'zod/mini';
import { localizedName } from '../fields.ts';

/**
 * A reference-document order and its statuses (spec: Single-window). An order waits, is being prepared, and is
 * prepared (the document is issued: it gets a number, a date and a verification code), or is canceled on the way.
 */
export const orderStatuses = ['waiting', 'preparing', 'prepared', 'canceled'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/**
 * The status machine, the same on the server (enforced, also by the database) and in the web app (which offers only
 * these moves): nothing leaves 'prepared' or 'canceled', and 'prepared' is reached only through 'preparing'.
 */
export const orderTransitions: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  waiting: ['preparing', 'canceled'],
  preparing: ['prepared', 'canceled'],
  prepared: [],
  canceled: [],
};

/** Whether an order may go from `from` to `to`. */
export function canMoveOrder(from: OrderStatus, to: OrderStatus): boolean {
  return orderTransitions[from].includes(to);
}

/** A student cancels their own order only while it waits; staff may also cancel one being prepared. */
export const studentCancellable: readonly OrderStatus[] = ['waiting'];

/** Limits of the single window, shared by the server (enforced) and the web app (hinted). */
export const orderLimits = {
  /** Orders a student may have waiting or being prepared at once. */
  openPerStudent: 10,
  /** Orders per page of the staff queue. */
  pageSize: 30,
} as const;

const named = z.object({ id: z.number(), ...localizedName });

export const order = z.object({
  id_order: z.number(),
  status: z.enum(orderStatuses),
  /** ISO 8601, UTC: when the order was placed, and when its status last changed. */
  created: z.string(),
  updated: z.string(),
  document: named,
  region: named,
  district: named,
  /** The spec's naznachenie. */
  purpose: named,
  /** The issued document's number, date (ISO 8601, UTC) and verification code: set once it is prepared. */
  number: z.nullable(z.string()),
  issued: z.nullable(z.string()),
  verificationCode: z.nullable(z.string()),
  /** GET: the issued document as a PDF (once prepared), for its student and for staff. */
  documentUrl: z.nullable(z.string()),
});
export type Order = z.infer<typeof order>;

/** An order as staff see it in the queue: with the student who placed it. */
export const queuedOrder = z.extend(order, {
  student: z.object({ id: z.number(), fullName: z.string(), group: z.nullable(z.string()) }),
});
export type QueuedOrder = z.infer<typeof queuedOrder>;

/**
 * The verification code printed on an issued document: 12 characters of Crockford's base32 (no I, L, O or U), in
 * three groups of four. Typed codes are read as normalizeVerificationCode reads them.
 */
export const verificationCodePattern = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/**
 * A typed verification code as printed: in any case, with or without dashes, with spaces anywhere, and with the
 * letters Crockford's base32 reads as digits (O as 0; I and L as 1). Anything else is left as typed, to be refused.
 */
export function normalizeVerificationCode(typed: string): string {
  const plain = typed
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015]/g, '')
    .replace(/O/g, '0')
    .replace(/[IL]/g, '1');
  return /^[0-9A-Z]{12}$/.test(plain) ? `${plain.slice(0, 4)}-${plain.slice(4, 8)}-${plain.slice(8)}` : typed.trim();
}

/** Where the public page that confirms a document lives (spec: public base /lms/public). */
export function verificationPagePath(code: string): string {
  return `/lms/public/verify/${encodeURIComponent(code)}`;
}
