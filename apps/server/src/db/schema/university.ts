import {
  boolean,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { names } from './names.ts';
import { users } from './users.ts';

export const faculties = pgTable('faculties', {
  id: serial('id').primaryKey(),
  ...names,
  shortName: text('short_name').notNull(),
});

export const departments = pgTable('departments', {
  id: serial('id').primaryKey(),
  facultyId: integer('faculty_id')
    .notNull()
    .references(() => faculties.id),
  ...names,
});

export const specialities = pgTable('specialities', {
  id: serial('id').primaryKey(),
  departmentId: integer('department_id')
    .notNull()
    .references(() => departments.id),
  code: text('code').notNull(),
  ...names,
});

/** 'full_time' or 'part_time'. */
export const studyForms = ['full_time', 'part_time'] as const;

export const groups = pgTable('groups', {
  id: serial('id').primaryKey(),
  specialityId: integer('speciality_id')
    .notNull()
    .references(() => specialities.id),
  name: text('name').notNull().unique(),
  studyForm: text('study_form', { enum: studyForms }).notNull(),
  admissionYear: integer('admission_year').notNull(),
});

export const subgroups = pgTable('subgroups', {
  id: serial('id').primaryKey(),
  groupId: integer('group_id')
    .notNull()
    .references(() => groups.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
});

export const subgroupMembers = pgTable(
  'subgroup_members',
  {
    subgroupId: integer('subgroup_id')
      .notNull()
      .references(() => subgroups.id, { onDelete: 'cascade' }),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.subgroupId, t.studentId] })],
);

/** A stream joins several groups that attend lectures together. Its name in kg and en is '' until someone gives it. */
export const streams = pgTable('streams', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  nameKg: text('name_kg').notNull().default(''),
  nameEn: text('name_en').notNull().default(''),
});

export const streamGroups = pgTable(
  'stream_groups',
  {
    streamId: integer('stream_id')
      .notNull()
      .references(() => streams.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.streamId, t.groupId] })],
);

/** The id of an academic year is its starting calendar year (2026 for 2026-27). */
export const academicYears = pgTable('academic_years', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  startsOn: date('starts_on').notNull(),
  endsOn: date('ends_on').notNull(),
});

/** Half-year kinds (the spec's ws): 1 fall, 2 spring, 3 summer. */
export const halfYearKinds = { fall: 1, spring: 2, summer: 3 } as const;

export const halfYears = pgTable(
  'half_years',
  {
    id: serial('id').primaryKey(),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    kind: smallint('kind').notNull(),
    startsOn: date('starts_on').notNull(),
    endsOn: date('ends_on').notNull(),
  },
  (t) => [unique().on(t.academicYearId, t.kind)],
);

/** Semesters of study, numbered 1.. across a programme. */
export const semesters = pgTable('semesters', {
  id: serial('id').primaryKey(),
  number: smallint('number').notNull().unique(),
  ...names,
});

export const disciplines = pgTable('disciplines', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  departmentId: integer('department_id')
    .notNull()
    .references(() => departments.id),
  ...names,
});

/** Forms of control: exam, credit, graded credit, coursework. */
export const examinationTypes = pgTable('examination_types', {
  id: serial('id').primaryKey(),
  ...names,
});

/** Lesson kinds (the spec's vid zaniatiy): lecture, practice, laboratory. */
export const lessonKinds = pgTable('lesson_kinds', {
  id: serial('id').primaryKey(),
  ...names,
});

export const curriculum = pgTable(
  'curriculum',
  {
    id: serial('id').primaryKey(),
    specialityId: integer('speciality_id')
      .notNull()
      .references(() => specialities.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    credits: smallint('credits').notNull(),
    examinationTypeId: integer('examination_type_id')
      .notNull()
      .references(() => examinationTypes.id),
    isElective: boolean('is_elective').notNull().default(false),
  },
  (t) => [unique().on(t.specialityId, t.semesterId, t.disciplineId)],
);

/** Who teaches what to whom: a teacher, a discipline, a group or a stream (optionally one subgroup), a lesson kind. */
export const teachingAssignments = pgTable(
  'teaching_assignments',
  {
    id: serial('id').primaryKey(),
    academicYearId: integer('academic_year_id')
      .notNull()
      .references(() => academicYears.id),
    halfYearKind: smallint('half_year_kind').notNull(),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    groupId: integer('group_id').references(() => groups.id),
    streamId: integer('stream_id').references(() => streams.id),
    subgroupId: integer('subgroup_id').references(() => subgroups.id),
    lessonKindId: integer('lesson_kind_id')
      .notNull()
      .references(() => lessonKinds.id),
    credits: smallint('credits').notNull(),
  },
  (t) => [
    index('teaching_assignments_teacher_idx').on(t.teacherId, t.academicYearId, t.halfYearKind),
    index('teaching_assignments_group_idx').on(t.groupId),
    index('teaching_assignments_stream_idx').on(t.streamId),
    // The target of schedule entries' composite foreign key (they copy the teacher, discipline and lesson kind).
    unique('teaching_assignments_schedule_key').on(
      t.id,
      t.teacherId,
      t.disciplineId,
      t.lessonKindId,
      t.academicYearId,
      t.halfYearKind,
    ),
  ],
);

/**
 * A student's registration for a discipline in a half-year, with the teacher chosen: one per discipline and lesson
 * kind. `offering_id` is the teaching assignment registered for (its seats: registration_offerings); null for a
 * registration made without one.
 */
export const registrations = pgTable(
  'registrations',
  {
    id: serial('id').primaryKey(),
    studentId: integer('student_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
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
    teacherId: integer('teacher_id').references(() => users.id),
    lessonKindId: integer('lesson_kind_id').references(() => lessonKinds.id),
    credits: smallint('credits').notNull(),
    examinationTypeId: integer('examination_type_id')
      .notNull()
      .references(() => examinationTypes.id),
    subgroupId: integer('subgroup_id').references(() => subgroups.id),
    streamId: integer('stream_id').references(() => streams.id),
    isElective: boolean('is_elective').notNull().default(false),
    offeringId: integer('offering_id').references(() => teachingAssignments.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique().on(t.studentId, t.academicYearId, t.halfYearKind, t.disciplineId, t.lessonKindId),
    index('registrations_teacher_idx').on(t.teacherId),
    index('registrations_offering_idx').on(t.offeringId),
  ],
);
