import { enticate } from '@okuu/contracts/auth/enticate';
import { orize } from '@okuu/contracts/auth/orize';
import { recovery } from '@okuu/contracts/auth/recovery';
import { updateLogin } from '@okuu/contracts/auth/update-login';
import { chatSocketCloseCodes, chatSocketPath } from '@okuu/contracts/chat/events';
import { newsDelete } from '@okuu/contracts/news/delete';
import { registry } from '@okuu/contracts/registry';
import { auditList } from '@okuu/contracts/staff/audit';
import {
  peopleOptions,
  peopleSearch,
  personBlock,
  personCreate,
  personDetails,
  personMove,
  personNewsPerms,
  personResetCredentials,
} from '@okuu/contracts/staff/people';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, password, type TestApp } from '../../../test/harness.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { users } from '../../db/schema/users.ts';

// A long session cache: a blocked user's sessions must end at once regardless of it.
let t: TestApp;
let staff: string;
const idOf = async (login: string) => {
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!row) throw new Error(`no ${login}`);
  return row.id;
};
const auditRows = (targetId: number) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(auditLog.id);

beforeAll(async () => {
  t = await createTestApp({ SESSION_CACHE_SECONDS: '60' });
  staff = await t.signIn('staff1');
});
afterAll(() => t.close());

describe('people search and details', () => {
  it('finds people by name, login, role and group, a page at a time', async () => {
    const byLogin = await t.call(peopleSearch, { q: 'student2' }, { cookie: staff });
    expect(byLogin.body.error).toBeNull();
    expect(byLogin.status).toBe(200);
    // The exact login first, before student20, student21…
    expect(byLogin.body.data.items[0]?.login).toBe('student2');
    expect(byLogin.body.data.total).toBeGreaterThan(1);
    const students = await t.call(peopleSearch, { role: '2' }, { cookie: staff });
    expect(students.body.data.items.every((p) => p.role === 2)).toBe(true);
    expect(students.body.data.total).toBeGreaterThan(0);
    // A JSON number works as well as a form's text; anything else is refused.
    expect((await t.call(peopleSearch, { role: 2 }, { cookie: staff })).body.data.total).toBe(students.body.data.total);
    expect((await t.call(peopleSearch, { role: 4 }, { cookie: staff })).status).toBe(400);
    const one = students.body.data.items[0];
    const result = (await t.database.db.execute(
      sql`select group_id from student_profiles where user_id = ${one?.id}`,
    )) as unknown as { rows: { group_id: number }[] };
    const [profile] = result.rows;
    const inGroup = await t.call(peopleSearch, { id_group: profile?.group_id }, { cookie: staff });
    expect(inGroup.body.data.items.map((p) => p.id)).toContain(one?.id);
    const nobody = await t.call(peopleSearch, { q: 'no such person at all' }, { cookie: staff });
    expect(nobody.body.data).toMatchObject({ items: [], total: 0, hasMore: false });
  });

  it('opens a person, and 404 for an unknown id', async () => {
    const id = await idOf('teacher1');
    const res = await t.call(personDetails, { id }, { cookie: staff });
    expect(res.body.data).toMatchObject({ id, login: 'teacher1', role: 1, blocked: false, newsPerms: true });
    expect(res.body.data.department).not.toBeNull();
    expect((await t.call(personDetails, { id: 999_999 }, { cookie: staff })).status).toBe(404);
  });

  it('lists the groups, departments and positions the forms choose from', async () => {
    const res = await t.call(peopleOptions, {}, { cookie: staff });
    expect(res.body.data.groups.length).toBeGreaterThan(0);
    expect(res.body.data.departments.length).toBeGreaterThan(0);
    expect(res.body.data.positions.length).toBeGreaterThan(0);
  });
});

