import { sql } from 'drizzle-orm';
import { bigint, customType, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** A transaction id (64 bits, never wrapping), as text. */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

/**
 * Changes a subscriber must not miss even when an instance stops right after the commit (notifications): each is
 * written in the transaction of its change (lib/changes.ts, `record`). A reader takes them in the order of their
 * transactions, and only those of transactions older than every transaction still running, so that one committing
 * late is never skipped.
 */
export const changeEvents = pgTable(
  'change_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    topic: text('topic').notNull(),
    payload: jsonb('payload').notNull(),
    txid: xid8('txid').notNull().default(sql`pg_current_xact_id()`),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('change_events_order_idx').on(t.txid, t.id), index('change_events_at_idx').on(t.at)],
);

/** Where each reader of the changes is: the last event it handled, by transaction and id. */
export const changeCursors = pgTable('change_cursors', {
  reader: text('reader').primaryKey(),
  txid: xid8('txid').notNull().default(sql`'0'::xid8`),
  lastId: bigint('last_id', { mode: 'number' }).notNull().default(0),
});
