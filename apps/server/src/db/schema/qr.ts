import { sql } from 'drizzle-orm';
import {
  check,
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { rooms, scheduleEntries } from './schedule.ts';
import { users } from './users.ts';

/**
 * QR check-in with GPS (spec: schedule/qr, qr/time, qr/student/visit). A teacher starts a session for one lesson of
 * their timetable (a schedule entry on a date) in a room; the projector shows a token signed with the session's secret
 * that changes every 15 s. Each student's scan is an attempt: accepted ones mark 'present' in the journal, refused ones
 * keep the reason for the teacher's list.
 */
export const qrSessionStates = ['started', 'stopped'] as const;

export const qrSessions = pgTable(
  'qr_sessions',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scheduleEntryId: integer('schedule_entry_id')
      .notNull()
      .references(() => scheduleEntries.id, { onDelete: 'cascade' }),
    lessonDate: date('lesson_date').notNull(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    /** The teacher device's fix when starting (kept for the record; the room's coordinates decide). */
    teacherLatitude: doublePrecision('teacher_latitude'),
    teacherLongitude: doublePrecision('teacher_longitude'),
    /** Random per-session key the tokens are signed with (HMAC-SHA256), never sent to a client. */
    secret: text('secret').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
  },
  (t) => [
    index('qr_sessions_entry_idx').on(t.scheduleEntryId, t.lessonDate),
    index('qr_sessions_teacher_idx').on(t.teacherId),
    check('qr_sessions_stop_check', sql`${t.stoppedAt} is null or ${t.stoppedAt} >= ${t.startedAt}`),
  ],
);

export const qrAttemptResults = [
  'accepted',
  'qr_stale',
  'qr_forged',
  'qr_not_in_audience',
  'qr_not_now',
  'qr_too_far',
  'qr_fix_too_coarse',
  'qr_device_used',
  'qr_ticket_used',
] as const;

export const qrAttempts = pgTable(
  'qr_attempts',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => qrSessions.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The phone's id, issued and signed by the server at its first scan (the okuu_device cookie). */
    deviceId: text('device_id').notNull(),
    /** The ticket the scan was made with (null for a projector token used directly): it serves its first student only. */
    ticket: text('ticket'),
    distanceM: doublePrecision('distance_m'),
    accuracyM: doublePrecision('accuracy_m'),
    result: text('result', { enum: qrAttemptResults }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('qr_attempts_accepted_key').on(t.sessionId, t.studentId).where(sql`${t.result} = 'accepted'`),
    // One student per phone in a check-in, however many requests race.
    uniqueIndex('qr_attempts_device_key').on(t.sessionId, t.deviceId).where(sql`${t.result} = 'accepted'`),
    index('qr_attempts_device_idx').on(t.deviceId, t.at),
    index('qr_attempts_session_idx').on(t.sessionId),
    index('qr_attempts_ticket_idx').on(t.sessionId, t.ticket),
  ],
);

/** The key the server signs phones' device ids with (one row, made on first use; shared by every instance). */
export const qrKeys = pgTable('qr_keys', {
  name: text('name').primaryKey(),
  secret: text('secret').notNull(),
});
