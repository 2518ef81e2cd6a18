import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import { settings } from '../../db/schema/settings.ts';
import {
  academicYears,
  faculties,
  groups,
  halfYears,
  streamGroups,
  subgroups,
  teachingAssignments,
} from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';

export function createMiscRepository(db: Db) {
  return {
    async getSetting<T>(key: string): Promise<T | null> {
      const rows = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key));
      return (rows[0]?.value as T | undefined) ?? null;
    },

    async putSetting(key: string, value: unknown): Promise<void> {
      await db
        .insert(settings)
        .values({ key, value })
        .onConflictDoUpdate({ target: settings.key, set: { value, updatedAt: sql`now()` } });
    },

    /** The half-year whose dates contain `day` (YYYY-MM-DD), if the calendar has one. */
    async halfYearOn(day: string): Promise<{ academicYearId: number; kind: number } | null> {
      const rows = await db
        .select({ academicYearId: halfYears.academicYearId, kind: halfYears.kind })
        .from(halfYears)
        .where(and(lte(halfYears.startsOn, day), gte(halfYears.endsOn, day)))
        .limit(1);
      return rows[0] ?? null;
    },

    async academicYearOn(day: string): Promise<{ id: number; name: string } | null> {
      const rows = await db
        .select({ id: academicYears.id, name: academicYears.name })
        .from(academicYears)
        .where(and(lte(academicYears.startsOn, day), gte(academicYears.endsOn, day)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** A half-year of the calendar: its first and last day (YYYY-MM-DD), or null when the calendar has none. */
    async halfYear(year: number, kind: number): Promise<{ startsOn: string; endsOn: string } | null> {
      const rows = await db
        .select({ startsOn: halfYears.startsOn, endsOn: halfYears.endsOn })
        .from(halfYears)
        .where(and(eq(halfYears.academicYearId, year), eq(halfYears.kind, kind)));
      return rows[0] ?? null;
    },

    /** A student's group, or null when the id is no student's. */
    async studentGroup(studentId: number) {
      const rows = await db
        .select({
          groupId: groups.id,
          name: groups.name,
          admissionYear: groups.admissionYear,
          studyForm: groups.studyForm,
        })
        .from(studentProfiles)
        .innerJoin(groups, eq(groups.id, studentProfiles.groupId))
        .where(eq(studentProfiles.userId, studentId));
      return rows[0] ?? null;
    },

    /** Whether a teacher teaches a group (itself, a subgroup of it or a stream it is in) in an academic year. */
    async teachesGroup(teacherId: number, groupId: number, year: number): Promise<boolean> {
      const rows = await db
        .select({ id: teachingAssignments.id })
        .from(teachingAssignments)
        .where(
          and(
            eq(teachingAssignments.teacherId, teacherId),
            eq(teachingAssignments.academicYearId, year),
            sql`(${teachingAssignments.groupId} = ${groupId}
              or ${teachingAssignments.subgroupId} in (select ${subgroups.id} from ${subgroups} where ${subgroups.groupId} = ${groupId})
              or ${teachingAssignments.streamId} in (select ${streamGroups.streamId} from ${streamGroups} where ${streamGroups.groupId} = ${groupId}))`,
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** Every faculty, by id. */
    async faculties(): Promise<{ id: number; name: string; nameKg: string; nameEn: string; shortName: string }[]> {
      return db
        .select({
          id: faculties.id,
          name: faculties.name,
          nameKg: faculties.nameKg,
          nameEn: faculties.nameEn,
          shortName: faculties.shortName,
        })
        .from(faculties)
        .orderBy(faculties.id);
    },

    async photoKey(userId: number): Promise<string | null> {
      const rows = await db.select({ key: users.photoKey }).from(users).where(eq(users.id, userId));
      return rows[0]?.key ?? null;
    },
  };
}

export type MiscRepository = ReturnType<typeof createMiscRepository>;
