import { currentHalfYear } from '@okuu/contracts/discipline/current';
import { logo } from '@okuu/contracts/misc/logo';
import { settings as miscSettings } from '@okuu/contracts/misc/settings';
import { paymentServices } from '@okuu/contracts/payment/services';
import { registrationSemesters } from '@okuu/contracts/registration/calendar';
import { electivePermission } from '@okuu/contracts/registration/permission';
import { scheduleTeacher } from '@okuu/contracts/schedule/schedule';
import { weekdayOf } from '@okuu/contracts/schedule/weeks';
import { calendarList, halfYearDelete, halfYearSave, yearDelete, yearSave } from '@okuu/contracts/settings/calendar';
import { campusList, roomDelete, roomSave, slotDelete, slotSave } from '@okuu/contracts/settings/campus';
import { institutionGet, institutionSave, logoUpload } from '@okuu/contracts/settings/institution';
import {
  electiveSwitch,
  permissionGrant,
  permissionList,
  permissionRevoke,
  registrationSettings,
  windowDelete,
  windowSave,
} from '@okuu/contracts/settings/registration';
import { serviceDelete, serviceSave, servicesList } from '@okuu/contracts/settings/services';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, qrDeps, type TestApp } from '../../../test/harness.ts';
import { lessonOnDay } from '../../../test/lesson-on-day.ts';
import { academicYearOf } from '../../lib/academic-calendar.ts';
import { demoLogoPng } from '../../seed/logo.ts';
import { createQrService } from '../qr/qr.service.ts';

/** Today for these tests: late November of the seeded current academic year (its fall half-year). */
const year = academicYearOf(new Date());
const now = new Date(`${year}-11-25T06:00:00Z`);

let t: TestApp;
let staff: string;
let student: string;
let studentId: number;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const auditOf = (action: string) =>
  rows<{ actor_login: string; before: unknown; after: unknown }>(
    sql`select actor_login, before, after from audit_log where action = ${action} order by id`,
  );

/** Calls `run` expecting a 4xx refusal that changes nothing (rows and audit alike); answers the error. */
async function refused(run: () => Promise<{ status: number; body: { error: unknown } }>, status = 400) {
  const before = await databaseDigest(t);
  const res = await run();
  expect(res.status).toBe(status);
  expect(await databaseDigest(t)).toBe(before);
  return res.body.error as { code: string; issues?: { path: string[]; rule: string; params?: unknown }[] };
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => now });
  staff = await t.signIn('staff1');
  student = await t.signIn('student1');
  const [s] = await rows<{ id: number }>(sql`select id from users where login = 'student1'`);
  studentId = (s as { id: number }).id;
}, 120_000);
afterAll(() => t?.close());

describe('institution', () => {
  it('renames the institution: /logo.json and misc/settings show it, and an audit row keeps before and after', async () => {
    const before = (await t.call(logo, {})).body.data;
    const res = await t.call(
      institutionSave,
      { name: 'Тестовый университет', nameKg: 'Тест университети', nameEn: 'Test University', width: 40, fontsize: 20 },
      { cookie: staff },
    );
    expect(res.status).toBe(200);
    const shown = (await t.call(logo, {})).body.data;
    expect(shown).toMatchObject({ name: 'Тестовый университет', nameEn: 'Test University', width: 40, fontsize: 20 });
    expect(shown.logo).toBe(before.logo);
    const mine = (await t.call(miscSettings, {}, { cookie: student })).body.data.university;
    expect(mine.nameKg).toBe('Тест университети');
    const [row] = await auditOf('settings.institution');
    expect(row?.actor_login).toBe('staff1');
    expect(row?.before).toMatchObject({ name: before.name });
    expect(row?.after).toMatchObject({ name: 'Тестовый университет', fontsize: 20 });
  });

  it('refuses an empty name or a font size out of range, and changes nothing', async () => {
    const empty = await refused(() =>
      t.call(institutionSave, { name: '  ', width: 40, fontsize: 20 }, { cookie: staff }),
    );
    expect(empty.issues?.[0]).toMatchObject({ path: ['name'], rule: 'required' });
    const big = await refused(() => t.call(institutionSave, { name: 'X', width: 40, fontsize: 99 }, { cookie: staff }));
    expect(big.issues?.[0]).toMatchObject({ path: ['fontsize'], rule: 'out_of_range' });
  });

  it('takes a new PNG logo: /logo.json gives a new address that serves it; refuses a non-image', async () => {
    const old = (await t.call(logo, {})).body.data.logo;
    const png = demoLogoPng(64);
    const form = new FormData();
    form.append('files', new Blob([png]), 'logo.png');
    const res = await t.app.inject({ method: 'POST', url: logoUpload.path, payload: form, headers: { cookie: staff } });
    expect(res.statusCode).toBe(200);
    const address = (await t.call(logo, {})).body.data.logo;
    expect(address).not.toBe(old);
    expect(res.json().data.logo).toBe(address);
    const image = await t.app.inject({ method: 'GET', url: address });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/png');
    expect(image.rawPayload.equals(png)).toBe(true);
    expect((await auditOf('settings.logo')).length).toBe(1);

    const text = new FormData();
    text.append('files', new Blob(['not an image']), 'logo.png');
    const before = await databaseDigest(t);
    const bad = await t.app.inject({ method: 'POST', url: logoUpload.path, payload: text, headers: { cookie: staff } });
    expect(bad.statusCode).toBe(415);
    const none = await t.app.inject({
      method: 'POST',
      url: logoUpload.path,
      payload: new FormData(),
      headers: { cookie: staff },
    });
    expect(none.statusCode).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
    expect((await t.call(logo, {})).body.data.logo).toBe(address);
    expect((await t.call(institutionGet, {}, { cookie: staff })).body.data.logo).toBe(address);
  });
});

