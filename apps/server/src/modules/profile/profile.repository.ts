import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { departments, faculties, groups, specialities } from '../../db/schema/university.ts';
import { countries, educationLevels, nationalities, positions, users } from '../../db/schema/users.ts';

export function createProfileRepository(db: Db) {
  return {
    async profile(userId: number) {
      const rows = await db
        // A left-joined table's fields all null make the object null (drizzle): no such value.
        .select({
          lastName: users.lastName,
          firstName: users.firstName,
          patronymic: users.patronymic,
          role: users.role,
          gender: users.gender,
          birthDate: users.birthDate,
          nationality: {
            name: nationalities.name,
            nameFemale: nationalities.nameFemale,
            nameKg: nationalities.nameKg,
            nameEn: nationalities.nameEn,
          },
          citizenship: { name: countries.name, nameKg: countries.nameKg, nameEn: countries.nameEn },
          taxId: users.taxId,
          phone: users.phone,
          education: { name: educationLevels.name, nameKg: educationLevels.nameKg, nameEn: educationLevels.nameEn },
          group: groups.name,
          position: { name: positions.name, nameKg: positions.nameKg, nameEn: positions.nameEn },
          faculty: { name: faculties.name, nameKg: faculties.nameKg, nameEn: faculties.nameEn },
        })
        .from(users)
        .leftJoin(nationalities, eq(nationalities.id, users.nationalityId))
        .leftJoin(countries, eq(countries.id, users.citizenshipId))
        .leftJoin(educationLevels, eq(educationLevels.id, users.educationId))
        .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
        .leftJoin(groups, eq(groups.id, studentProfiles.groupId))
        .leftJoin(specialities, eq(specialities.id, groups.specialityId))
        .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
        .leftJoin(positions, eq(positions.id, teacherProfiles.positionId))
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
