/**
 * Payment codes: eight digits and a Damm check digit, nine in all ('123 456 789' on screen). The Damm check catches
 * every single mistyped digit and every swap of two neighbouring digits (payment-code.test.ts proves both over the
 * whole table). No imports: the web app uses this to check a typed code.
 */

/** Damm's totally anti-symmetric quasigroup of order 10 (Damm 2004). */
const dammTable: readonly (readonly number[])[] = [
  [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
  [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
  [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
  [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
  [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
  [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
  [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
  [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
  [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
  [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
];

/** The table, for the test that proves its properties. */
export const dammQuasigroup = dammTable;

/** The Damm interim digit of a string of digits (0 for a valid code that ends in its check digit). */
export function dammInterim(digits: string): number {
  let interim = 0;
  for (const ch of digits) interim = (dammTable[interim] as readonly number[])[ch.charCodeAt(0) - 48] as number;
  return interim;
}

/** The check digit to append to `digits`. */
export function dammCheckDigit(digits: string): number {
  return dammInterim(digits);
}

export const paymentCodeLength = 9;
const bodyLength = paymentCodeLength - 1;

/** A code from its eight-digit body (the first digit not 0). */
export function paymentCodeOf(body: string): string {
  if (!new RegExp(`^[1-9]\\d{${bodyLength - 1}}$`).test(body)) throw new Error('A payment code body is 8 digits');
  return `${body}${dammCheckDigit(body)}`;
}

/** A code as people type it ('123 456 789', '123-456-789') as its nine digits: spaces and dashes dropped. */
export function normalizePaymentCode(text: string): string {
  return text.replace(/[\s\u2010-\u2015\u2212-]+/g, '');
}

/** Whether a string (spaces and dashes allowed) is a well-formed payment code whose check digit matches. */
export function isPaymentCode(text: string): boolean {
  const digits = normalizePaymentCode(text);
  return new RegExp(`^[1-9]\\d{${paymentCodeLength - 1}}$`).test(digits) && dammInterim(digits) === 0;
}

/** '123456789' -> '123 456 789'. */
export function formatPaymentCode(code: string): string {
  return code.replace(/(\d{3})(?=\d)/g, '$1 ');
}
