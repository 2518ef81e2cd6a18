import type { CorrectionStatus, CorrectionTopic } from '@okuu/contracts/card/card';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { correctionRequests, groupMoves } from '../../db/schema/card.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { curriculum, departments, faculties, groups, semesters, specialities } from '../../db/schema/university.ts';
import { countries, educationLevels, nationalities, positions, users } from '../../db/schema/users.ts';
import { type Changes, transactionOf } from '../../lib/changes.ts';

interface Named {
  name: string;
  nameKg: string;
  nameEn: string;
}

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;
const names = (t: { name: unknown; nameKg: unknown; nameEn: unknown }) =>
  sql<Named>`json_build_object('name', ${t.name}, 'nameKg', ${t.nameKg}, 'nameEn', ${t.nameEn})`;

/** A group move as the staff change path or the import gives it. */
export interface GroupMoveInput {
  studentId: number;
  fromGroupId: number | null;
  toGroupId: number;
  source: 'staff' | 'import';
}

export interface CorrectionRow {
  id: number;
  topic: CorrectionTopic;
  text: string;
  status: CorrectionStatus;
  comment: string | null;
  createdAt: Date;
  updatedAt: Date;
  userId: number;
  userName: string;
  userRole: number;
}

const correctionColumns = {
  id: correctionRequests.id,
  topic: sql<CorrectionTopic>`${correctionRequests.topic}`,
  text: correctionRequests.text,
  status: correctionRequests.status,
  comment: correctionRequests.comment,
  createdAt: correctionRequests.createdAt,
  updatedAt: correctionRequests.updatedAt,
  userId: users.id,
  userName: fullName,
  userRole: sql<number>`${users.role}::int`,
};

function queries(db: Db) {
  return {
    /** One correction request, locked for the rest of the transaction. */
    async lockCorrection(id: number): Promise<CorrectionRow | null> {
      const [row] = await db
        .select(correctionColumns)
        .from(correctionRequests)
        .innerJoin(users, eq(users.id, correctionRequests.userId))
        .where(eq(correctionRequests.id, id))
        .for('update', { of: correctionRequests });
      return row ?? null;
    },
    async correction(id: number): Promise<CorrectionRow | null> {
      const [row] = await db
        .select(correctionColumns)
        .from(correctionRequests)
        .innerJoin(users, eq(users.id, correctionRequests.userId))
        .where(eq(correctionRequests.id, id));
      return row ?? null;
    },
    async setStatus(id: number, status: CorrectionStatus, comment: string | null, by: number) {
      await db
        .update(correctionRequests)
        .set({ status, comment, handledBy: by, updatedAt: sql`now()` })
        .where(eq(correctionRequests.id, id));
    },
    /** Locks the person's row: two requests of one person at once are counted one after the other. */
    async lockPerson(userId: number) {
      await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    },
    async openCount(userId: number): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(correctionRequests)
        .where(and(eq(correctionRequests.userId, userId), inArray(correctionRequests.status, ['new', 'in_progress'])));
      return row?.n ?? 0;
    },
    async insertCorrection(userId: number, topic: CorrectionTopic, text: string): Promise<number> {
      const [row] = await db
        .insert(correctionRequests)
        .values({ userId, topic, text })
        .returning({ id: correctionRequests.id });
      if (!row) throw new Error('The correction request was not stored');
      return row.id;
    },
  };
}

