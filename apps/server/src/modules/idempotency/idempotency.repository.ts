import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idempotentReplies } from '../../db/schema/idempotency.ts';
import type { IdempotencyStore } from '../../lib/idempotency.ts';

/** How long a reply is kept for retries. */
const keepMs = 24 * 3600_000;

export function createIdempotencyRepository(db: Db): IdempotencyStore & { forgetOld(): Promise<void> } {
  return {
    async find(userId, key) {
      const [row] = await db
        .select({
          endpoint: idempotentReplies.endpoint,
          fingerprint: idempotentReplies.fingerprint,
          reply: idempotentReplies.reply,
        })
        .from(idempotentReplies)
        .where(and(eq(idempotentReplies.userId, userId), eq(idempotentReplies.key, key)));
      return row ?? null;
    },
    async save(tx, row) {
      await tx.insert(idempotentReplies).values(row);
    },
    isTakenKey(err) {
      // drizzle wraps the driver's error: PostgreSQL's unique_violation on this table's primary key.
      for (
        let e = err as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
        e;
        e = e.cause as never
      ) {
        if (e.code === '23505' && e.constraint === 'idempotent_replies_user_id_key_pk') return true;
      }
      return false;
    },
    async forgetOld() {
      await db
        .delete(idempotentReplies)
        .where(lt(idempotentReplies.createdAt, sql`now() - ${keepMs} * interval '1 millisecond'`));
    },
  };
}
