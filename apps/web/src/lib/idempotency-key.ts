/**
 * A key for one write (the Idempotency-Key header, or a payment's key): 128 random bits in hex, made once per attempt
 * and sent again with its retries, so that a retry, whichever instance it reaches, is the same write. (Not
 * crypto.randomUUID: it exists only on secure pages, and a portal reached over plain HTTP on a campus network must
 * still send one.)
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
