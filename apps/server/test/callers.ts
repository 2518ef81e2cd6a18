import type { Access } from '@okuu/contracts/endpoint';
import type { TestApp } from './harness.ts';

/** The six callers of the authorization matrix, and the access levels each one may use. */
export const callers = {
  anonymous: { login: null, may: ['public'] },
  student: { login: 'student1', may: ['public', 'authenticated', 'student'] },
  otherStudent: { login: 'student2', may: ['public', 'authenticated', 'student'] },
  teacher: { login: 'teacher1', may: ['public', 'authenticated', 'teacher', 'newsPerms'] },
  otherTeacher: { login: 'teacher2', may: ['public', 'authenticated', 'teacher'] },
  staff: { login: 'staff1', may: ['public', 'authenticated', 'staff'] },
} satisfies Record<string, { login: string | null; may: Access[] }>;

export type CallerName = keyof typeof callers;

/** A caller allowed to use an endpoint of this access level. */
export function allowedCaller(access: Access): CallerName {
  const name = (Object.keys(callers) as CallerName[]).find((c) => (callers[c].may as Access[]).includes(access));
  if (!name) throw new Error(`No caller may use ${access}`);
  return name;
}

/** A caller's session (its Cookie header value); staff have no area in the portal yet, so theirs is opened directly. */
export async function sessionFor(t: TestApp, name: CallerName): Promise<string | undefined> {
  const login = callers[name].login;
  if (!login) return undefined;
  return name === 'staff' ? t.sessionOf(login) : t.signIn(login);
}

export async function signInAll(t: TestApp): Promise<Record<CallerName, string | undefined>> {
  const entries = await Promise.all(
    (Object.keys(callers) as CallerName[]).map(async (name) => [name, await sessionFor(t, name)] as const),
  );
  return Object.fromEntries(entries) as Record<CallerName, string | undefined>;
}

/** A digest of every table's content: equal digests mean nothing was stored, changed or deleted. */
export async function databaseDigest(t: TestApp): Promise<string> {
  // What the readers of recorded changes write follows a request by moments: wait for it, not race it.
  await t.app.changes.caughtUp();
  const tables = (await t.database.db.execute(
    `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1` as never,
  )) as unknown as { rows: { table_name: string }[] };
  const parts: string[] = [];
  for (const { table_name } of tables.rows) {
    const res = (await t.database.db.execute(
      `SELECT count(*)::text || ':' || coalesce(md5(string_agg(x::text, ',' ORDER BY x::text)), '') AS d FROM "${table_name}" x` as never,
    )) as unknown as { rows: { d: string }[] };
    parts.push(`${table_name}=${res.rows[0]?.d}`);
  }
  return parts.join('\n');
}
