import type { GradeBand } from '@okuu/contracts/transcript/grade-scale';
import { and, asc, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import { finalResults, gradeScale } from '../../db/schema/transcript.ts';
import {
  academicYears,
  departments,
  disciplines,
  faculties,
  groups,
  semesters,
  specialities,
} from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';
import type { Changes } from '../../lib/changes.ts';

interface Names {
  name: string;
  nameKg: string;
  nameEn: string;
}

export interface StudentHeader {
  id: number;
  fullName: string;
  birthDate: string | null;
  groupId: number;
  group: string;
  studyForm: 'full_time' | 'part_time';
  recordBook: string | null;
  faculty: Names;
  speciality: Names & { code: string };
}

export interface ResultRow {
  academicYearId: number;
  academicYearName: string;
  halfYearKind: number;
  semesterId: number;
  semester: Names;
  disciplineId: number;
  code: string;
  name: string;
  nameKg: string;
  nameEn: string;
  credits: number;
  points: number;
  /** Null only if the scale has no band for the points (the service keeps it whole). */
  letter: string | null;
  numericX100: number | null;
}

/** A final result as another module gives it (a closed grading sheet's). */
export interface FinalResultInput {
  studentId: number;
  disciplineId: number;
  academicYearId: number;
  halfYearKind: number;
  semesterId: number;
  examinationTypeId: number | null;
  credits: number;
  points: number;
}

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;
const names = (t: { name: unknown; nameKg: unknown; nameEn: unknown }) =>
  sql<Names>`json_build_object('name', ${t.name}, 'nameKg', ${t.nameKg}, 'nameEn', ${t.nameEn})`;

export function createTranscriptRepository(db: Db, changes: Changes) {
  return {
    /** A student's header data; null when `studentId` is not a student. */
    async student(studentId: number): Promise<StudentHeader | null> {
      const [row] = await db
        .select({
          id: users.id,
          fullName,
          birthDate: users.birthDate,
          groupId: groups.id,
          group: groups.name,
          studyForm: groups.studyForm,
          recordBook: studentProfiles.recordBook,
          faculty: names(faculties),
          speciality: sql<
            StudentHeader['speciality']
          >`json_build_object('code', ${specialities.code}, 'name', ${specialities.name}, 'nameKg', ${specialities.nameKg}, 'nameEn', ${specialities.nameEn})`,
        })
        .from(users)
        .innerJoin(studentProfiles, eq(studentProfiles.userId, users.id))
        .innerJoin(groups, eq(groups.id, studentProfiles.groupId))
        .innerJoin(specialities, eq(specialities.id, groups.specialityId))
        .innerJoin(departments, eq(departments.id, specialities.departmentId))
        .innerJoin(faculties, eq(faculties.id, departments.facultyId))
        .where(and(eq(users.id, studentId), eq(users.role, 2)))
        .limit(1);
      return (row as StudentHeader | undefined) ?? null;
    },

    /** A student's final results in order (year, half-year, discipline code), graded by the scale in force. */
    async results(studentId: number): Promise<ResultRow[]> {
      return (await db
        .select({
          academicYearId: finalResults.academicYearId,
          academicYearName: academicYears.name,
          halfYearKind: finalResults.halfYearKind,
          semesterId: finalResults.semesterId,
          semester: names(semesters),
          disciplineId: disciplines.id,
          code: disciplines.code,
          name: disciplines.name,
          nameKg: disciplines.nameKg,
          nameEn: disciplines.nameEn,
          credits: finalResults.credits,
          points: finalResults.points,
          letter: gradeScale.letter,
          numericX100: gradeScale.numericX100,
        })
        .from(finalResults)
        .innerJoin(academicYears, eq(academicYears.id, finalResults.academicYearId))
        .innerJoin(semesters, eq(semesters.id, finalResults.semesterId))
        .innerJoin(disciplines, eq(disciplines.id, finalResults.disciplineId))
        .leftJoin(
          gradeScale,
          and(lte(gradeScale.minPoints, finalResults.points), gte(gradeScale.maxPoints, finalResults.points)),
        )
        .where(eq(finalResults.studentId, studentId))
        .orderBy(
          asc(finalResults.academicYearId),
          asc(finalResults.halfYearKind),
          asc(disciplines.code),
        )) as ResultRow[];
    },

    /**
     * Writes final results as part of another module's change (a grading sheet's close): one per student, discipline
     * and half-year, replacing what was there (a re-close, a retake).
     */
    async putResults(tx: Db, results: readonly FinalResultInput[]): Promise<void> {
      if (!results.length) return;
      await tx
        .insert(finalResults)
        .values(results.map((r) => ({ ...r, recordedAt: new Date() })))
        .onConflictDoUpdate({
          target: [
            finalResults.studentId,
            finalResults.academicYearId,
            finalResults.halfYearKind,
            finalResults.disciplineId,
          ],
          set: {
            semesterId: sql`excluded.semester_id`,
            examinationTypeId: sql`excluded.examination_type_id`,
            credits: sql`excluded.credits`,
            points: sql`excluded.points`,
            recordedAt: sql`excluded.recorded_at`,
          },
        });
    },

    /** The grading scale, best band first. */
    async scale(): Promise<GradeBand[]> {
      const rows = await db
        .select({
          letter: gradeScale.letter,
          minPoints: gradeScale.minPoints,
          maxPoints: gradeScale.maxPoints,
          numericX100: gradeScale.numericX100,
        })
        .from(gradeScale)
        .orderBy(desc(gradeScale.minPoints));
      return rows.map(({ numericX100, ...band }) => ({ ...band, numeric: numericX100 / 100 }));
    },

    /** Replaces the whole scale in one transaction (readers see the old one or the new one, never a mix). */
    async replaceScale(bands: readonly GradeBand[]): Promise<void> {
      await changes.transaction(async (tx, change) => {
        const old = await tx.delete(gradeScale).returning();
        change.announce('scale');
        change.audit({
          targetType: 'gradeScale',
          before: old.map((b) => ({
            letter: b.letter,
            minPoints: b.minPoints,
            maxPoints: b.maxPoints,
            numeric: b.numericX100 / 100,
          })),
          after: bands,
        });
        await tx.insert(gradeScale).values(
          bands.map((band) => ({
            letter: band.letter,
            minPoints: band.minPoints,
            maxPoints: band.maxPoints,
            numericX100: Math.round(band.numeric * 100),
          })),
        );
      });
    },
  };
}

export type TranscriptRepository = ReturnType<typeof createTranscriptRepository>;