export function createCardRepository(db: Db, changes: Changes) {
  return {
    ...queries(db),
    transaction: transactionOf(changes, queries),

    /** A person's own data (any role); null when there is no such account. */
    async person(userId: number) {
      const [row] = await db
        .select({
          id: users.id,
          role: sql<number>`${users.role}::int`,
          fullName,
          gender: users.gender,
          birthDate: users.birthDate,
          nationality: {
            name: nationalities.name,
            nameFemale: nationalities.nameFemale,
            nameKg: nationalities.nameKg,
            nameEn: nationalities.nameEn,
          },
          citizenship: { name: countries.name, nameKg: countries.nameKg, nameEn: countries.nameEn },
          phone: users.phone,
          education: { name: educationLevels.name, nameKg: educationLevels.nameKg, nameEn: educationLevels.nameEn },
        })
        .from(users)
        .leftJoin(nationalities, eq(nationalities.id, users.nationalityId))
        .leftJoin(countries, eq(countries.id, users.citizenshipId))
        .leftJoin(educationLevels, eq(educationLevels.id, users.educationId))
        .where(eq(users.id, userId));
      return row ?? null;
    },

    /** A student's place in the university: record book, group, speciality, department, faculty. */
    async student(userId: number) {
      const [row] = await db
        .select({
          recordBook: studentProfiles.recordBook,
          groupId: groups.id,
          group: groups.name,
          studyForm: groups.studyForm,
          admissionYear: groups.admissionYear,
          specialityId: specialities.id,
          speciality: sql<
            Named & { code: string }
          >`json_build_object('code', ${specialities.code}, 'name', ${specialities.name}, 'nameKg', ${specialities.nameKg}, 'nameEn', ${specialities.nameEn})`,
          department: names(departments),
          faculty: names(faculties),
        })
        .from(studentProfiles)
        .innerJoin(groups, eq(groups.id, studentProfiles.groupId))
        .innerJoin(specialities, eq(specialities.id, groups.specialityId))
        .innerJoin(departments, eq(departments.id, specialities.departmentId))
        .innerJoin(faculties, eq(faculties.id, departments.facultyId))
        .where(eq(studentProfiles.userId, userId));
      return row ?? null;
    },

    /** A teacher's department (with its faculty) and position. */
    async teacher(userId: number) {
      const [row] = await db
        .select({ department: names(departments), faculty: names(faculties), position: names(positions) })
        .from(teacherProfiles)
        .innerJoin(departments, eq(departments.id, teacherProfiles.departmentId))
        .innerJoin(faculties, eq(faculties.id, departments.facultyId))
        .innerJoin(positions, eq(positions.id, teacherProfiles.positionId))
        .where(eq(teacherProfiles.userId, userId));
      return row ?? null;
    },

    /** The credits a speciality's curriculum plans in each semester (electives not counted), by semester number. */
    async plannedCredits(specialityId: number) {
      return db
        .select({
          semesterId: semesters.id,
          number: sql<number>`${semesters.number}::int`,
          name: semesters.name,
          nameKg: semesters.nameKg,
          nameEn: semesters.nameEn,
          planned: sql<number>`coalesce(sum(${curriculum.credits}) filter (where not ${curriculum.isElective}), 0)::int`,
        })
        .from(curriculum)
        .innerJoin(semesters, eq(semesters.id, curriculum.semesterId))
        .where(eq(curriculum.specialityId, specialityId))
        .groupBy(semesters.id)
        .orderBy(asc(semesters.number));
    },

    /** Semesters by id (those a result names that the plan lacks). */
    async semesters(ids: number[]) {
      if (!ids.length) return [];
      return db
        .select({
          semesterId: semesters.id,
          number: sql<number>`${semesters.number}::int`,
          name: semesters.name,
          nameKg: semesters.nameKg,
          nameEn: semesters.nameEn,
        })
        .from(semesters)
        .where(inArray(semesters.id, ids));
    },

    /** A student's group moves, newest first. */
    async moves(studentId: number) {
      const from = alias(groups, 'from_group');
      const to = alias(groups, 'to_group');
      return db
        .select({ at: groupMoves.at, from: from.name, to: to.name, source: groupMoves.source })
        .from(groupMoves)
        .innerJoin(to, eq(to.id, groupMoves.toGroupId))
        .leftJoin(from, eq(from.id, groupMoves.fromGroupId))
        .where(eq(groupMoves.studentId, studentId))
        .orderBy(desc(groupMoves.at), desc(groupMoves.id));
    },

    /** Writes group moves as part of another module's change (its transaction's connection). */
    async insertMoves(tx: Db, moves: readonly GroupMoveInput[]) {
      if (moves.length) await tx.insert(groupMoves).values([...moves]);
    },

    async mine(userId: number): Promise<CorrectionRow[]> {
      return db
        .select(correctionColumns)
        .from(correctionRequests)
        .innerJoin(users, eq(users.id, correctionRequests.userId))
        .where(eq(correctionRequests.userId, userId))
        .orderBy(desc(correctionRequests.createdAt), desc(correctionRequests.id))
        .limit(100);
    },

    /** A page of the queue in one status (one more row than asked: is there a next page). */
    async queue(status: CorrectionStatus, offset: number, limit: number): Promise<CorrectionRow[]> {
      const open = status === 'new' || status === 'in_progress';
      return db
        .select(correctionColumns)
        .from(correctionRequests)
        .innerJoin(users, eq(users.id, correctionRequests.userId))
        .where(eq(correctionRequests.status, status))
        .orderBy(
          open ? asc(correctionRequests.createdAt) : desc(correctionRequests.updatedAt),
          open ? asc(correctionRequests.id) : desc(correctionRequests.id),
        )
        .offset(offset)
        .limit(limit);
    },

    async countsByStatus(): Promise<Partial<Record<CorrectionStatus, number>>> {
      const rows = await db
        .select({ status: correctionRequests.status, n: count() })
        .from(correctionRequests)
        .groupBy(correctionRequests.status);
      return Object.fromEntries(rows.map((r) => [r.status, r.n]));
    },

    /** When the oldest new request was made (null: none is new). */
    async oldestNew(): Promise<Date | null> {
      const [row] = await db
        .select({ at: sql<string | null>`min(${correctionRequests.createdAt})` })
        .from(correctionRequests)
        .where(eq(correctionRequests.status, 'new'));
      return row?.at ? new Date(row.at) : null;
    },
  };
}

export type CardRepository = ReturnType<typeof createCardRepository>;
