import { and, eq, gt, inArray, isNull, lte, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { departments, groups, specialities } from '../../db/schema/university.ts';
import { authAttempts, positions, sessions, users } from '../../db/schema/users.ts';
import { type Changes, transactionOf } from '../../lib/changes.ts';
import type { AuthUser } from '../../lib/session.ts';

/** The counters one attempt touches (see the auth service for what each one limits). */
export interface AttemptKeys {
  account: string;
  address: string;
  pair: string;
  /** The pair's failures over the long window. */
  pairFailed: string;
}

export interface AttemptCounts {
  account: number;
  address: number;
  pair: number;
  pairFailed: boolean;
}

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
    // A left-joined table's fields all null make the object null (drizzle).
    position: { name: positions.name, nameKg: positions.nameKg, nameEn: positions.nameEn },
    facultyId: sql<number | null>`coalesce(${departments.facultyId}, ${teacherDepartments.facultyId})`,
    hasPhoto: sql<boolean>`${users.photoKey} is not null`,
  };
}

/** The writes that end sessions or change credentials: run in a change transaction, which announces them. */
function sessionWrites(db: Db) {
  return {
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

    /**
     * Counts an attempt, atomically, on its account, address and pair counters (a counter whose window has passed
     * starts again), and tells whether the pair has failed within its longer window. Rows are locked in key order.
     */
  };
}

export function createAuthRepository(db: Db, changes: Changes) {
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
    .leftJoin(positions, eq(positions.id, teacherProfiles.positionId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('hash')),
        isNull(sessions.revokedAt),
        // A blocked account's sessions are revoked as it is blocked; this refuses any that a race left behind.
        isNull(users.blockedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .limit(1)
    .prepare('auth_session_lookup');

  return {
    /** Runs session and credential writes in one transaction that announces what ended. */
    transaction: transactionOf(changes, sessionWrites),

    /** Of these sessions, the ones still live (not revoked, not expired, their account not blocked). */
    async liveSessions(ids: readonly number[]): Promise<Set<number>> {
      if (!ids.length) return new Set();
      const rows = await db
        .select({ id: sessions.id })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(
          and(
            inArray(sessions.id, [...ids]),
            isNull(sessions.revokedAt),
            isNull(users.blockedAt),
            gt(sessions.expiresAt, sql`now()`),
          ),
        );
      return new Set(rows.map((r) => r.id));
    },

    async findSessionUser(tokenHash: Buffer): Promise<AuthUser | null> {
      const rows = (await sessionLookup.execute({ hash: tokenHash })) as AuthUser[];
      return rows[0] ?? null;
    },

    async findCredentials(login: string) {
      const rows = await db
        .select({
          id: users.id,
          role: users.role,
          passwordHash: users.passwordHash,
          mustChangeCredentials: users.mustChangeCredentials,
          blocked: sql<boolean>`${users.blockedAt} is not null`,
        })
        .from(users)
        .where(eq(sql`lower(${users.login})`, login.toLowerCase()))
        .limit(1);
      return rows[0] ?? null;
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

    async countAttempt(keys: AttemptKeys, windows: { shortMs: number; longMs: number }): Promise<AttemptCounts> {
      const short = sql`now() + ${windows.shortMs} * interval '1 millisecond'`;
      const long = sql`now() + ${windows.longMs} * interval '1 millisecond'`;
      const result = (await db.execute(sql`
        with counted as (
          insert into ${authAttempts} as a (key, count, resets_at)
          values (${keys.account}, 1, ${long}), (${keys.address}, 1, ${short}), (${keys.pair}, 1, ${short})
          on conflict (key) do update set
            count = case when a.resets_at <= now() then 1 else a.count + 1 end,
            resets_at = case when a.resets_at <= now() then excluded.resets_at else a.resets_at end
          returning a.key, a.count
        )
        select
          coalesce((select count from counted where key = ${keys.account}), 0)::int as account,
          coalesce((select count from counted where key = ${keys.address}), 0)::int as address,
          coalesce((select count from counted where key = ${keys.pair}), 0)::int as pair,
          exists (select 1 from ${authAttempts}
            where key = ${keys.pairFailed} and resets_at > now() and count > 0) as "pairFailed"`)) as unknown as {
        rows: AttemptCounts[];
      };
      const row = result.rows[0];
      if (!row) throw new Error('The attempt was not counted');
      return row;
    },

    /** Takes back an attempt that was not a failure (the password was right, or it was refused unevaluated). */
    async uncountAttempt(keys: AttemptKeys): Promise<void> {
      // Rows locked in key order, as countAttempt locks them: concurrent attempts cannot deadlock.
      await db.execute(sql`
        with locked as (
          select key from ${authAttempts} where key in (${keys.account}, ${keys.address}, ${keys.pair})
          order by key for update
        )
        update ${authAttempts} as a set count = greatest(a.count - 1, 0) from locked where a.key = locked.key`);
    },

    /** Adds one to a counter of its own (a pair's failures over the long window, a recovery's failure…). */
    async bump(key: string, windowMs: number): Promise<void> {
      const resets = sql`now() + ${windowMs} * interval '1 millisecond'`;
      await db.execute(sql`
        insert into ${authAttempts} as a (key, count, resets_at) values (${key}, 1, ${resets})
        on conflict (key) do update set
          count = case when a.resets_at <= now() then 1 else a.count + 1 end,
          resets_at = case when a.resets_at <= now() then excluded.resets_at else a.resets_at end`);
    },

    /** Takes one from a live counter; whether there was one to take. */
    async take(key: string): Promise<boolean> {
      const rows = await db
        .update(authAttempts)
        .set({ count: sql`${authAttempts.count} - 1` })
        .where(and(eq(authAttempts.key, key), gt(authAttempts.count, 0), gt(authAttempts.resetsAt, sql`now()`)))
        .returning({ key: authAttempts.key });
      return rows.length > 0;
    },

    /** Forgets counters whose window has passed. */
    async forgetOldAttempts(): Promise<number> {
      const rows = await db
        .delete(authAttempts)
        .where(lte(authAttempts.resetsAt, sql`now()`))
        .returning({ key: authAttempts.key });
      return rows.length;
    },
  };
}

export type AuthRepository = ReturnType<typeof createAuthRepository>;
