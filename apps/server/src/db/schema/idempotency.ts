import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * The reply of a create call made with an `Idempotency-Key` header, written in the same transaction as what it
 * created: a retry with the same key gets this reply instead of creating again. Kept a day.
 */
export const idempotentReplies = pgTable(
  'idempotent_replies',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The endpoint and a digest of the request: the same key with another request is refused. */
    endpoint: text('endpoint').notNull(),
    fingerprint: text('fingerprint').notNull(),
    reply: jsonb('reply').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotent_replies_created_idx').on(t.createdAt)],
);