describe('bells and rooms', () => {
  it('changes a room radius, and QR check-in measures against it', async () => {
    const lessonDate = `${year}-11-25`;
    const [lesson] = await rows<{ id: number }>(
      sql`select e.id from schedule_entries e
            join student_profiles sp on sp.group_id = e.group_id and sp.user_id = ${studentId}
          order by e.id limit 1`,
    );
    // The lesson on lessonDate's weekday: a check-in starts only on a day its lesson takes place.
    const id = await lessonOnDay(t.database.db, (lesson as { id: number }).id, weekdayOf(lessonDate));
    const [e] = await rows<{ id: number; teacherId: number; roomId: number; lat: number; lon: number; start: string }>(
      sql`select e.id, e.teacher_id as "teacherId", e.room_id as "roomId", r.latitude as lat, r.longitude as lon,
            ((${lessonDate}::date + ts.starts_at) at time zone 'Asia/Bishkek')::text as start
          from schedule_entries e join rooms r on r.id = e.room_id join time_slots ts on ts.id = e.time_slot_id
          where e.id = ${id}`,
    );
    expect(e).toBeDefined();
    const entry = e as NonNullable<typeof e>;
    const db = t.database.db;
    const qr = createQrService(db, qrDeps(t));
    const at = new Date(Math.ceil(new Date(entry.start).getTime() / 15_000) * 15_000 + 2_000);
    const session = await qr.start(
      entry.teacherId,
      { scheduleEntryId: entry.id, lessonDate, latitude: entry.lat, longitude: entry.lon },
      at,
    );
    const token = (await qr.token(entry.teacherId, (session as { id: number }).id, at))?.token as string;
    // About 400 m north of the room.
    const away = { token, latitude: entry.lat + 0.0036, longitude: entry.lon, accuracyM: 5, deviceId: 'settings-a' };
    expect(await qr.visit(studentId, away, at)).toMatchObject({ ok: false, reason: 'qr_too_far' });

    const [room] = (await t.call(campusList, {}, { cookie: staff })).body.data.rooms.filter(
      (r) => r.id === entry.roomId,
    );
    const res = await t.call(
      roomSave,
      { ...room, id: entry.roomId, id_building: room?.buildingId, radius: 1000 },
      { cookie: staff },
    );
    expect(res.status).toBe(200);
    expect(res.body.data.radius).toBe(1000);
    expect(await qr.visit(studentId, { ...away, deviceId: 'settings-a' }, at)).toMatchObject({ ok: true });
    const [row] = await auditOf('settings.room');
    expect(row?.before).toMatchObject({ radius: room?.radius });
    expect(row?.after).toMatchObject({ radius: 1000 });
  });

  it('refuses a radius or latitude out of range, a taken number, and deleting a room in use', async () => {
    const { rooms } = (await t.call(campusList, {}, { cookie: staff })).body.data;
    const [a, b] = rooms as [(typeof rooms)[0], (typeof rooms)[0]];
    const base = { id: a.id, id_building: a.buildingId, number: a.number, capacity: a.capacity };
    const far = await refused(() =>
      t.call(roomSave, { ...base, latitude: 91, longitude: 74, radius: 60 }, { cookie: staff }),
    );
    expect(far.issues?.[0]).toMatchObject({ path: ['latitude'], rule: 'out_of_range' });
    const wide = await refused(() =>
      t.call(roomSave, { ...base, latitude: 42.8, longitude: 74.6, radius: 3 }, { cookie: staff }),
    );
    expect(wide.issues?.[0]).toMatchObject({ path: ['radius'], rule: 'out_of_range' });
    if (a.buildingId === b.buildingId) {
      const taken = await refused(() =>
        t.call(roomSave, { ...base, number: b.number, latitude: 42.8, longitude: 74.6, radius: 60 }, { cookie: staff }),
      );
      expect(taken.issues?.[0]).toMatchObject({ path: ['number'], rule: 'taken' });
    }
    const [used] = await rows<{ id: number }>(sql`select room_id as id from schedule_entries limit 1`);
    expect((await refused(() => t.call(roomDelete, { id: used?.id }, { cookie: staff }), 409)).code).toBe('in_use');
  });

  it('adds, changes and deletes a lesson slot; refuses overlaps and an end before the start', async () => {
    const { slots } = (await t.call(campusList, {}, { cookie: staff })).body.data;
    const last = slots.at(-1) as (typeof slots)[0];
    const overlap = await refused(() =>
      t.call(slotSave, { id: -1, number: 19, from: last.from, to: '23:00' }, { cookie: staff }),
    );
    expect(overlap.issues?.[0]).toMatchObject({ path: ['from'], rule: 'overlaps' });
    const backwards = await refused(() =>
      t.call(slotSave, { id: -1, number: 19, from: '22:30', to: '22:00' }, { cookie: staff }),
    );
    expect(backwards.issues?.[0]).toMatchObject({ path: ['to'], rule: 'after_start' });
    const taken = await refused(() =>
      t.call(slotSave, { id: -1, number: last.number, from: '22:00', to: '22:30' }, { cookie: staff }),
    );
    expect(taken.issues?.[0]).toMatchObject({ path: ['number'], rule: 'taken' });

    const added = await t.call(slotSave, { id: -1, number: 19, from: '22:00', to: '22:40' }, { cookie: staff });
    expect(added.body.data).toMatchObject({ number: 19, from: '22:00', to: '22:40' });
    const moved = await t.call(
      slotSave,
      { id: added.body.data.id, number: 19, from: '22:10', to: '22:50' },
      { cookie: staff },
    );
    expect(moved.body.data.from).toBe('22:10');
    expect((await t.call(slotDelete, { id: added.body.data.id }, { cookie: staff })).body.data.deleted).toBe(true);
    expect((await auditOf('settings.slot')).length).toBe(2);
    expect((await auditOf('settings.slotDelete'))[0]?.before).toMatchObject({ from: '22:10' });
    const [used] = await rows<{ id: number }>(sql`select time_slot_id as id from schedule_entries limit 1`);
    expect((await refused(() => t.call(slotDelete, { id: used?.id }, { cookie: staff }), 409)).code).toBe('in_use');
  });

  it('shows a changed bell and room in the timetable at once, though weeks are kept ready', async () => {
    const teacher = await t.signIn('teacher1');
    const week = async () => (await t.call(scheduleTeacher, {}, { cookie: teacher })).body.data;
    const lessonOf = (w: Awaited<ReturnType<typeof week>>) => w.days.flatMap((d) => d.lessons)[0];
    const first = lessonOf(await week());
    expect(first).toBeDefined();
    const lesson = first as NonNullable<typeof first>;
    const { slots, rooms } = (await t.call(campusList, {}, { cookie: staff })).body.data;
    const slot = slots.find((s) => s.id === lesson.id_time) as (typeof slots)[0];
    const room = rooms.find((r) => r.id === lesson.room.id_aud) as (typeof rooms)[0];

    // Five minutes shorter cannot overlap its neighbours.
    const end = Number(slot.to.slice(0, 2)) * 60 + Number(slot.to.slice(3)) - 5;
    const to = `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
    expect((await t.call(slotSave, { ...slot, to }, { cookie: staff })).status).toBe(200);
    const renamed = { ...room, id_building: room.buildingId, number: `${room.number}-R` };
    expect((await t.call(roomSave, renamed, { cookie: staff })).status).toBe(200);
    const after = lessonOf(await week());
    expect(after).toMatchObject({ id: lesson.id, end: to });
    expect(JSON.stringify(after)).toContain(`${room.number}-R`);

    await t.call(slotSave, slot, { cookie: staff });
    await t.call(roomSave, { ...room, id_building: room.buildingId }, { cookie: staff });
    expect(lessonOf(await week())).toMatchObject({ end: slot.to });
  });
});

describe('paid services', () => {
  it('changes a price and names: the student sees them; an inactive service is not listed', async () => {
    const [s] = (await t.call(servicesList, {}, { cookie: staff })).body.data;
    const service = s as NonNullable<typeof s>;
    const res = await t.call(
      serviceSave,
      { ...service, name: 'Пересдача', nameKg: 'Кайра тапшыруу', nameEn: 'Resit', amount: 123_400 },
      { cookie: staff },
    );
    expect(res.status).toBe(200);
    const shown = (await t.call(paymentServices, {}, { cookie: student })).body.data.find((x) => x.id === service.id);
    expect(shown).toMatchObject({ name: 'Пересдача', nameEn: 'Resit', price: 123_400 });
    const [row] = await auditOf('settings.service');
    expect(row?.before).toMatchObject({ price: service.price });
    expect(row?.after).toMatchObject({ price: 123_400 });

    await t.call(serviceSave, { ...service, name: 'Пересдача', amount: 123_400, active: false }, { cookie: staff });
    const listed = (await t.call(paymentServices, {}, { cookie: student })).body.data.map((x) => x.id);
    expect(listed).not.toContain(service.id);
    await t.call(serviceSave, { ...service, amount: service.price, active: true }, { cookie: staff });
  });

  it('refuses bounds that leave out the price, and deleting a service with payments', async () => {
    const [s] = (await t.call(servicesList, {}, { cookie: staff })).body.data;
    const service = s as NonNullable<typeof s>;
    const bad = await refused(() =>
      t.call(
        serviceSave,
        { ...service, amountEditable: true, amount: 1000, minAmount: 2000, maxAmount: 3000 },
        { cookie: staff },
      ),
    );
    expect(bad.issues?.[0]).toMatchObject({ path: ['minAmount'], rule: 'too_big' });
    const missing = await refused(() =>
      t.call(serviceSave, { ...service, amount: service.price, nameEn: '' }, { cookie: staff }),
    );
    expect(missing.issues?.[0]).toMatchObject({ path: ['nameEn'], rule: 'required' });
    const [paid] = await rows<{ id: number }>(sql`select service_id as id from payment_codes limit 1`);
    if (paid) {
      expect((await refused(() => t.call(serviceDelete, { id: paid.id }, { cookie: staff }), 409)).code).toBe('in_use');
    }
    const added = await t.call(
      serviceSave,
      { id: -1, name: 'Новая', nameKg: 'Жаңы', nameEn: 'New', amount: 5000, active: true },
      { cookie: staff },
    );
    expect(added.body.data).toMatchObject({ minAmount: 5000, maxAmount: 5000, amountEditable: false });
    expect((await t.call(serviceDelete, { id: added.body.data.id }, { cookie: staff })).body.data.deleted).toBe(true);
  });
});

describe('registration', () => {
  it('opens a window the student sees; refuses an unknown half-year and an end before the start', async () => {
    const res = await t.call(
      windowSave,
      { year, ws: 2, from: `${year}-12-01T09:00`, to: `${year + 1}-01-20T18:00`, kredits: 33 },
      { cookie: staff },
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ from: `${year}-12-01T09:00`, creditCap: 33 });
    const seen = (await t.call(registrationSemesters, { id_a_year: year }, { cookie: student })).body.data;
    const spring = seen.halfYears.find((h) => h.ws === 2);
    expect(spring?.window).toMatchObject({ creditCap: 33, opensAt: `${year}-12-01T03:00:00.000Z` });
    expect((await auditOf('settings.window')).at(-1)?.after).toMatchObject({ creditCap: 33 });

    const backwards = await refused(() =>
      t.call(
        windowSave,
        { year, ws: 2, from: `${year}-12-01T09:00`, to: `${year}-11-01T09:00`, kredits: 30 },
        {
          cookie: staff,
        },
      ),
    );
    expect(backwards.issues?.[0]).toMatchObject({ path: ['to'], rule: 'after_start' });
    const unknown = await refused(() =>
      t.call(
        windowSave,
        { year: 2090, ws: 1, from: '2090-12-01T09:00', to: '2090-12-02T09:00', kredits: 30 },
        {
          cookie: staff,
        },
      ),
    );
    expect(unknown.issues?.[0]).toMatchObject({ path: ['ws'], rule: 'unknown_record' });
    expect((await t.call(windowDelete, { year, ws: 2 }, { cookie: staff })).body.data.deleted).toBe(true);
    expect((await t.call(registrationSettings, {}, { cookie: staff })).body.data.windows).not.toContainEqual(
      expect.objectContaining({ year, ws: 2 }),
    );
  });

  it("names today's half-year, which the permissions open on", async () => {
    const today = (await t.call(currentHalfYear, {}, { cookie: student })).body.data.ws;
    const settings = (await t.call(registrationSettings, {}, { cookie: staff })).body.data;
    expect(settings.today).toEqual({ year, ws: today });
    expect(settings.halfYears).toContainEqual(expect.objectContaining(settings.today));
  });

  it('grants and revokes the elective permission and switches electives off and on', async () => {
    const [g] = await rows<{ id: number }>(
      sql`select group_id as id from student_profiles where user_id = ${studentId}`,
    );
    await t.call(permissionRevoke, { year, ws: 1, id_student: studentId }, { cookie: staff });
    const ask = async () =>
      (await t.call(electivePermission, { id_a_year: year, ws: 1 }, { cookie: student })).body.data.permission;
    expect(await ask()).toBe(false);
    const granted = await t.call(permissionGrant, { year, ws: 1, id_group: g?.id }, { cookie: staff });
    expect(granted.body.data.added).toBeGreaterThan(0);
    expect(await ask()).toBe(true);
    const listed = (await t.call(permissionList, { year, ws: 1 }, { cookie: staff })).body.data.students;
    expect(listed.map((s) => s.id)).toContain(studentId);

    await t.call(electiveSwitch, { isElective: false }, { cookie: staff });
    expect(await ask()).toBe(false);
    expect((await auditOf('settings.electives'))[0]).toMatchObject({ before: true, after: false });
    await t.call(electiveSwitch, { isElective: true }, { cookie: staff });
    expect(await ask()).toBe(true);

    const neither = await refused(() => t.call(permissionGrant, { year, ws: 1 }, { cookie: staff }));
    expect(neither.issues?.[0]).toMatchObject({ path: ['id_group'], rule: 'required' });
    expect((await t.call(permissionRevoke, { year, ws: 1, id_student: studentId }, { cookie: staff })).status).toBe(
      200,
    );
    expect(await ask()).toBe(false);
    expect((await auditOf('settings.permissionRevoke')).length).toBeGreaterThan(0);
  });
});

describe('calendar', () => {
  it("moves the half-years' dates and today's half-year follows at once", async () => {
    const ws = async () => (await t.call(currentHalfYear, {}, { cookie: student })).body.data.ws;
    expect(await ws()).toBe(1);
    // Another instance has today's half-year cached: the change reaches it through NOTIFY.
    const second = await t.secondInstance();
    const wsThere = async () =>
      (await second.app.inject({ method: 'GET', url: currentHalfYear.path, headers: { cookie: student } })).json().data
        .ws;
    // That instance runs on the real clock: what it should answer is read from the calendar itself.
    const realToday = new Date().toISOString().slice(0, 10);
    const expectedThere = async () => {
      const { years } = (await t.call(calendarList, {}, { cookie: staff })).body.data;
      const found = years.flatMap((y) => y.halfYears).find((h) => h.from <= realToday && realToday <= h.to);
      return found?.ws ?? 2;
    };
    await wsThere();
    expect(await wsThere()).toBe(await expectedThere());
    expect((await t.call(calendarList, {}, { cookie: staff })).body.data.today).toEqual({ year, ws: 1 });
    const fall = await t.call(
      halfYearSave,
      { year, ws: 1, from: `${year}-09-01`, to: `${year}-11-20` },
      { cookie: staff },
    );
    expect(fall.status).toBe(200);
    const spring = await t.call(
      halfYearSave,
      { year, ws: 2, from: `${year}-11-21`, to: `${year + 1}-06-30` },
      { cookie: staff },
    );
    expect(spring.status).toBe(200);
    expect(await ws()).toBe(2);
    await expect.poll(wsThere, { timeout: 5_000 }).toBe(await expectedThere());
    await second.close();
    const audit = await auditOf('settings.halfYear');
    expect(audit.at(-1)).toMatchObject({ before: { from: `${year + 1}-02-01` }, after: { from: `${year}-11-21` } });
  });

  it('refuses overlapping, backwards and out-of-year dates with clear rules, changing nothing', async () => {
    const overlap = await refused(() =>
      t.call(halfYearSave, { year, ws: 3, from: `${year + 1}-06-01`, to: `${year + 1}-08-31` }, { cookie: staff }),
    );
    expect(overlap.issues?.[0]).toMatchObject({
      path: ['from'],
      rule: 'overlaps',
      params: { from: `${year}-11-21`, to: `${year + 1}-06-30` },
    });
    const outside = await refused(() =>
      t.call(halfYearSave, { year, ws: 3, from: `${year + 1}-07-01`, to: `${year + 1}-09-30` }, { cookie: staff }),
    );
    expect(outside.issues?.[0]).toMatchObject({
      path: ['to'],
      rule: 'out_of_range',
      params: { min: `${year}-09-01`, max: `${year + 1}-08-31` },
    });
    const backwards = await refused(() =>
      t.call(yearSave, { year: year + 3, from: `${year + 3}-09-01`, to: `${year + 3}-08-31` }, { cookie: staff }),
    );
    expect(backwards.issues?.[0]).toMatchObject({ path: ['to'], rule: 'after_start' });
    const years = await refused(() =>
      t.call(yearSave, { year: year + 3, from: `${year + 1}-08-01`, to: `${year + 2}-07-31` }, { cookie: staff }),
    );
    expect(years.issues?.[0]).toMatchObject({ path: ['from'], rule: 'overlaps' });
    const cut = await refused(() =>
      t.call(yearSave, { year, from: `${year}-10-01`, to: `${year + 1}-08-31` }, { cookie: staff }),
    );
    expect(cut.issues?.[0]).toMatchObject({ path: ['from'], rule: 'too_big', params: { max: `${year}-09-01` } });
    const bogus = await refused(() =>
      t.call(halfYearSave, { year, ws: 1, from: `${year}-02-30`, to: `${year}-11-20` }, { cookie: staff }),
    );
    expect(bogus.issues?.[0]).toMatchObject({ path: ['from'], rule: 'invalid_date' });
  });

  it('adds and deletes a year and its half-year; refuses deleting what is in use', async () => {
    const next = year + 3;
    const made = await t.call(
      yearSave,
      { year: next, from: `${next}-09-01`, to: `${next + 1}-08-31` },
      { cookie: staff },
    );
    expect(made.body.data).toMatchObject({ year: next, halfYears: [] });
    const half = await t.call(
      halfYearSave,
      { year: next, ws: 1, from: `${next}-09-01`, to: `${next + 1}-01-31` },
      { cookie: staff },
    );
    expect(half.body.data.halfYears).toEqual([{ ws: 1, from: `${next}-09-01`, to: `${next + 1}-01-31` }]);
    expect((await refused(() => t.call(yearDelete, { year: next }, { cookie: staff }), 409)).code).toBe('in_use');
    expect((await t.call(halfYearDelete, { year: next, ws: 1 }, { cookie: staff })).status).toBe(200);
    expect((await t.call(yearDelete, { year: next }, { cookie: staff })).body.data.deleted).toBe(true);
    expect((await refused(() => t.call(halfYearDelete, { year, ws: 1 }, { cookie: staff }), 409)).code).toBe('in_use');
    expect((await auditOf('settings.yearDelete')).length).toBe(1);
  });
});
