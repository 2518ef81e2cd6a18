import { gradingModes } from '@okuu/contracts/testing/tests';
import { sql } from 'drizzle-orm';
import {
  boolean,
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
import { disciplines } from './university.ts';
import { users } from './users.ts';

/** The kinds of a question: single choice, multiple choice, short text, number, matching. */
export const questionKinds = ['single', 'multiple', 'text', 'number', 'matching'] as const;
export type QuestionKind = (typeof questionKinds)[number];

/**
 * A question of a discipline's bank, kept by the teachers of the discipline. `body` holds what a student sees
 * (options, the two columns of a matching); `key` what is correct (never sent to a student before the window
 * closes). A question answered in some attempt is never deleted, only hidden (`deleted_at`).
 */
export const testQuestions = pgTable(
  'test_questions',
  {
    id: serial('id').primaryKey(),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    topic: text('topic').notNull().default(''),
    kind: text('kind', { enum: questionKinds }).notNull(),
    text: text('text').notNull(),
    points: smallint('points').notNull().default(1),
    body: jsonb('body').notNull(),
    key: jsonb('key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('test_questions_discipline_idx').on(t.disciplineId, t.topic)],
);

/** Whom a test is for: a group, a subgroup or a stream of the teacher's teaching. */
export const audienceKinds = ['group', 'subgroup', 'stream'] as const;

/**
 * A test: N questions drawn from chosen topics of the bank (every topic when `topics` is null), or the fixed
 * `question_ids`; a time limit, a window, the attempts allowed and how answers are scored.
 */
export const tests = pgTable(
  'tests',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    title: text('title').notNull(),
    audienceKind: text('audience_kind', { enum: audienceKinds }).notNull(),
    audienceId: integer('audience_id').notNull(),
    topics: text('topics').array(),
    questionIds: integer('question_ids').array(),
    questionCount: smallint('question_count').notNull(),
    shuffle: boolean('shuffle').notNull().default(true),
    timeLimitMin: smallint('time_limit_min').notNull(),
    opensAt: timestamp('opens_at', { withTimezone: true }).notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    attemptsAllowed: smallint('attempts_allowed').notNull().default(1),
    partialCredit: boolean('partial_credit').notNull().default(true),
    showAnswers: boolean('show_answers').notNull().default(false),
    /** The control point of the discipline's grading sheet (1 the first) each student's score goes to; null none. */
    gradingColumn: smallint('grading_column'),
    gradingMode: text('grading_mode', { enum: gradingModes }).notNull().default('best'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('tests_teacher_idx').on(t.teacherId),
    index('tests_audience_idx').on(t.audienceKind, t.audienceId),
    check('tests_window', sql`${t.closesAt} > ${t.opensAt}`),
  ],
);

/**
 * A student's attempt. Its questions are drawn in the statement that starts it (`question_ids`, in the student's
 * order; `seed` shuffles each question's options). `deadline` is the server's: start + limit, never past the
 * window's end. Closed by the student's submit or by the server after the deadline; one open at a time per test.
 * Scores in hundredths of a point.
 */
export const testAttempts = pgTable(
  'test_attempts',
  {
    id: serial('id').primaryKey(),
    testId: integer('test_id')
      .notNull()
      .references(() => tests.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    number: smallint('number').notNull(),
    questionIds: integer('question_ids').array().notNull(),
    seed: integer('seed').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedBy: text('closed_by', { enum: ['student', 'server'] }),
    scoreX100: integer('score_x100'),
    maxX100: integer('max_x100').notNull(),
  },
  (t) => [
    uniqueIndex('test_attempts_one_open').on(t.testId, t.studentId).where(sql`${t.closedAt} is null`),
    index('test_attempts_test_idx').on(t.testId, t.studentId),
    index('test_attempts_open_deadline_idx').on(t.deadline).where(sql`${t.closedAt} is null`),
  ],
);

/** An answer of an attempt, saved as given (the latest given wins); `manual` when the teacher scored it by hand. */
export const testAnswers = pgTable(
  'test_answers',
  {
    attemptId: integer('attempt_id')
      .notNull()
      .references(() => testAttempts.id, { onDelete: 'cascade' }),
    questionId: integer('question_id')
      .notNull()
      .references(() => testQuestions.id),
    response: jsonb('response').notNull(),
    givenAt: timestamp('given_at', { withTimezone: true }).notNull(),
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    pointsX100: integer('points_x100'),
    manual: boolean('manual').notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.attemptId, t.questionId] })],
);
