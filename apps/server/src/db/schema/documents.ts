import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Documents (issue 41): the register of what the portal issued is read from the tables that issued them (references,
 * receipts, transcripts' results, closed grading sheets); only what no table holds lives here: revocations. A document
 * is named by its kind and its id in its own table (a reference: its order's id). Revoking is for good: the portal never
 * changes or removes a row, and the public verification page then says only that the document was revoked, and when. Only
 * the documents module writes this table.
 */
export const documentRevocations = pgTable(
  'document_revocations',
  {
    kind: text('kind').notNull(),
    sourceId: integer('source_id').notNull(),
    reason: text('reason').notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
    revokedBy: integer('revoked_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.sourceId] }),
    // Only documents anyone can check (those with a verification code) are revoked: references today.
    check('document_revocations_kind_check', sql`${t.kind} in ('reference')`),
    check('document_revocations_reason_check', sql`length(btrim(${t.reason})) between 1 and 500`),
    index('document_revocations_at_idx').on(t.revokedAt),
  ],
);
