import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A questionnaire staff build (issue 42). Its target is every teacher × discipline pair of a half-year, for the
 * students registered with that teacher (`teachers`), or an audience: every student, a faculty's, or a course's.
 */
export const questionnaires = pgTable(
  'questionnaires',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    target: text('target', { enum: ['teachers', 'all', 'faculty', 'course'] }).notNull(),
    /** The half-year of a `teachers` questionnaire. */
    academicYearId: integer('academic_year_id'),
    halfYearKind: smallint('half_year_kind'),
    /** The faculty's id, or the course's number. */
    audienceId: integer('audience_id'),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** Results show only for targets with at least this many answers. */
    minAnswers: smallint('min_answers').notNull().default(5),
    /** Free-text answers shown to the teachers they are about. */
    freeTextReleased: boolean('free_text_released').notNull().default(false),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [check('questionnaires_window', sql`${t.closesAt} > ${t.opensAt}`)],
);

export const questionnaireQuestions = pgTable(
  'questionnaire_questions',
  {
    id: serial('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind', { enum: ['scale', 'single', 'multiple', 'text'] }).notNull(),
    text: text('text').notNull(),
    options: jsonb('options').notNull().default([]),
  },
  (t) => [index('questionnaire_questions_idx').on(t.questionnaireId, t.position)],
);

/**
 * Who has answered, only to refuse a second answer: no time, no serial, nothing in common with the answers but the
 * questionnaire and the target (teacher 0 and discipline 0 for an audience questionnaire).
 */
export const questionnaireRespondents = pgTable(
  'questionnaire_respondents',
  {
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').notNull(),
    disciplineId: integer('discipline_id').notNull(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.questionnaireId, t.studentId, t.teacherId, t.disciplineId] })],
);

/**
 * One submitted answer sheet: a random id, the day (never the time), the target and the answers
 * (`{question id: value}`). Nothing names or orders the student. A sheet is written in the transaction that marks
 * its student as a respondent, so both rows carry that transaction's id (xmin) and the order of arrival (their place
 * in the table): once several wait, they are mixed, moved to new rows in random order by one transaction (`mixed`).
 */
export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    id: uuid('id').primaryKey(),
    questionnaireId: integer('questionnaire_id')
      .notNull()
      .references(() => questionnaires.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').notNull(),
    disciplineId: integer('discipline_id').notNull(),
    answeredOn: date('answered_on').notNull(),
    answers: jsonb('answers').notNull(),
    mixed: boolean('mixed').notNull().default(false),
  },
  (t) => [index('questionnaire_answers_target_idx').on(t.questionnaireId, t.teacherId, t.disciplineId)],
);
