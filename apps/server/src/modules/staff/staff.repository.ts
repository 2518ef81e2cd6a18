import { and, asc, desc, eq, gte, ilike, isNotNull, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { departments, groups } from '../../db/schema/university.ts';
import { positions, sessions, users } from '../../db/schema/users.ts';
import { type Changes, transactionOf } from '../../lib/changes.ts';

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;

/** A LIKE pattern that matches `text` literally anywhere. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A day (YYYY-MM-DD) at midnight in Asia/Bishkek. */
const bishkekDay = (day: string) => sql`(${day}::date)::timestamp at time zone 'Asia/Bishkek'`;

export interface PeopleFilter {
  q: string;
  role: number | null;
  groupId: number | null;
  status: 'active' | 'blocked' | null;
}

export interface AuditFilter {
  actorId: number | null;
  targetId: number | null;
  action: string | null;
  from: string | null;
  to: string | null;
}

export interface NewPerson {
  role: number;
  login: string;
  passwordHash: string;
  lastName: string;
  firstName: string;
  patronymic: string | null;
}

function queries(db: Db) {
  return {
    async findPerson(id: number) {
      const rows = await db
        .select({
          id: users.id,
          login: users.login,
          lastName: users.lastName,
          firstName: users.firstName,
          patronymic: sql<string>`coalesce(${users.patronymic}, '')`,
          fullName,
          role: users.role,
          groupId: studentProfiles.groupId,
          group: groups.name,
          department: { name: departments.name, nameKg: departments.nameKg, nameEn: departments.nameEn },
          position: { name: positions.name, nameKg: positions.nameKg, nameEn: positions.nameEn },
          newsPerms: users.newsPerms,
          blockedAt: users.blockedAt,
          mustChangeCredentials: users.mustChangeCredentials,
          createdAt: users.createdAt,
        })
        .from(users)
        .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
        .leftJoin(groups, eq(groups.id, studentProfiles.groupId))
        .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
        .leftJoin(departments, eq(departments.id, teacherProfiles.departmentId))
        .leftJoin(positions, eq(positions.id, teacherProfiles.positionId))
        .where(eq(users.id, id))
        .limit(1);
      return rows[0] ?? null;
    },

    async loginTaken(login: string): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(eq(sql`lower(${users.login})`, login.toLowerCase()))
        .limit(1);
      return rows.length > 0;
    },

    async groupExists(id: number) {
      return (await db.select({ id: groups.id }).from(groups).where(eq(groups.id, id))).length > 0;
    },
    async departmentExists(id: number) {
      return (await db.select({ id: departments.id }).from(departments).where(eq(departments.id, id))).length > 0;
    },
    async positionExists(id: number) {
      return (await db.select({ id: positions.id }).from(positions).where(eq(positions.id, id))).length > 0;
    },

    /** Locks the person's row for the rest of the transaction (two staff changing one person queue up). */
    async lockPerson(id: number): Promise<boolean> {
      const rows = await db.select({ id: users.id }).from(users).where(eq(users.id, id)).for('update');
      return rows.length > 0;
    },

    async insertPerson(p: NewPerson): Promise<number> {
      const [row] = await db
        .insert(users)
        .values({ ...p, mustChangeCredentials: true })
        .returning({ id: users.id });
      if (!row) throw new Error('The new person was not stored');
      return row.id;
    },
    async insertStudentProfile(userId: number, groupId: number) {
      await db.insert(studentProfiles).values({ userId, groupId });
    },
    async insertTeacherProfile(userId: number, departmentId: number, positionId: number) {
      await db.insert(teacherProfiles).values({ userId, departmentId, positionId });
    },
    async setGroup(userId: number, groupId: number) {
      await db.update(studentProfiles).set({ groupId }).where(eq(studentProfiles.userId, userId));
    },
    async setNewsPerms(userId: number, newsPerms: boolean) {
      await db.update(users).set({ newsPerms }).where(eq(users.id, userId));
    },
    async setBlocked(userId: number, blocked: boolean) {
      await db
        .update(users)
        .set({ blockedAt: blocked ? sql`now()` : null })
        .where(eq(users.id, userId));
    },
    async setIssuedCredentials(userId: number, login: string, passwordHash: string) {
      await db.update(users).set({ login, passwordHash, mustChangeCredentials: true }).where(eq(users.id, userId));
    },
    /** Revokes every live session of the user. */
    async revokeSessions(userId: number) {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
    },
  };
}

