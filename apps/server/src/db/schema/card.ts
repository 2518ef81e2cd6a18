import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { groups } from './university.ts';
import { users } from './users.ts';

/**
 * The personal card's tables (modules/card owns them).
 *
 * A student's group moves: every change of their group by staff (People: move) or by a staff data import, written in
 * the transaction of the change. Moves made before this table were kept only in the audit log as staff moves; the
 * migration copied them here.
 */
export const groupMoves = pgTable(
  'group_moves',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromGroupId: integer('from_group_id').references(() => groups.id),
    toGroupId: integer('to_group_id')
      .notNull()
      .references(() => groups.id),
    source: text('source', { enum: ['staff', 'import'] }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('group_moves_student_idx').on(t.studentId, t.at),
    check('group_moves_source_check', sql`${t.source} in ('staff', 'import')`),
  ],
);

/** A person's report of a mistake in their card, and where staff are with it. */
export const correctionRequests = pgTable(
  'correction_requests',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic').notNull(),
    text: text('text').notNull(),
    status: text('status', { enum: ['new', 'in_progress', 'done', 'rejected'] })
      .notNull()
      .default('new'),
    comment: text('comment'),
    handledBy: integer('handled_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('correction_requests_user_idx').on(t.userId, t.createdAt),
    index('correction_requests_status_idx').on(t.status, t.createdAt),
    check('correction_requests_status_check', sql`${t.status} in ('new', 'in_progress', 'done', 'rejected')`),
    check(
      'correction_requests_topic_check',
      sql`${t.topic} in ('personal', 'study', 'groups', 'credits', 'teaching', 'other')`,
    ),
  ],
);
