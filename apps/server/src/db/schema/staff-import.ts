import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Data imports under way or finished (staff data import): the instance that runs one keeps its progress here, so that
 * the page's polls, whichever instance they reach, follow it. A finished import's result (the issued logins and
 * passwords) is answered once, then cleared; unread ones after 15 minutes. The rows themselves stay a week: a failed
 * import not followed by a successful one of its kind is on staff's home.
 */
export const importJobs = pgTable('import_jobs', {
  id: text('id').primaryKey(),
  actorId: integer('actor_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** What it imports (ImportKind) and the file's name: staff's home lists the failed ones (null: made before). */
  kind: text('kind'),
  fileName: text('file_name'),
  state: text('state', { enum: ['running', 'done', 'failed'] }).notNull(),
  done: integer('done').notNull().default(0),
  total: integer('total').notNull(),
  result: jsonb('result'),
  /** Why a failed import failed (importFailureReasons). */
  reason: text('reason'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