export function createStaffRepository(db: Db, changes: Changes) {
  return {
    ...queries(db),

    /** Runs `fn` in one change transaction: the change, its announcement and its audit row commit together. */
    transaction: transactionOf(changes, queries),

    async searchPeople(f: PeopleFilter, page: number, pageSize: number) {
      const conditions: (SQL | undefined)[] = [
        f.q ? or(ilike(fullName, containing(f.q)), ilike(users.login, containing(f.q))) : undefined,
        f.role === null ? undefined : eq(users.role, f.role),
        f.groupId === null ? undefined : eq(studentProfiles.groupId, f.groupId),
        f.status === 'blocked'
          ? isNotNull(users.blockedAt)
          : f.status === 'active'
            ? isNull(users.blockedAt)
            : undefined,
      ];
      const where = and(...conditions);
      const rows = await db
        .select({
          id: users.id,
          login: users.login,
          fullName,
          role: users.role,
          group: groups.name,
          blocked: sql<boolean>`${users.blockedAt} is not null`,
          total: sql<number>`(count(*) over ())::int`,
        })
        .from(users)
        .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
        .leftJoin(groups, eq(groups.id, studentProfiles.groupId))
        .where(where)
        .orderBy(
          // The person whose login is exactly the query comes first (student2 among student20…student299).
          ...(f.q ? [desc(sql`lower(${users.login}) = ${f.q.toLowerCase()}`)] : []),
          asc(users.lastName),
          asc(users.firstName),
          asc(users.id),
        )
        .limit(pageSize + 1)
        .offset((page - 1) * pageSize);
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const [count] = await db
          .select({ n: sql<number>`count(*)::int` })
          .from(users)
          .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
          .where(where);
        total = count?.n ?? 0;
      }
      return { rows: rows.map(({ total: _, ...row }) => row), total };
    },

    async options() {
      const [g, d, p] = await Promise.all([
        db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name)),
        db
          .select({
            id: departments.id,
            name: departments.name,
            nameKg: departments.nameKg,
            nameEn: departments.nameEn,
          })
          .from(departments)
          .orderBy(asc(departments.name)),
        db
          .select({ id: positions.id, name: positions.name, nameKg: positions.nameKg, nameEn: positions.nameEn })
          .from(positions)
          .orderBy(asc(positions.id)),
      ]);
      return { groups: g, departments: d, positions: p };
    },

    async auditPage(f: AuditFilter, page: number, pageSize: number) {
      const where = and(
        f.actorId === null ? undefined : eq(auditLog.actorId, f.actorId),
        f.targetId === null ? undefined : eq(auditLog.targetId, f.targetId),
        f.action === null ? undefined : eq(auditLog.action, f.action),
        f.from === null ? undefined : gte(auditLog.at, bishkekDay(f.from)),
        f.to === null ? undefined : lt(auditLog.at, sql`${bishkekDay(f.to)} + interval '1 day'`),
      );
      const [rows, [count], actors] = await Promise.all([
        db
          .select()
          .from(auditLog)
          .where(where)
          .orderBy(desc(auditLog.at), desc(auditLog.id))
          .limit(pageSize + 1)
          .offset((page - 1) * pageSize),
        db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(where),
        db
          .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, name: auditLog.actorName })
          .from(auditLog)
          .orderBy(auditLog.actorId, desc(auditLog.id)),
      ]);
      return { rows, total: count?.n ?? 0, actors };
    },
  };
}

export type StaffQueries = ReturnType<typeof queries>;
export type StaffRepository = ReturnType<typeof createStaffRepository>;
