import { chatSocketPath } from '@okuu/contracts/chat/events';
import { newsInsert } from '@okuu/contracts/news/insert';
import {
  notificationsCount,
  notificationsList,
  notificationsRead,
  notificationsReadAll,
} from '@okuu/contracts/notifications/notifications';
import { notificationsSaveSettings, notificationsSettings } from '@okuu/contracts/notifications/settings';
import { orderCancel, orderSave, orderStatus } from '@okuu/contracts/single-window/orders';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp, testChanges } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import type { Change, ChangeEvent, Topic } from '../../lib/changes.ts';
import { createNotificationsRepository } from './notifications.repository.ts';
import { createNotificationsService } from './notifications.service.ts';

let t: TestApp;
let db: Db;
const cookie: Record<string, string> = {};
const id: Record<string, number> = {};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Waits until `check` holds (the reader works off the request path, a moment later). */
async function eventually(check: () => Promise<boolean>, ms = 15_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Not within the time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The people notified in the portal of an event of `kind` made after `after` (a notification id). */
async function notified(kind: string, after: number): Promise<number[]> {
  const list = await rows<{ p: number }>(
    sql`select person_id as p from notifications where kind = ${kind} and channel = 'app' and id > ${after} order by 1`,
  );
  return list.map((r) => r.p);
}
const lastId = async () =>
  (await rows<{ n: number }>(sql`select coalesce(max(id), 0)::float8 as n from notifications`))[0]?.n ?? 0;

/** Records a change as a module's transaction would (the modules' own paths are tested with them). */
async function record(topic: Topic, payload: object) {
  await testChanges(t.database).transaction((_tx, change) => change.record(topic, payload));
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  for (const login of ['student1', 'student2', 'teacher1', 'staff1']) {
    cookie[login] = await t.signIn(login);
    const [u] = await rows<{ id: number }>(sql`select id from users where login = ${login}`);
    id[login] = u?.id as number;
  }
});
afterAll(() => t.close());

