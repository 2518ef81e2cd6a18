import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { academicYears, disciplines, examinationTypes, semesters } from './university.ts';
import { users } from './users.ts';

/**
 * The grading scale: points `min_points`–`max_points` give letter `letter` and numeric equivalent `numeric_x100` / 100
 * (the spec's ekv_bukv and ekv_num). Staff edit it; the service keeps it covering 0–100 exactly once.
 */
export const gradeScale = pgTable(
  'grade_scale',
  {
    id: serial('id').primaryKey(),
    letter: text('letter').notNull().unique(),
    minPoints: smallint('min_points').notNull(),
    maxPoints: smallint('max_points').notNull(),
    numericX100: smallint('numeric_x100').notNull(),
  },
  (t) => [
    check(
      'grade_scale_points_check',
      sql`0 <= ${t.minPoints} and ${t.minPoints} <= ${t.maxPoints} and ${t.maxPoints} <= 100`,
    ),
    check('grade_scale_numeric_check', sql`${t.numericX100} between 0 and 500`),
  ],
);

/**
 * A student's final result in a discipline, recorded once the half-year's examinations are over: the points (0–100)
 * and the credits it carries. Letter and numeric grades follow from the scale when read.
 */
export const finalResults = pgTable(
  'final_results',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    /** 1 fall, 2 spring, 3 summer. */
    halfYearKind: smallint('half_year_kind').notNull(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    examinationTypeId: integer('examination_type_id').references(() => examinationTypes.id),
    credits: smallint('credits').notNull(),
    points: smallint('points').notNull(),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.studentId, t.academicYearId, t.halfYearKind, t.disciplineId),
    index('final_results_student_idx').on(t.studentId),
    check('final_results_points_check', sql`${t.points} between 0 and 100`),
    check('final_results_credits_check', sql`${t.credits} between 1 and 60`),
    check('final_results_half_year_check', sql`${t.halfYearKind} in (1, 2, 3)`),
  ],
);
