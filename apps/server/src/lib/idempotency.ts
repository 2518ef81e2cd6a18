import type { Db } from '../db/client.ts';

/**
 * What a create call needs to be safe to retry: `remember` writes its reply, inside the transaction that creates, under
 * the caller's `Idempotency-Key` (a no-op when the request had none).
 */
export type Remember = (tx: Db, reply: unknown) => Promise<void>;

export const rememberNothing: Remember = async () => {};

/** Stored replies by user and key (see the idempotency module). */
export interface IdempotencyStore {
  find(userId: number, key: string): Promise<{ endpoint: string; fingerprint: string; reply: unknown } | null>;
  save(
    tx: Db,
    row: { userId: number; key: string; endpoint: string; fingerprint: string; reply: unknown },
  ): Promise<void>;
  /** Whether an error is the unique violation of a key saved meanwhile by the same request sent twice at once. */
  isTakenKey(err: unknown): boolean;
}
