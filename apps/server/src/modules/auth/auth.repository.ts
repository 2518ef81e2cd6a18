import { and, count, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { departments, groups, specialities } from '../../db/schema/university.ts';
import { authFailures, sessions, users } from '../../db/schema/users.ts';
import type { AuthUser } from '../../lib/session.ts';

const teacherDepartments = alias(departments, 'teacher_departments');

const fullName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;

function userColumns() {
  return {
    id: users.id,
    role: users.role,
    login: users.login,
    fullName,
    newsPerms: users.newsPerms,
    groupId: studentProfiles.groupId,
    groupName: groups.name,
    position: teacherProfiles.position,
    facultyId: sql<number | null>`coalesce(${departments.facultyId}, ${teacherDepartments.facultyId})`,
    hasPhoto: sql<boolean>`${users.photoKey} is not null`,
  };
}

export function createAuthRepository(db: Db) {
  const sessionLookup = db
    .select({ ...userColumns(), sessionId: sessions.id, sessionExpiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
    .leftJoin(groups, eq(groups.id, studentProfiles.groupId))
    .leftJoin(specialities, eq(specialities.id, groups.specialityId))
    .leftJoin(departments, eq(departments.id, specialities.departmentId))
    .leftJoin(teacherProfiles, eq(teacherProfiles.userId, users.id))
    .leftJoin(teacherDepartments, eq(teacherDepartments.id, teacherProfiles.departmentId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('auth_session_lookup');

  return {
    async findSessionUser(tokenHash: Buffer): Promise<AuthUser | null> {
      const rows = (await sessionLookup.execute({ hash: tokenHash })) as AuthUser[];
      return rows[0] ?? null;
    },

    async findCredentials(login: string) {
      const rows = await db
        .select({
          id: users.id,
          passwordHash: users.passwordHash,
          mustChangeCredentials: users.mustChangeCredentials,
        })
        .from(users)
        .where(eq(sql`lower(${users.login})`, login.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
    },

    async findPasswordHash(userId: number): Promise<string | null> {
      const rows = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
      return rows[0]?.hash ?? null;
    },

    async loginTakenByOther(login: string, userId: number): Promise<boolean> {
      const rows = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(sql`lower(${users.login})`, login.toLowerCase()), ne(users.id, userId)))
        .limit(1);
      return rows.length > 0;
    },

    async createSession(userId: number, tokenHash: Buffer, expiresAt: Date, ip: string): Promise<void> {
      await db.insert(sessions).values({ userId, tokenHash, expiresAt, ip });
    },

    async revokeSession(tokenHash: Buffer): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
    },

    /** Revokes every live session of the user except `keepSessionId` (none kept when null). */
    async revokeUserSessions(userId: number, keepSessionId: number | null): Promise<void> {
      await db
        .update(sessions)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(sessions.userId, userId),
            isNull(sessions.revokedAt),
            keepSessionId === null ? undefined : ne(sessions.id, keepSessionId),
          ),
        );
    },

    async setCredentials(userId: number, login: string, passwordHash: string): Promise<void> {
      await db.update(users).set({ login, passwordHash, mustChangeCredentials: false }).where(eq(users.id, userId));
    },

    async setPassword(userId: number, passwordHash: string): Promise<void> {
      await db.update(users).set({ passwordHash, mustChangeCredentials: false }).where(eq(users.id, userId));
    },

    async countRecentFailures(login: string, ip: string, since: Date): Promise<{ byLogin: number; byIp: number }> {
      const [byLogin, byIp] = await Promise.all([
        db
          .select({ n: count() })
          .from(authFailures)
          .where(and(eq(authFailures.login, login.toLowerCase()), gt(authFailures.createdAt, since))),
        db
          .select({ n: count() })
          .from(authFailures)
          .where(and(eq(authFailures.ip, ip), gt(authFailures.createdAt, since))),
      ]);
      return { byLogin: byLogin[0]?.n ?? 0, byIp: byIp[0]?.n ?? 0 };
    },

    async recordFailure(login: string, ip: string): Promise<void> {
      await db.insert(authFailures).values({ login: login.toLowerCase(), ip });
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