describe('changes, each with its audit row', () => {
  it('creates a student with issued credentials that must be changed at first sign-in', async () => {
    const options = (await t.call(peopleOptions, {}, { cookie: staff })).body.data;
    const group = options.groups[0];
    const res = await t.call(
      personCreate,
      { role: 2, lastName: 'Асанова', firstName: 'Айгүл', patronymic: '', id_group: group?.id },
      { cookie: staff },
    );
    expect(res.status).toBe(200);
    const { person, credentials } = res.body.data;
    expect(person).toMatchObject({ role: 2, group: group?.name, mustChangeCredentials: true, blocked: false });
    expect(credentials.login).toBe(person.login);
    // The issued pair: recovery says LOG_PAS 1, sign-in demands the change, the update lets them in.
    expect((await t.call(orize, { login: credentials.login, password: credentials.password })).body.error.code).toBe(
      'credentials_change_required',
    );
    expect((await t.call(recovery, { oldlog: credentials.login, oldpas: credentials.password })).body.data).toEqual({
      LOG_PAS: 1,
    });
    const update = await t.call(updateLogin, {
      oldlog: credentials.login,
      oldpas: credentials.password,
      newlog: 'aigul.asanova',
      newpas: 'Aigul2026x',
    });
    expect(update.status).toBe(200);
    expect((await t.call(orize, { login: 'aigul.asanova', password: 'Aigul2026x' })).status).toBe(200);
    const rows = await auditRows(person.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'person.create', actorLogin: 'staff1', before: null });
    expect(rows[0]?.after).toMatchObject({ login: credentials.login, role: 2, group: group?.name });
    expect(JSON.stringify(rows)).not.toContain(credentials.password);
  });

  it('creates a teacher in a department and position', async () => {
    const options = (await t.call(peopleOptions, {}, { cookie: staff })).body.data;
    const res = await t.call(
      personCreate,
      {
        role: 1,
        lastName: 'Токтогулов',
        firstName: 'Марат',
        id_department: options.departments[0]?.id,
        id_position: options.positions[0]?.id,
      },
      { cookie: staff },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.person).toMatchObject({ role: 1, department: { name: options.departments[0]?.name } });
  });

  it('moves a student to another group, turns newsPerms on and off', async () => {
    const id = await idOf('student3');
    const before = (await t.call(personDetails, { id }, { cookie: staff })).body.data;
    const options = (await t.call(peopleOptions, {}, { cookie: staff })).body.data;
    const other = options.groups.find((g) => g.id !== before.groupId);
    const moved = await t.call(personMove, { id, id_group: other?.id }, { cookie: staff });
    expect(moved.body.data.group).toBe(other?.name);
    expect((await t.call(personNewsPerms, { id, newsPerms: true }, { cookie: staff })).body.data.newsPerms).toBe(true);
    expect((await t.call(personNewsPerms, { id, newsPerms: false }, { cookie: staff })).body.data.newsPerms).toBe(
      false,
    );
    const rows = await auditRows(id);
    expect(rows.map((r) => r.action)).toEqual(['person.move', 'person.newsPerms', 'person.newsPerms']);
    expect(rows[0]?.before).toMatchObject({ group: before.group });
    expect(rows[0]?.after).toMatchObject({ group: other?.name });
    expect(rows[1]?.before).toMatchObject({ newsPerms: false });
    expect(rows[1]?.after).toMatchObject({ newsPerms: true });
    // A teacher has no group to be moved to.
    const teacher = await idOf('teacher2');
    expect((await t.call(personMove, { id: teacher, id_group: other?.id }, { cookie: staff })).status).toBe(409);
  });

  it('a news permission taken away holds at once, despite the session cache', async () => {
    const id = await idOf('teacher2');
    const teacher = await t.signIn('teacher2');
    const deleteNews = () => t.call(newsDelete, { id: 999_999 }, { cookie: teacher });
    expect((await deleteNews()).status).toBe(403); // no permission yet
    await t.call(personNewsPerms, { id, newsPerms: true }, { cookie: staff });
    expect((await deleteNews()).status).not.toBe(403);
    await t.call(personNewsPerms, { id, newsPerms: false }, { cookie: staff });
    expect((await deleteNews()).status).toBe(403);
    expect((await t.call(enticate, {}, { cookie: teacher })).status).toBe(200); // the session itself stays
  });

  it('bad input gets a 400 and changes nothing', async () => {
    const id = await idOf('student4');
    const before = await databaseDigest(t);
    const bad: [typeof personCreate | typeof personMove | typeof personBlock, Record<string, unknown>][] = [
      [personCreate, { role: 2, lastName: 'X', firstName: 'Y' }],
      [personCreate, { role: 1, lastName: 'X', firstName: 'Y', id_department: 1 }],
      [personCreate, { role: 3, lastName: 'X', firstName: 'Y' }],
      [personCreate, { role: 2, lastName: '', firstName: 'Y', id_group: 1 }],
      [personCreate, { role: 2, lastName: 'X', firstName: 'Y', id_group: 999_999 }],
      [personMove, { id, id_group: 999_999 }],
      [personMove, { id, id_group: 'x' }],
      [personBlock, { id: 'x', blocked: true }],
      [personBlock, { id, blocked: 'maybe' }],
    ];
    for (const [endpoint, input] of bad) {
      const res = await t.call(endpoint, input, { cookie: staff });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
    expect((await t.call(personMove, { id: 999_999, id_group: 1 }, { cookie: staff })).status).toBe(404);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('staff cannot block or reset themselves', async () => {
    const self = await idOf('staff1');
    const before = await databaseDigest(t);
    expect((await t.call(personBlock, { id: self, blocked: true }, { cookie: staff })).status).toBe(409);
    expect((await t.call(personResetCredentials, { id: self }, { cookie: staff })).status).toBe(409);
    expect(await databaseDigest(t)).toBe(before);
  });
});

/** Opens the chat socket with a session cookie; resolves with the code it is closed with. */
async function socketClosed(port: number, cookie: string): Promise<{ opened: Promise<void>; closed: Promise<number> }> {
  const socket = new WebSocket(`ws://127.0.0.1:${port}${chatSocketPath}`, { headers: { cookie } });
  const opened = new Promise<void>((resolve, reject) => {
    socket.once('message', () => resolve());
    socket.once('error', reject);
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  return { opened, closed };
}

describe('blocking', () => {
  it("ends the user's sessions at once on every instance, closes their socket, refuses sign-in", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const second = await t.secondInstance();
    try {
      const id = await idOf('student2');
      const cookie = await t.signIn('student2');
      const whoOn = (app: typeof t.app) =>
        app.inject({ method: 'POST', url: enticate.path, payload: {}, headers: { cookie } });
      // Both instances have the session cached (60 s).
      expect((await whoOn(t.app)).statusCode).toBe(200);
      expect((await whoOn(second.app)).statusCode).toBe(200);
      const socket = await socketClosed(port, cookie);
      await socket.opened;

      const blocked = await t.call(personBlock, { id, blocked: true }, { cookie: staff });
      expect(blocked.body.data).toMatchObject({ blocked: true });
      expect((await whoOn(t.app)).statusCode).toBe(401);
      expect(await socket.closed).toBe(chatSocketCloseCodes.sessionEnded);
      let status = 200;
      for (let i = 0; i < 50 && status === 200; i++) {
        await new Promise((r) => setTimeout(r, 20));
        status = (await whoOn(second.app)).statusCode;
      }
      expect(status).toBe(401);

      // Every call of the registry that needs a session refuses the blocked user's.
      for (const endpoint of registry.filter((e) => e.access !== 'public')) {
        const res = await t.app.inject({ method: endpoint.method, url: endpoint.path, headers: { cookie } });
        expect(res.statusCode, endpoint.path).toBe(401);
      }

      const signIn = await t.call(orize, { login: 'student2', password });
      expect(signIn.status).toBe(403);
      expect(signIn.body.error.code).toBe('account_blocked');
      // A wrong password is not told the account is blocked.
      expect((await t.call(orize, { login: 'student2', password: 'wrong' }, { ip: '10.0.0.9' })).body.error.code).toBe(
        'bad_credentials',
      );

      const unblocked = await t.call(personBlock, { id, blocked: false }, { cookie: staff });
      expect(unblocked.body.data.blocked).toBe(false);
      expect((await t.call(orize, { login: 'student2', password })).status).toBe(200);
      const rows = await auditRows(id);
      expect(rows.map((r) => r.action)).toEqual(['person.block', 'person.unblock']);
      expect(rows[0]?.before).toMatchObject({ blocked: false });
      expect(rows[0]?.after).toMatchObject({ blocked: true });
    } finally {
      await second.close();
    }
  });
});

describe('reset credentials', () => {
  it('issues a new login and password that must be changed; old ones and sessions stop working', async () => {
    const id = await idOf('student5');
    const cookie = await t.signIn('student5');
    const res = await t.call(personResetCredentials, { id }, { cookie: staff });
    expect(res.status).toBe(200);
    const { login, password: issued } = res.body.data;
    expect(login).not.toBe('student5');
    expect((await t.call(enticate, {}, { cookie })).status).toBe(401);
    expect((await t.call(orize, { login: 'student5', password })).status).toBe(401);
    expect((await t.call(orize, { login, password: issued })).body.error.code).toBe('credentials_change_required');
    expect((await t.call(recovery, { oldlog: login, oldpas: issued })).body.data).toEqual({ LOG_PAS: 1 });
    expect(
      (await t.call(updateLogin, { oldlog: login, oldpas: issued, newlog: 'student5', newpas: 'Fresh2026x' })).status,
    ).toBe(200);
    expect((await t.call(orize, { login: 'student5', password: 'Fresh2026x' })).status).toBe(200);
    const [row] = await auditRows(id);
    expect(row).toMatchObject({ action: 'person.resetCredentials' });
    expect(row?.before).toMatchObject({ login: 'student5', mustChangeCredentials: false });
    expect(row?.after).toMatchObject({ login, mustChangeCredentials: true });
  });
});

describe('audit log', () => {
  it('is browsed with filters and pages, newest first', async () => {
    const all = await t.call(auditList, {}, { cookie: staff });
    expect(all.status).toBe(200);
    expect(all.body.data.total).toBeGreaterThan(5);
    const ats = all.body.data.items.map((e) => e.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const blocks = await t.call(auditList, { action: 'person.block' }, { cookie: staff });
    expect(blocks.body.data.items.every((e) => e.action === 'person.block')).toBe(true);
    const staffId = await idOf('staff1');
    expect(all.body.data.actors).toContainEqual({ id: staffId, name: expect.any(String) });
    const byActor = await t.call(auditList, { id_actor: staffId }, { cookie: staff });
    expect(byActor.body.data.total).toBe(all.body.data.total);
    expect((await t.call(auditList, { id_actor: 999_999 }, { cookie: staff })).body.data.total).toBe(0);
    const today = new Date().toLocaleDateString('sv', { timeZone: 'Asia/Bishkek' });
    expect((await t.call(auditList, { from: today, to: today }, { cookie: staff })).body.data.total).toBe(
      all.body.data.total,
    );
    expect((await t.call(auditList, { to: '2000-01-01' }, { cookie: staff })).body.data.total).toBe(0);
    expect((await t.call(auditList, { from: 'yesterday' }, { cookie: staff })).status).toBe(400);
    expect((await t.call(auditList, { action: 'person.delete' }, { cookie: staff })).status).toBe(400);
  });

  it('cannot be changed, even by SQL', async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update audit_log set action = 'x'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect((await t.call(auditList, {}, { cookie: staff })).body.data.total).toBeGreaterThan(5);
  });

  it('only staff reach any of it', async () => {
    const student = await t.signIn('student1');
    const teacher = await t.signIn('teacher1');
    for (const endpoint of registry.filter((e) => e.id.startsWith('staff.'))) {
      expect(endpoint.access).toBe('staff');
      expect((await t.call(endpoint, {}, { cookie: student })).status).toBe(403);
      expect((await t.call(endpoint, {}, { cookie: teacher })).status).toBe(403);
      expect((await t.call(endpoint, {})).status).toBe(401);
    }
  });
});
