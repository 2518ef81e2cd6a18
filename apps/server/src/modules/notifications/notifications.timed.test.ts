import { notificationsList } from '@okuu/contracts/notifications/notifications';
import { registrationList } from '@okuu/contracts/registration/reg-list';
import { orderWaitingSave, orderWaitingSettings } from '@okuu/contracts/settings/orders';
import { orderSave } from '@okuu/contracts/single-window/orders';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { Db } from '../../db/client.ts';
import type { Changes } from '../../lib/changes.ts';
import { createRegistrationRepository } from '../registration/registration.repository.ts';
import { createRegistrationService } from '../registration/registration.service.ts';
import { createSingleWindowRepository } from '../single-window/single-window.repository.ts';

/**
 * The time-driven notifications: a registration window that opened or closes within a day (students who have not
 * finished registering), an order waiting past the staff's limit (staff). Two instances run the periodic job at once
 * and again: each is announced, and each person notified, once. Times are set relative to the real clock.
 */
let t: TestApp;
let db: Db;
let second: Awaited<ReturnType<TestApp['secondInstance']>>;
const cookie: Record<string, string> = {};
const id: Record<string, number> = {};

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The registration job of one instance (its own change path), as app.ts runs it each minute. */
const registrationJob = (changes: Changes) =>
  createRegistrationService({
    repo: createRegistrationRepository(db),
    currentPeriod: async () => ({ year: 0, yearName: '', ws: 1 }),
    years: () => [],
    halfYearOf: async () => null,
    changes,
  }).announceWindows;
const waitingJob = (changes: Changes) => (at: Date) => createSingleWindowRepository(db, changes).announceWaiting(at);

