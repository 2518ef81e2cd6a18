import { umkAudiences } from '@okuu/contracts/umk/material';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { disciplines, examinationTypes, semesters } from './university.ts';
import { users } from './users.ts';

/** Kinds of study material: textbook, lecture notes, guidelines… */
export const umkTypes = pgTable('umk_types', {
  id: serial('id').primaryKey(),
  position: smallint('position').notNull().default(0),
  name: text('name').notNull(),
  nameKg: text('name_kg').notNull(),
  nameEn: text('name_en').notNull(),
});

/**
 * A study material (UMK) a teacher uploaded for a discipline: one file, stored under a generated key. Students of the
 * discipline see it when `audience` is 'all' or the study form of their group. When it is 'available in e-library'
 * a row of `books` points at it (and shares the file).
 */
export const umkMaterials = pgTable(
  'umk_materials',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    typeId: integer('type_id')
      .notNull()
      .references(() => umkTypes.id),
    title: text('title').notNull(),
    author: text('author').notNull().default(''),
    totalPages: integer('total_pages').notNull().default(0),
    annotation: text('annotation').notNull().default(''),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    semesterId: integer('semester_id')
      .notNull()
      .references(() => semesters.id),
    examinationTypeId: integer('examination_type_id')
      .notNull()
      .references(() => examinationTypes.id),
    audience: text('audience', { enum: umkAudiences }).notNull(),
    fileName: text('file_name').notNull(),
    fileKey: text('file_key').notNull().unique(),
    fileSize: integer('file_size').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('umk_materials_discipline_idx').on(t.disciplineId, t.createdAt),
    index('umk_materials_teacher_idx').on(t.teacherId, t.createdAt),
    index('umk_materials_created_idx').on(t.createdAt, t.id),
    check('umk_materials_audience_check', sql`${t.audience} in ('all', 'full_time', 'part_time')`),
  ],
);
