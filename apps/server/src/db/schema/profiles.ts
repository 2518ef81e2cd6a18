import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { departments, groups } from './university.ts';
import { positions, users } from './users.ts';

/** What ties an account to the university: a student's group, a teacher's department and position. */
export const studentProfiles = pgTable(
  'student_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id),
    recordBook: text('record_book'),
  },
  (t) => [
    index('student_profiles_group_idx').on(t.groupId),
    // The staff import's natural key for students.
    uniqueIndex('student_profiles_record_book_idx').on(t.recordBook).where(sql`${t.recordBook} is not null`),
  ],
);

export const teacherProfiles = pgTable(
  'teacher_profiles',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    departmentId: integer('department_id')
      .notNull()
      .references(() => departments.id),
    positionId: integer('position_id')
      .notNull()
      .references(() => positions.id),
    /** The personnel number: the staff import's natural key for teachers. */
    staffNumber: text('staff_number'),
  },
  (t) => [uniqueIndex('teacher_profiles_staff_number_idx').on(t.staffNumber).where(sql`${t.staffNumber} is not null`)],
);