/** Who was notified in the portal, and how often, of `kind` with params matching `where`. */
async function notifiedOf(kind: string, where: ReturnType<typeof sql>) {
  return rows<{ p: number; n: number }>(
    sql`select person_id as p, count(*)::int as n from notifications
      where kind = ${kind} and channel = 'app' and ${where} group by person_id order by 1`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  second = await t.secondInstance();
  for (const login of ['student1', 'student2', 'student3', 'teacher1', 'staff1']) {
    cookie[login] = await t.sessionOf(login);
    const [u] = await rows<{ id: number }>(sql`select id from users where login = ${login}`);
    id[login] = u?.id as number;
  }
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('registration windows', () => {
  it('tells the students of the half-year who have not finished, once, when a window opens and when it is closing', async () => {
    // The seeded window (today's half-year) opens an hour ago and closes in ten days.
    const [w] = await rows<{ id: number; year: number; ws: number }>(
      sql`select id, academic_year_id as year, half_year_kind as ws from registration_windows order by id limit 1`,
    );
    if (!w) throw new Error('The seed has no registration window');
    await db.execute(sql`update registration_windows set opens_at = now() - interval '1 hour',
      closes_at = now() + interval '10 days' where id = ${w.id}`);
    const period = { id_a_year: w.year, ws: w.ws };

    // student1 finishes: a registration for a lesson kind of every plan discipline (as the screen counts it).
    const own = (await t.call(registrationList, period, { cookie: cookie.student1 })).body.data;
    expect(own.semester).not.toBeNull();
    for (const d of own.disciplines.filter((x) => x.registeredKinds.length === 0)) {
      await db.execute(sql`insert into registrations (student_id, academic_year_id, half_year_kind, semester_id,
          discipline_id, lesson_kind_id, credits, examination_type_id)
        values (${id.student1}, ${w.year}, ${w.ws}, ${d.id_semester}, ${d.id_discipline}, 1, ${d.kredits},
          ${d.id_examination})`);
    }
    const finished = (await t.call(registrationList, period, { cookie: cookie.student1 })).body.data;
    expect(finished.disciplines.length).toBeGreaterThan(0);
    expect(finished.disciplines.every((d) => d.registeredKinds.length > 0)).toBe(true);
    // student2 has chosen nothing; student3 has not either, but is blocked.
    await db.execute(sql`delete from registrations where student_id = ${id.student2}
      and academic_year_id = ${w.year} and half_year_kind = ${w.ws}`);
    await db.execute(sql`update users set blocked_at = now() where id = ${id.student3}`);

    // Who should hear of it: each student whose registration screen lists a plan discipline still unchosen.
    const students = await rows<{ id: number; login: string }>(
      sql`select id, login from users where role = 2 and blocked_at is null order by id`,
    );
    const expected: number[] = [];
    for (const s of students) {
      const list = (await t.call(registrationList, period, { cookie: await t.sessionOf(s.login) })).body.data;
      if (list.disciplines.some((d) => d.registeredKinds.length === 0)) expected.push(s.id);
    }
    expect(expected).toContain(id.student2);
    expect(expected).not.toContain(id.student1);

    // Two instances run the job at once, then again: one announcement.
    const jobs = [registrationJob(t.app.changes), registrationJob(second.app.changes)];
    await Promise.all(jobs.map((job) => job()));
    await Promise.all(jobs.map((job) => job()));
    const announced = await rows<{ event: string }>(
      sql`select payload->>'event' as event from change_events
        where topic = 'registration' and (payload->>'windowId')::int = ${w.id}`,
    );
    expect(announced.map((a) => a.event)).toEqual(['opened']);
    await t.app.changes.caughtUp();
    const opened = sql`params->>'event' = 'opened' and (params->>'ws')::int = ${w.ws} and (params->>'year')::int = ${w.year}`;
    const got = await notifiedOf('registration', opened);
    expect(got.map((r) => r.p)).toEqual(expected);
    expect(got.every((r) => r.n === 1)).toBe(true);
    expect(got.map((r) => r.p)).not.toContain(id.student3);
    expect(got.map((r) => r.p)).not.toContain(id.teacher1);

    // The student sees it in their list, with when the window closes.
    const item = (await t.call(notificationsList, {}, { cookie: cookie.student2 })).body.data.items.find(
      (i) => i.kind === 'registration',
    );
    expect(item?.params).toMatchObject({ event: 'opened', year: w.year, ws: w.ws });

    // Within its last day: 'closing', once, to those still unfinished (student2 now finishes too).
    await db.execute(sql`insert into registrations (student_id, academic_year_id, half_year_kind, semester_id,
        discipline_id, lesson_kind_id, credits, examination_type_id)
      select ${id.student2}, ${w.year}, ${w.ws}, c.semester_id, c.discipline_id, 1, c.credits, c.examination_type_id
      from curriculum c join groups g on g.speciality_id = c.speciality_id
        join student_profiles sp on sp.group_id = g.id and sp.user_id = ${id.student2}
        join semesters sem on sem.id = c.semester_id and sem.number = (${w.year} - g.admission_year) * 2 + ${w.ws}
      where not c.is_elective`);
    await db.execute(sql`update registration_windows set opens_at = now() - interval '5 days',
      closes_at = now() + interval '20 hours' where id = ${w.id}`);
    await Promise.all(jobs.map((job) => job()));
    await Promise.all(jobs.map((job) => job()));
    await t.app.changes.caughtUp();
    const closing = await notifiedOf('registration', sql`params->>'event' = 'closing'`);
    expect(closing.map((r) => r.p)).toEqual(expected.filter((p) => p !== id.student2));
    expect(closing.every((r) => r.n === 1)).toBe(true);
    const events = await rows<{ n: number }>(
      sql`select count(*)::int as n from change_events where topic = 'registration' and payload->>'event' = 'closing'`,
    );
    expect(events[0]?.n).toBe(1);
    await db.execute(sql`update users set blocked_at = null where id = ${id.student3}`);
  });

  it('announces nothing for a window not yet open, or closed', async () => {
    await db.execute(sql`update registration_windows set opens_at = now() + interval '2 days',
      closes_at = now() + interval '9 days'`);
    expect(await registrationJob(t.app.changes)()).toBe(0);
    await db.execute(sql`update registration_windows set opens_at = now() - interval '9 days',
      closes_at = now() - interval '1 hour'`);
    expect(await registrationJob(t.app.changes)()).toBe(0);
  });
});

describe('orders waiting', () => {
  it('tells every staff member, and no one else, once per order waiting past the limit staff set', async () => {
    const place = async () =>
      (
        await t.call(
          orderSave,
          { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
          { cookie: cookie.student1 },
        )
      ).body.data.id_order as number;
    const old = await place();
    const recent = await place();
    await db.execute(sql`update document_orders set created_at = now() - interval '25 hours' where id = ${old}`);
    await db.execute(sql`update document_orders set created_at = now() - interval '3 hours' where id = ${recent}`);
    expect((await t.call(orderWaitingSettings, {}, { cookie: cookie.staff1 })).body.data.hours).toBe(24);

    const staff = (
      await rows<{ id: number }>(sql`select id from users where role = 3 and blocked_at is null order by id`)
    ).map((r) => r.id);
    expect(staff).toContain(id.staff1);
    const jobs = [waitingJob(t.app.changes), waitingJob(second.app.changes)];
    const tick = async () => {
      await Promise.all(jobs.map((job) => job(new Date())));
      await Promise.all(jobs.map((job) => job(new Date())));
      await t.app.changes.caughtUp();
    };
    await tick();
    const of = (order: number) => notifiedOf('orderWaiting', sql`(params->>'orderId')::int = ${order}`);
    expect((await of(old)).map((r) => r.p)).toEqual(staff);
    expect((await of(old)).every((r) => r.n === 1)).toBe(true);
    expect(await of(recent)).toEqual([]);

    // Staff shorten the limit to two hours: the recent order is announced now, the old one not again.
    expect((await t.call(orderWaitingSave, { hours: 2 }, { cookie: cookie.staff1 })).body.data.hours).toBe(2);
    await tick();
    expect((await of(recent)).map((r) => r.p)).toEqual(staff);
    expect((await of(old)).every((r) => r.n === 1)).toBe(true);
    const events = await rows<{ n: number }>(
      sql`select count(*)::int as n from change_events where topic = 'orders' and payload->>'event' = 'waiting'
        and (payload->>'orderId')::int in (${old}, ${recent})`,
    );
    expect(events[0]?.n).toBe(2);
    // The staff's list shows it; a student's does not.
    const staffList = (await t.call(notificationsList, {}, { cookie: cookie.staff1 })).body.data.items;
    expect(staffList.some((i) => i.kind === 'orderWaiting' && i.params.orderId === recent)).toBe(true);
    const studentList = (await t.call(notificationsList, {}, { cookie: cookie.student1 })).body.data.items;
    expect(studentList.some((i) => i.kind === 'orderWaiting')).toBe(false);
  });

  it('refuses a limit out of range, and a student', async () => {
    expect((await t.call(orderWaitingSave, { hours: 0 }, { cookie: cookie.staff1 })).status).toBe(400);
    expect((await t.call(orderWaitingSave, { hours: 3 }, { cookie: cookie.student1 })).status).toBe(403);
  });
});
