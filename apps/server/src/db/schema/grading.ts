import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { academicYears, disciplines, examinationTypes, groups, semesters, streams } from './university.ts';
import { users } from './users.ts';

/**
 * The electronic grading sheet (issue 38). A sheet is one discipline, audience and half-year: the audience is the
 * stream when the discipline is lectured to one (every group of it on one sheet), else the group. Its columns are the
 * control points (modules) and the examination, each with a maximum, summing to 100. A cell is one student's points
 * in one column, with a version that a write must name. A closed sheet is locked in the database (migration
 * grading: a trigger refuses every write to its cells), and every change to its cells after its first close is kept
 * in grading_cell_history, append-only (triggers again, so any path is recorded).
 */

/** A column of a sheet: a control point ('module') or the examination ('exam', at most one, last). */
export interface GradingColumn {
  kind: 'module' | 'exam';
  max: number;
}

export const gradingSheetKinds = ['regular', 'retake', 'individual'] as const;
export const gradingSheetStatuses = ['open', 'closed'] as const;

/** What staff set for a discipline: its columns and the admission rule (points from the modules to sit the exam). */
export const gradingSchemes = pgTable(
  'grading_schemes',
  {
    disciplineId: integer('discipline_id')
      .primaryKey()
      .references(() => disciplines.id, { onDelete: 'cascade' }),
    columns: jsonb('columns').$type<GradingColumn[]>().notNull(),
    admissionMin: smallint('admission_min').notNull(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('grading_schemes_admission_check', sql`${t.admissionMin} between 0 and 100`)],
);

export const gradingSheets = pgTable(
  'grading_sheets',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: gradingSheetKinds }).notNull().default('regular'),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    halfYearKind: smallint('half_year_kind').notNull(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    /** The audience: a group or a stream (exactly one). */
    groupId: integer('group_id').references(() => groups.id),
    streamId: integer('stream_id').references(() => streams.id),
    examinationTypeId: integer('examination_type_id').references(() => examinationTypes.id),
    credits: smallint('credits').notNull(),
    /** The columns when the sheet was made (the discipline's scheme may change later). */
    columns: jsonb('columns').$type<GradingColumn[]>().notNull(),
    admissionMin: smallint('admission_min').notNull(),
    /** The sheet a retake or individual sheet follows. */
    parentId: integer('parent_id'),
    status: text('status', { enum: gradingSheetStatuses }).notNull().default('open'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: integer('closed_by').references(() => users.id, { onDelete: 'set null' }),
    firstClosedAt: timestamp('first_closed_at', { withTimezone: true }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('grading_sheets_regular_key')
      .on(t.academicYearId, t.halfYearKind, t.disciplineId, t.groupId)
      .where(sql`${t.kind} = 'regular'`),
    uniqueIndex('grading_sheets_regular_stream_key')
      .on(t.academicYearId, t.halfYearKind, t.disciplineId, t.streamId)
      .where(sql`${t.kind} = 'regular'`),
    index('grading_sheets_stream_idx').on(t.streamId, t.academicYearId, t.halfYearKind),
    check('grading_sheets_audience_check', sql`num_nonnulls(${t.groupId}, ${t.streamId}) = 1`),
    index('grading_sheets_group_idx').on(t.groupId, t.academicYearId, t.halfYearKind),
    check('grading_sheets_half_year_check', sql`${t.halfYearKind} in (1, 2, 3)`),
    check('grading_sheets_credits_check', sql`${t.credits} between 1 and 60`),
    check('grading_sheets_closed_check', sql`(${t.status} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/** The students of a retake or individual sheet (a regular sheet's are its group's). */
export const gradingSheetStudents = pgTable(
  'grading_sheet_students',
  {
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => gradingSheets.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.studentId] })],
);

export const gradingCells = pgTable(
  'grading_cells',
  {
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => gradingSheets.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id),
    /** The column's index in the sheet's columns, from 0. */
    position: smallint('position').notNull(),
    /** Null: cleared. */
    points: smallint('points'),
    /** 1 when first written, one more at each write. */
    version: integer('version').notNull().default(1),
    updatedBy: integer('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.sheetId, t.studentId, t.position] }),
    index('grading_cells_student_idx').on(t.studentId),
    check('grading_cells_points_check', sql`${t.points} is null or ${t.points} between 0 and 100`),
  ],
);

/** Closes and reopens of a sheet (who, when, why), append-only. */
export const gradingSheetEvents = pgTable(
  'grading_sheet_events',
  {
    id: serial('id').primaryKey(),
    sheetId: integer('sheet_id').notNull(),
    action: text('action', { enum: ['close', 'reopen'] }).notNull(),
    reason: text('reason').notNull().default(''),
    actorId: integer('actor_id'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grading_sheet_events_sheet_idx').on(t.sheetId, t.id)],
);

/** Every change to a cell of a sheet closed at least once: who, when, old → new, and the reason of the last reopen. */
export const gradingCellHistory = pgTable(
  'grading_cell_history',
  {
    id: serial('id').primaryKey(),
    sheetId: integer('sheet_id').notNull(),
    studentId: integer('student_id').notNull(),
    position: smallint('position').notNull(),
    oldPoints: smallint('old_points'),
    newPoints: smallint('new_points'),
    changedBy: integer('changed_by'),
    reason: text('reason').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('grading_cell_history_sheet_idx').on(t.sheetId, t.studentId)],
);

/** What a close gave each student (total points), read by the rating; rewritten by each close. */
export const gradingResults = pgTable(
  'grading_results',
  {
    sheetId: integer('sheet_id')
      .notNull()
      .references(() => gradingSheets.id),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id),
    points: smallint('points').notNull(),
    credits: smallint('credits').notNull(),
  },
  (t) => [primaryKey({ columns: [t.sheetId, t.studentId] }), index('grading_results_student_idx').on(t.studentId)],
);
