import type { UmkAudience } from '@okuu/contracts/umk/material';
import { and, count, desc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { books, libraryBaseCategories, libraryCategories } from '../../db/schema/library.ts';
import { umkMaterials, umkTypes } from '../../db/schema/umk.ts';
import {
  disciplines,
  examinationTypes,
  groups,
  registrations,
  semesters,
  streamGroups,
  teachingAssignments,
} from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';
import type { Change, Changes } from '../../lib/changes.ts';

/**
 * Which materials a caller may list, as the service decided it: every material, or a student's: those of the
 * student's disciplines (registrations, and the teaching assignments of the student's group or its streams) meant
 * for all or for the study form of the student's group.
 */
export type MaterialScope =
  | { everything: true }
  | { everything: false; studentId: number; groupId: number | null; studyForm: 'full_time' | 'part_time' | null };

export interface MaterialFilter {
  semesterId: number | null;
  disciplineId: number | null;
  examinationTypeId: number | null;
  teacherId: number | null;
  typeId: number | null;
}

interface Named {
  id: number;
  name: string;
  nameKg: string;
  nameEn: string;
}

export interface MaterialRow {
  id: number;
  title: string;
  author: string;
  totalPages: number;
  annotation: string;
  audience: UmkAudience;
  teacherId: number;
  teacherName: string;
  type: Named;
  discipline: Named;
  semester: Named;
  examination: Named;
  fileName: string;
  fileKey: string;
  fileSize: number;
  bookId: number | null;
  bookCategoryId: number | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface MaterialFields {
  typeId: number;
  title: string;
  author: string;
  totalPages: number;
  annotation: string;
  disciplineId: number;
  semesterId: number;
  examinationTypeId: number;
  audience: UmkAudience;
}

export interface MaterialFile {
  fileName: string;
  fileKey: string;
  fileSize: number;
}

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;

const named = (table: typeof umkTypes | typeof disciplines | typeof semesters | typeof examinationTypes) =>
  sql<Named>`json_build_object('id', ${table.id}, 'name', ${table.name}, 'nameKg', ${table.nameKg}, 'nameEn', ${table.nameEn})`;

/** (discipline, semester) pairs of a student: registrations, and the group's (or its streams') teaching assignments. */
function studentPairs(studentId: number, groupId: number | null): SQL {
  const group = groupId ?? 0;
  return sql`(
    select ${registrations.disciplineId} as discipline_id, ${registrations.semesterId} as semester_id
      from ${registrations} where ${registrations.studentId} = ${studentId}
    union
    select ${teachingAssignments.disciplineId}, ${teachingAssignments.semesterId}
      from ${teachingAssignments}
      where ${teachingAssignments.groupId} = ${group}
         or ${teachingAssignments.streamId} in (
           select ${streamGroups.streamId} from ${streamGroups} where ${streamGroups.groupId} = ${group})
  )`;
}

function visible(scope: MaterialScope): SQL | undefined {
  if (scope.everything) return undefined;
  const audiences: UmkAudience[] = scope.studyForm ? ['all', scope.studyForm] : ['all'];
  return and(
    inArray(umkMaterials.audience, audiences),
    sql`${umkMaterials.disciplineId} in (select p.discipline_id from ${studentPairs(scope.studentId, scope.groupId)} p)`,
  );
}

function filtered(filter: Partial<MaterialFilter>): SQL | undefined {
  return and(
    filter.semesterId ? eq(umkMaterials.semesterId, filter.semesterId) : undefined,
    filter.disciplineId ? eq(umkMaterials.disciplineId, filter.disciplineId) : undefined,
    filter.examinationTypeId ? eq(umkMaterials.examinationTypeId, filter.examinationTypeId) : undefined,
    filter.teacherId ? eq(umkMaterials.teacherId, filter.teacherId) : undefined,
    filter.typeId ? eq(umkMaterials.typeId, filter.typeId) : undefined,
  );
}

export function createUmkRepository(db: Db, changes: Changes) {
  function selectMaterials(on: Db = db) {
    return on
      .select({
        id: umkMaterials.id,
        title: umkMaterials.title,
        author: umkMaterials.author,
        totalPages: umkMaterials.totalPages,
        annotation: umkMaterials.annotation,
        audience: umkMaterials.audience,
        teacherId: umkMaterials.teacherId,
        teacherName: fullName,
        type: named(umkTypes),
        discipline: named(disciplines),
        semester: named(semesters),
        examination: named(examinationTypes),
        fileName: umkMaterials.fileName,
        fileKey: umkMaterials.fileKey,
        fileSize: umkMaterials.fileSize,
        bookId: books.id,
        bookCategoryId: books.categoryId,
        createdAt: umkMaterials.createdAt,
        updatedAt: umkMaterials.updatedAt,
      })
      .from(umkMaterials)
      .innerJoin(umkTypes, eq(umkTypes.id, umkMaterials.typeId))
      .innerJoin(disciplines, eq(disciplines.id, umkMaterials.disciplineId))
      .innerJoin(semesters, eq(semesters.id, umkMaterials.semesterId))
      .innerJoin(examinationTypes, eq(examinationTypes.id, umkMaterials.examinationTypeId))
      .innerJoin(users, eq(users.id, umkMaterials.teacherId))
      .leftJoin(books, eq(books.umkMaterialId, umkMaterials.id));
  }

  const semesterColumns = {
    id: semesters.id,
    number: semesters.number,
    name: semesters.name,
    nameKg: semesters.nameKg,
    nameEn: semesters.nameEn,
  };
  const disciplineColumns = {
    id: disciplines.id,
    code: disciplines.code,
    name: disciplines.name,
    nameKg: disciplines.nameKg,
    nameEn: disciplines.nameEn,
  };
  const examColumns = {
    id: examinationTypes.id,
    name: examinationTypes.name,
    nameKg: examinationTypes.nameKg,
    nameEn: examinationTypes.nameEn,
  };

  return {
    async types() {
      return db
        .select({ id: umkTypes.id, name: umkTypes.name, nameKg: umkTypes.nameKg, nameEn: umkTypes.nameEn })
        .from(umkTypes)
        .orderBy(umkTypes.position, umkTypes.id);
    },

    async examTypes() {
      return db.select(examColumns).from(examinationTypes).orderBy(examinationTypes.id);
    },

    async semesters() {
      return db.select(semesterColumns).from(semesters).orderBy(semesters.number);
    },

    /** The library's subcategories with their base category's names: where a material 'in the e-library' goes. */
    async bookCategories() {
      return db
        .select({
          id: libraryCategories.id,
          baseCategoryId: libraryCategories.baseCategoryId,
          name: libraryCategories.name,
          nameKg: libraryCategories.nameKg,
          nameEn: libraryCategories.nameEn,
          baseName: libraryBaseCategories.name,
          baseNameKg: libraryBaseCategories.nameKg,
          baseNameEn: libraryBaseCategories.nameEn,
        })
        .from(libraryCategories)
        .innerJoin(libraryBaseCategories, eq(libraryBaseCategories.id, libraryCategories.baseCategoryId))
        .orderBy(
          libraryBaseCategories.position,
          libraryBaseCategories.id,
          libraryCategories.position,
          libraryCategories.id,
        );
    },

    /** The study form of a group (null without a group). */
    async studyForm(groupId: number | null): Promise<'full_time' | 'part_time' | null> {
      if (groupId === null) return null;
      const [row] = await db.select({ form: groups.studyForm }).from(groups).where(eq(groups.id, groupId));
      return row?.form ?? null;
    },

    async studentSemesters(studentId: number, groupId: number | null) {
      return db
        .select(semesterColumns)
        .from(semesters)
        .where(sql`${semesters.id} in (select p.semester_id from ${studentPairs(studentId, groupId)} p)`)
        .orderBy(semesters.number);
    },

    async studentDisciplines(studentId: number, groupId: number | null, semesterId: number | null) {
      const bySemester = semesterId ? sql`where p.semester_id = ${semesterId}` : sql``;
      return db
        .select(disciplineColumns)
        .from(disciplines)
        .where(
          sql`${disciplines.id} in (select p.discipline_id from ${studentPairs(studentId, groupId)} p ${bySemester})`,
        )
        .orderBy(disciplines.name, disciplines.id);
    },

    async studentExamTypes(studentId: number, semesterId: number | null, disciplineId: number | null) {
      const ofStudent = db
        .select({ id: registrations.examinationTypeId })
        .from(registrations)
        .where(
          and(
            eq(registrations.studentId, studentId),
            semesterId ? eq(registrations.semesterId, semesterId) : undefined,
            disciplineId ? eq(registrations.disciplineId, disciplineId) : undefined,
          ),
        );
      return db
        .select(examColumns)
        .from(examinationTypes)
        .where(inArray(examinationTypes.id, ofStudent))
        .orderBy(examinationTypes.id);
    },

    /** Disciplines a teacher teaches (any year) or has materials for; optionally in one semester. */
    async teacherDisciplines(teacherId: number, semesterId: number | null) {
      const taught = db
        .select({ id: teachingAssignments.disciplineId })
        .from(teachingAssignments)
        .where(
          and(
            eq(teachingAssignments.teacherId, teacherId),
            semesterId ? eq(teachingAssignments.semesterId, semesterId) : undefined,
          ),
        );
      const own = db
        .select({ id: umkMaterials.disciplineId })
        .from(umkMaterials)
        .where(
          and(eq(umkMaterials.teacherId, teacherId), semesterId ? eq(umkMaterials.semesterId, semesterId) : undefined),
        );
      return db
        .select(disciplineColumns)
        .from(disciplines)
        .where(or(inArray(disciplines.id, taught), inArray(disciplines.id, own)))
        .orderBy(disciplines.name, disciplines.id);
    },

    /** Disciplines that have materials; optionally in one semester. */
    async materialDisciplines(semesterId: number | null) {
      const withMaterials = db
        .select({ id: umkMaterials.disciplineId })
        .from(umkMaterials)
        .where(semesterId ? eq(umkMaterials.semesterId, semesterId) : undefined);
      return db
        .select(disciplineColumns)
        .from(disciplines)
        .where(inArray(disciplines.id, withMaterials))
        .orderBy(disciplines.name, disciplines.id);
    },

    async teaches(teacherId: number, disciplineId: number): Promise<boolean> {
      const [taught, own] = await Promise.all([
        db
          .select({ x: sql`1` })
          .from(teachingAssignments)
          .where(and(eq(teachingAssignments.teacherId, teacherId), eq(teachingAssignments.disciplineId, disciplineId)))
          .limit(1),
        db
          .select({ x: sql`1` })
          .from(umkMaterials)
          .where(and(eq(umkMaterials.teacherId, teacherId), eq(umkMaterials.disciplineId, disciplineId)))
          .limit(1),
      ]);
      return taught.length > 0 || own.length > 0;
    },

    /** Teachers with materials in scope, by name. */
    async teachers(scope: MaterialScope, filter: Partial<MaterialFilter>) {
      const withMaterials = db
        .select({ id: umkMaterials.teacherId })
        .from(umkMaterials)
        .where(and(visible(scope), filtered(filter)));
      return db
        .select({ id: users.id, name: fullName })
        .from(users)
        .where(inArray(users.id, withMaterials))
        .orderBy(users.lastName, users.firstName, users.id);
    },

    async page(scope: MaterialScope, filter: MaterialFilter, offset: number, limit: number): Promise<MaterialRow[]> {
      const rows = await selectMaterials()
        .where(and(visible(scope), filtered(filter)))
        .orderBy(desc(umkMaterials.createdAt), desc(umkMaterials.id))
        .limit(limit)
        .offset(offset);
      return rows as MaterialRow[];
    },

    async count(scope: MaterialScope, filter: MaterialFilter): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(umkMaterials)
        .where(and(visible(scope), filtered(filter)));
      return row?.n ?? 0;
    },

    /** A material in `scope`; `on` a transaction to read what it wrote. */
    async material(id: number, scope: MaterialScope, on: Db = db): Promise<MaterialRow | null> {
      const rows = await selectMaterials(on)
        .where(and(eq(umkMaterials.id, id), visible(scope)))
        .limit(1);
      return (rows[0] as MaterialRow | undefined) ?? null;
    },

    /** Which of the referenced records are missing. */
    async missingReferences(refs: {
      typeId: number;
      semesterId: number;
      examinationTypeId: number;
      disciplineId: number;
      bookCategoryId: number | null;
    }): Promise<string[]> {
      const res = (await db.execute(sql`select
        exists(select 1 from ${umkTypes} where ${umkTypes.id} = ${refs.typeId}) as type,
        exists(select 1 from ${semesters} where ${semesters.id} = ${refs.semesterId}) as semester,
        exists(select 1 from ${examinationTypes} where ${examinationTypes.id} = ${refs.examinationTypeId}) as exam,
        exists(select 1 from ${disciplines} where ${disciplines.id} = ${refs.disciplineId}) as discipline,
        exists(select 1 from ${libraryCategories} where ${libraryCategories.id} = ${refs.bookCategoryId ?? 0}) as category`)) as unknown as {
        rows: { type: boolean; semester: boolean; exam: boolean; discipline: boolean; category: boolean }[];
      };
      const row = res.rows[0];
      const missing: string[] = [];
      if (!row?.type) missing.push('id_typeUmk');
      if (!row?.semester) missing.push('id_semester');
      if (!row?.exam) missing.push('id_examination');
      if (!row?.discipline) missing.push('id_discipline');
      if (refs.bookCategoryId !== null && !row?.category) missing.push('id_bookCategory');
      return missing;
    },

    /** Inserts a material; `finish` runs last in its change transaction (its library entry, the reply, the file). */
    async insert(
      teacherId: number,
      fields: MaterialFields,
      file: MaterialFile,
      finish: (change: Change, id: number, file: MaterialFile) => Promise<void>,
    ): Promise<number> {
      return changes.transaction(async (tx, change) => {
        const [row] = await tx
          .insert(umkMaterials)
          .values({ teacherId, ...fields, ...file })
          .returning({ id: umkMaterials.id });
        if (!row) throw new Error('No id for a material just inserted');
        await finish(change, row.id, file);
        return row.id;
      });
    },

    /**
     * Changes a material (its file when `file` is given); `finish` runs last in its change transaction with the file
     * the material now has. Returns the key of the file it had.
     */
    async update(
      id: number,
      fields: MaterialFields,
      file: MaterialFile | null,
      finish: (change: Change, id: number, file: MaterialFile) => Promise<void>,
    ): Promise<string> {
      return changes.transaction(async (tx, change) => {
        const [old] = await tx
          .select({ fileName: umkMaterials.fileName, fileKey: umkMaterials.fileKey, fileSize: umkMaterials.fileSize })
          .from(umkMaterials)
          .where(eq(umkMaterials.id, id))
          .for('update');
        if (!old) throw new Error(`Material ${id} vanished`);
        await tx
          .update(umkMaterials)
          .set({ ...fields, ...(file ?? {}), updatedAt: sql`now()` })
          .where(eq(umkMaterials.id, id));
        await finish(change, id, file ?? old);
        return old.fileKey;
      });
    },

    /** Deletes a material; `first` runs in its transaction before (its library entry). Returns its file's key. */
    async delete(id: number, first: (change: Change) => Promise<void>): Promise<string | null> {
      return changes.transaction(async (tx, change) => {
        await first(change);
        const [row] = await tx
          .delete(umkMaterials)
          .where(eq(umkMaterials.id, id))
          .returning({ fileKey: umkMaterials.fileKey });
        return row?.fileKey ?? null;
      });
    },
  };
}

export type UmkRepository = ReturnType<typeof createUmkRepository>;
