import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * What staff changed: who, when, which action on which record, and the record before and after (JSON). Rows are
 * written in the transaction of the change they describe, and only appended: a trigger (migration
 * staff_audit_guard) refuses UPDATE, DELETE and TRUNCATE. No foreign keys, so a row outlives the people it names.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id').notNull(),
    /** The actor's login and name when they acted (kept, as an account's may change). */
    actorLogin: text('actor_login').notNull(),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: integer('target_id'),
    /** The target's name when the change was made. */
    targetName: text('target_name'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_actor_idx').on(t.actorId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
);
