import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { timeSlots } from './schedule.ts';
import { academicYears, disciplines, groups, lessonKinds, streams, subgroups } from './university.ts';
import { users } from './users.ts';

/**
 * The attendance journal (spec: Journal, Visit log). A journal is the lessons of one discipline and lesson kind in a
 * half-year for one audience (a group, a subgroup or a stream); it is shared by whoever teaches that discipline and kind
 * to that audience, so it is keyed by those, not by a teacher. A lesson is a date, a slot (id_time) and which time
 * of a double lesson it is (timesCount, 1–5); a mark is one student's assessment of one lesson.
 */

/** The assessment scale (getassessments): marks with their points; 'н/б' is the absence, 0 points. */
export const journalAssessments = pgTable(
  'journal_assessments',
  {
    id: serial('id').primaryKey(),
    /** What the cell shows: '5', '4', …, '+' (present), 'н/б' (absent). */
    code: text('code').notNull().unique(),
    /** Points the mark adds; null for a mark that is no grade ('+'): it counts neither in points nor in the average. */
    points: smallint('points'),
    isAbsence: boolean('is_absence').notNull().default(false),
    sortOrder: smallint('sort_order').notNull(),
  },
  (t) => [
    check('journal_assessments_points_check', sql`${t.points} is null or ${t.points} between 0 and 100`),
    check('journal_assessments_absence_check', sql`not ${t.isAbsence} or ${t.points} = 0`),
  ],
);

/** Topics of a discipline and lesson kind in a half-year, numbered within their module (1–9). */
export const journalTopics = pgTable(
  'journal_topics',
  {
    id: serial('id').primaryKey(),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    halfYearKind: smallint('half_year_kind').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    lessonKindId: integer('lesson_kind_id')
      .notNull()
      .references(() => lessonKinds.id),
    moduleNumber: smallint('module_number').notNull(),
    name: text('name').notNull(),
    hours: smallint('hours').notNull().default(2),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('journal_topics_discipline_idx').on(t.disciplineId, t.academicYearId, t.halfYearKind),
    check('journal_topics_module_check', sql`${t.moduleNumber} between 1 and 9`),
    check('journal_topics_hours_check', sql`${t.hours} between 1 and 20`),
  ],
);

/**
 * A lesson of a journal. The unique key (nulls not distinct, as two of the three audience columns are null) is what
 * makes two teachers saving the same lesson meet in one row (INSERT … ON CONFLICT).
 */
export const journalLessons = pgTable(
  'journal_lessons',
  {
    id: serial('id').primaryKey(),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    halfYearKind: smallint('half_year_kind').notNull(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    lessonKindId: integer('lesson_kind_id')
      .notNull()
      .references(() => lessonKinds.id),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    subgroupId: integer('subgroup_id').references(() => subgroups.id, { onDelete: 'cascade' }),
    streamId: integer('stream_id').references(() => streams.id, { onDelete: 'cascade' }),
    visitDate: date('visit_date').notNull(),
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id),
    timesCount: smallint('times_count').notNull().default(1),
    topicId: integer('topic_id').references(() => journalTopics.id, { onDelete: 'set null' }),
    /** The topic as typed for this lesson (journalinsupdinputtema), when it is not one of the list. */
    topicText: text('topic_text').notNull().default(''),
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('journal_lessons_key')
      .on(
        t.academicYearId,
        t.halfYearKind,
        t.disciplineId,
        t.lessonKindId,
        t.groupId,
        t.subgroupId,
        t.streamId,
        t.visitDate,
        t.timeSlotId,
        t.timesCount,
      )
      .nullsNotDistinct(),
    check('journal_lessons_audience_check', sql`num_nonnulls(${t.groupId}, ${t.subgroupId}, ${t.streamId}) = 1`),
    check('journal_lessons_times_check', sql`${t.timesCount} between 1 and 5`),
    check('journal_lessons_half_year_check', sql`${t.halfYearKind} in (1, 2, 3)`),
    index('journal_lessons_group_idx').on(t.groupId, t.academicYearId, t.halfYearKind),
    index('journal_lessons_subgroup_idx').on(t.subgroupId),
    index('journal_lessons_stream_idx').on(t.streamId),
  ],
);

/** A student's mark of a lesson (the spec's id_studentJournalVisit): one per lesson and student. */
export const journalMarks = pgTable(
  'journal_marks',
  {
    id: serial('id').primaryKey(),
    lessonId: integer('lesson_id')
      .notNull()
      .references(() => journalLessons.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    assessmentId: integer('assessment_id')
      .notNull()
      .references(() => journalAssessments.id),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('journal_marks_key').on(t.lessonId, t.studentId), index('journal_marks_student_idx').on(t.studentId)],
);
