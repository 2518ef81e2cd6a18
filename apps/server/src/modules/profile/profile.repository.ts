import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { departments, faculties, groups, specialities } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';

export function createProfileRepository(db: Db) {
  return {
    async profile(userId: number) {
      const rows = await db
        .select({
          lastName: users.lastName,
          firstName: users.firstName,
          patronymic: users.patronymic,
          role: users.role,
          gender: users.gender,
          birthDate: users.birthDate,
          nationality: users.nationality,
          citizenship: users.citizenship,
          taxId: users.taxId,
          phone: users.phone,
          education: users.education,
          group: groups.name,
          position: teacherProfiles.position,
          faculty: faculties.name,
        })
        .from(users)
        .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
        .leftJoin(groups, eq(groups.id, studentProfiles.groupId))
        .leftJoin(specialities, eq(specialities.id, groups.specialityId))
        .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
        .leftJoin(
          departments,
          sql`${departments.id} = coalesce(${specialities.departmentId}, ${teacherProfiles.departmentId})`,
        )
        .leftJoin(faculties, eq(faculties.id, departments.facultyId))
        .where(eq(users.id, userId));
      return rows[0] ?? null;
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
