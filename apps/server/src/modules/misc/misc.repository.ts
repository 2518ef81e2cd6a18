import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import { faculties, groups, streamGroups, subgroups, teachingAssignments } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';

export function createMiscRepository(db: Db) {
  return {
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