describe('who is notified', () => {
  it('tells a student, and no one else, that staff moved their order; not when they cancel it themselves', async () => {
    const after = await lastId();
    const placed = await t.call(
      orderSave,
      { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
      {
        cookie: cookie.student1,
      },
    );
    const order = placed.body.data.id_order as number;
    expect(
      (await t.call(orderStatus, { id_order: order, status: 'preparing' }, { cookie: cookie.staff1 })).status,
    ).toBe(200);
    await eventually(async () => (await notified('order', after)).length > 0);
    expect(await notified('order', after)).toEqual([id.student1]);
    const list = await t.call(notificationsList, {}, { cookie: cookie.student1 });
    expect(list.body.data.items[0]).toMatchObject({ kind: 'order', params: { orderId: order, status: 'preparing' } });
    expect((await t.call(notificationsCount, {}, { cookie: cookie.student2 })).body.data.unread).toBe(0);

    const own = await t.call(
      orderSave,
      { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
      {
        cookie: cookie.student1,
      },
    );
    const mark = await lastId();
    expect((await t.call(orderCancel, { id_order: own.body.data.id_order }, { cookie: cookie.student1 })).status).toBe(
      200,
    );
    await record('payments', { paymentId: 3, studentId: id.student1, status: 'paid' });
    await eventually(async () => (await notified('payment', mark)).length > 0);
    expect(await notified('order', mark)).toEqual([]);
  });

  it('tells a student of their payment, and only them', async () => {
    const after = await lastId();
    await record('payments', { paymentId: 1, studentId: id.student2, status: 'partial' });
    await eventually(async () => (await notified('payment', after)).length > 0);
    expect(await notified('payment', after)).toEqual([id.student2]);
  });

  it('tells a staff member that their import ended, and only them', async () => {
    const after = await lastId();
    await record('imports', { jobId: 'x', actorId: id.staff1, importKind: 'timetable', state: 'failed' });
    await eventually(async () => (await notified('import', after)).length > 0);
    expect(await notified('import', after)).toEqual([id.staff1]);
  });

  it("tells a group's students and the lessons' teachers of a timetable change, once per change", async () => {
    const [group] = await rows<{ g: number }>(
      sql`select group_id as g from student_profiles where user_id = ${id.student1}`,
    );
    const expected = (
      await rows<{ id: number }>(
        sql`select u.id from users u join student_profiles sp on sp.user_id = u.id
          where sp.group_id = ${group?.g} and u.blocked_at is null
          union select ${id.teacher1} order by 1`,
      )
    ).map((r) => r.id);
    const after = await lastId();
    // Twelve lessons of the group in one import: one notification each.
    await record('schedule', { groupIds: [group?.g], teacherIds: [id.teacher1, id.teacher1], added: 10, changed: 2 });
    await eventually(async () => (await notified('timetable', after)).length > 0);
    expect(await notified('timetable', after)).toEqual(expected);
    expect(expected).toContain(id.student2);
  });

  it('tells the readers of a news item for students, in the portal only, and not its author', async () => {
    const after = await lastId();
    const form = new FormData();
    form.append('text', 'Собрание студентов');
    form.append('audience', 'students');
    const [editor] = await rows<{ login: string; id: number }>(
      sql`select login, id from users where news_perms and blocked_at is null order by id limit 1`,
    );
    const editorCookie = await t.sessionOf(editor?.login as string);
    const res = await t.app.inject({
      method: 'POST',
      url: newsInsert.path,
      payload: form,
      headers: { cookie: editorCookie },
    });
    expect(res.statusCode).toBe(200);
    const students = (
      await rows<{ id: number }>(
        sql`select id from users where role = 2 and blocked_at is null and id <> ${editor?.id} order by 1`,
      )
    ).map((r) => r.id);
    await eventually(async () => (await notified('news', after)).length === students.length);
    expect(await notified('news', after)).toEqual(students);
    const pushes = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where kind = 'news' and channel = 'push'`,
    );
    expect(pushes[0]?.n).toBe(0);
  });

  it('honours the settings: a kind turned off, and the switch that mutes everything', async () => {
    const saved = await t.call(
      notificationsSaveSettings,
      { muted: false, kinds: [{ kind: 'payment', app: false }] },
      { cookie: cookie.student2 },
    );
    expect(saved.body.data.kinds.find((k: { kind: string }) => k.kind === 'payment')).toMatchObject({
      app: false,
      push: true,
    });
    let after = await lastId();
    await record('payments', { paymentId: 2, studentId: id.student2, status: 'paid' });
    await record('orders', { orderId: 1, studentId: id.student2, status: 'prepared' });
    await eventually(async () => (await notified('order', after)).length > 0);
    expect(await notified('payment', after)).toEqual([]);

    await t.call(notificationsSaveSettings, { muted: true, kinds: [] }, { cookie: cookie.student2 });
    const read = await t.call(notificationsSettings, {}, { cookie: cookie.student2 });
    expect(read.body.data.muted).toBe(true);
    expect(read.body.data.kinds.find((k) => k.kind === 'payment')?.app).toBe(false);
    after = await lastId();
    await record('orders', { orderId: 1, studentId: id.student2, status: 'canceled' });
    await record('orders', { orderId: 1, studentId: id.student1, status: 'canceled' });
    await eventually(async () => (await notified('order', after)).length > 0);
    expect(await notified('order', after)).toEqual([id.student1]);
    await t.call(
      notificationsSaveSettings,
      { muted: false, kinds: [{ kind: 'payment', app: true }] },
      {
        cookie: cookie.student2,
      },
    );
    expect((await t.call(notificationsSettings, {}, { cookie: cookie.student2 })).body.data.kinds).toContainEqual({
      kind: 'payment',
      app: true,
      push: true,
    });
  });
});

describe('exactly once', () => {
  it('keys a notification by (event, person, channel): a person named twice, or an event read twice, gets one', async () => {
    const service = createNotificationsService({
      repo: createNotificationsRepository(db),
      changes: testChanges(t.database),
    });
    const event: ChangeEvent = {
      id: 9_000_000,
      topic: 'schedule',
      // student1 twice over: in the group, and (as if they taught too) among the teachers.
      payload: { groupIds: [], teacherIds: [id.teacher1, id.teacher1], added: 1, changed: 0 },
      at: new Date(),
    };
    const change = { tx: db, announce: () => {} } as unknown as Change;
    await service.deliver([event, event], change);
    await service.deliver([event], change);
    const made = await rows<{ n: number }>(sql`select count(*)::int as n from notifications where event_id = 9000000`);
    expect(made[0]?.n).toBe(1);
  });
});

describe('the list', () => {
  it('pages newest first with a cursor, marks one and all read, and counts what is unread', async () => {
    for (let i = 0; i < 5; i++)
      await record('payments', { paymentId: 100 + i, studentId: id.student1, status: 'paid' });
    await eventually(
      async () =>
        (
          await rows<{ n: number }>(
            sql`select count(*)::int as n from notifications where kind = 'payment' and person_id = ${id.student1} and channel = 'app' and (params->>'paymentId')::int >= 100`,
          )
        )[0]?.n === 5,
    );
    const first = await t.call(notificationsList, { limit: 3 }, { cookie: cookie.student1 });
    expect(first.body.data.items).toHaveLength(3);
    expect(first.body.data.items.map((i) => i.params.paymentId)).toEqual([104, 103, 102]);
    const second = await t.call(
      notificationsList,
      { limit: 3, before: first.body.data.next },
      { cookie: cookie.student1 },
    );
    expect(second.body.data.items[0]?.params.paymentId).toBe(101);
    const unread = first.body.data.unread as number;
    expect(unread).toBeGreaterThanOrEqual(5);
    const one = await t.call(
      notificationsRead,
      { id: first.body.data.items[0]?.id as number },
      { cookie: cookie.student1 },
    );
    expect(one.body.data.unread).toBe(unread - 1);
    // Another's notification is not found.
    expect(
      (await t.call(notificationsRead, { id: first.body.data.items[1]?.id as number }, { cookie: cookie.student2 }))
        .status,
    ).toBe(404);
    expect((await t.call(notificationsReadAll, {}, { cookie: cookie.student1 })).body.data.unread).toBe(0);
    expect((await t.call(notificationsCount, {}, { cookie: cookie.student1 })).body.data.unread).toBe(0);
  });
});

/** A socket that records every event. */
async function socketOf(app: FastifyInstance, cookieHeader: string) {
  const address = app.server.address() as { port: number };
  const socket = new WebSocket(`ws://127.0.0.1:${address.port}${chatSocketPath}`, {
    headers: { cookie: cookieHeader },
  });
  const events: { type: string; unread?: number }[] = [];
  socket.on('message', (data) => events.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return { socket, events };
}

describe('live', () => {
  let second: Awaited<ReturnType<TestApp['secondInstance']>>;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    second = await t.secondInstance();
    await second.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => second.close());

  it("sends the new unread count to the student's socket on instance B when staff move the order on A", async () => {
    await t.call(notificationsReadAll, {}, { cookie: cookie.student1 });
    const onB = await socketOf(second.app, cookie.student1 as string);
    const placed = await t.call(
      orderSave,
      { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
      {
        cookie: cookie.student1,
      },
    );
    await t.call(orderStatus, { id_order: placed.body.data.id_order, status: 'preparing' }, { cookie: cookie.staff1 });
    await eventually(async () => onB.events.some((e) => e.type === 'notifications' && e.unread === 1));
    // Read on A: B hears the count drop.
    await t.call(notificationsReadAll, {}, { cookie: cookie.student1 });
    await eventually(async () => onB.events.at(-1)?.type === 'notifications' && onB.events.at(-1)?.unread === 0);
    onB.socket.close();
  });

  it('keeps the count ready on B, and drops it when a notification is made or read on A', async () => {
    await t.call(notificationsReadAll, {}, { cookie: cookie.student1 });
    const countOnB = async () =>
      (
        (
          await second.app.inject({
            method: 'POST',
            url: notificationsCount.path,
            payload: {},
            headers: { cookie: cookie.student1 as string },
          })
        ).json() as { data: { unread: number } }
      ).data.unread;
    await eventually(async () => (await countOnB()) === 0);
    expect(await countOnB()).toBe(0); // kept
    const placed = await t.call(
      orderSave,
      { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
      { cookie: cookie.student1 },
    );
    await t.call(orderStatus, { id_order: placed.body.data.id_order, status: 'preparing' }, { cookie: cookie.staff1 });
    await eventually(async () => (await countOnB()) === 1);
    await t.call(notificationsReadAll, {}, { cookie: cookie.student1 });
    await eventually(async () => (await countOnB()) === 0);
  });
});
