import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { halfYears, teachingAssignments } from './university.ts';
import { users } from './users.ts';

/**
 * Discipline registration. A student registers for an offering: a teaching assignment (a teacher's stream, group or
 * subgroup for a lesson kind of a discipline) that is open to registration, with a number of seats. `registrations`
 * (university.ts) holds what the students chose; these tables hold when they may choose, how much, and how many
 * seats each offering has.
 */

/** When a half-year's registration is open (saving and deleting), and the most credits a student may hold in it. */
export const registrationWindows = pgTable(
  'registration_windows',
  {
    id: serial('id').primaryKey(),
    academicYearId: integer('academic_year_id').notNull(),
    halfYearKind: smallint('half_year_kind').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** Credits of the half-year's disciplines together (each discipline counted once, whatever its lesson kinds). */
    creditCap: smallint('credit_cap').notNull(),
  },
  (t) => [
    unique().on(t.academicYearId, t.halfYearKind),
    foreignKey({
      name: 'registration_windows_half_year_fk',
      columns: [t.academicYearId, t.halfYearKind],
      foreignColumns: [halfYears.academicYearId, halfYears.kind],
    }),
    check('registration_windows_order_check', sql`${t.closesAt} > ${t.opensAt}`),
    check('registration_windows_cap_check', sql`${t.creditCap} between 1 and 200`),
  ],
);

/**
 * A teaching assignment open to registration, with its seats. `taken` counts its registrations: a save raises it with
 * a guarded update (`taken < capacity`) in the transaction that writes the registration, a delete lowers it; the
 * check keeps it within the capacity whatever writes it.
 */
export const registrationOfferings = pgTable(
  'registration_offerings',
  {
    teachingAssignmentId: integer('teaching_assignment_id')
      .primaryKey()
      .references(() => teachingAssignments.id, { onDelete: 'cascade' }),
    capacity: integer('capacity').notNull(),
    taken: integer('taken').notNull().default(0),
  },
  (t) => [
    check('registration_offerings_capacity_check', sql`${t.capacity} > 0`),
    check('registration_offerings_taken_check', sql`${t.taken} >= 0 and ${t.taken} <= ${t.capacity}`),
  ],
);

/** Students allowed to register for electives in a half-year (spec: optional/permission). */
export const electivePermissions = pgTable(
  'elective_permissions',
  {
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    academicYearId: integer('academic_year_id').notNull(),
    halfYearKind: smallint('half_year_kind').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.studentId, t.academicYearId, t.halfYearKind] }),
    foreignKey({
      name: 'elective_permissions_half_year_fk',
      columns: [t.academicYearId, t.halfYearKind],
      foreignColumns: [halfYears.academicYearId, halfYears.kind],
    }).onDelete('cascade'),
  ],
);

/**
 * The announcements of a window made so far: 'opened' when it opened, 'closing' when it came within 24 hours of
 * closing. Its key makes each announced once, whichever instance's periodic job sees it first (the row and the
 * announcement commit together).
 */
export const registrationWindowNotices = pgTable(
  'registration_window_notices',
  {
    windowId: integer('window_id')
      .notNull()
      .references(() => registrationWindows.id, { onDelete: 'cascade' }),
    phase: text('phase', { enum: ['opened', 'closing'] }).notNull(),
    /** The moment announced (the opening, the closing): a window moved to another is announced again. */
    moment: timestamp('moment', { withTimezone: true }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.windowId, t.phase, t.moment] })],
);
