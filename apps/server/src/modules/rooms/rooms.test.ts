import { roomsBook, roomsCancel, roomsFree, roomsMine, roomsStaffCancel, roomsWeek } from '@okuu/contracts/rooms/rooms';
import { addDays, bishkekDay } from '@okuu/contracts/schedule/weeks';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerName, signInAll } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let cookies: Record<CallerName, string | undefined>;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const today = bishkekDay(new Date()).date;
/** A Sunday at least a week ahead: no lesson of the demo timetable takes a room then. */
const sunday = (() => {
  let d = addDays(today, 7);
  while (new Date(`${d}T00:00:00Z`).getUTCDay() !== 0) d = addDays(d, 1);
  return d;
})();

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signInAll(t);
});
afterAll(() => t.close());

describe('room occupancy', () => {
  it('unrolls every timetable lesson into the dates of its half-year, by weekday and week parity', async () => {
    const mismatched = await rows<{ id: number }>(sql`
      select e.id from schedule_entries e join half_years h
        on h.academic_year_id = e.academic_year_id and h.kind = e.half_year_kind
      where (select count(*) from room_occupancy o where o.entry_id = e.id) = 0
         or exists (select 1 from room_occupancy o where o.entry_id = e.id
           and (extract(isodow from o.date) <> e.day_number or o.room_id <> e.room_id
             or o.date not between h.starts_on and h.ends_on))`);
    expect(mismatched).toEqual([]);
    // An odd-week lesson runs in weeks 1, 3, …; an even-week one in 2, 4, … (week 1 holds the half-year's start).
    const parities = await rows<{ parity: string; week: number }>(sql`
      select e.week_parity as parity,
        (o.date - (h.starts_on - (extract(isodow from h.starts_on)::int - 1))) / 7 + 1 as week
      from room_occupancy o join schedule_entries e on e.id = o.entry_id
      join half_years h on h.academic_year_id = e.academic_year_id and h.kind = e.half_year_kind
      where e.week_parity <> 'every'`);
    for (const p of parities) expect(p.week % 2, `${p.parity} week ${p.week}`).toBe(p.parity === 'odd' ? 1 : 0);
  });
});

describe('free rooms and a room week', () => {
  it('lists the rooms free on a date, without the slots the timetable takes', async () => {
    const [taken] = await rows<{ date: string; room: number; slot: number }>(sql`
      select to_char(date, 'YYYY-MM-DD') as date, room_id as room, time_slot_id as slot from room_occupancy
      where entry_id is not null and date > ${today}::date order by date, room_id limit 1`);
    if (!taken) throw new Error('the demo timetable has no future lesson');
    // Every room of the university for the day (its speed is the bench's to measure, not a unit test's).
    const res = await t.call(roomsFree, { date: taken.date }, { cookie: cookies.student });
    expect(res.status).toBe(200);
    const room = res.body.data.rooms.find((r) => r.id_aud === taken.room);
    expect(room?.free ?? []).not.toContain(taken.slot);
    const inSlot = await t.call(roomsFree, { date: taken.date, id_time: taken.slot }, { cookie: cookies.teacher });
    expect(inSlot.body.data.rooms.map((r) => r.id_aud)).not.toContain(taken.room);
    const big = await t.call(roomsFree, { date: taken.date, capacity: 100_000 }, { cookie: cookies.teacher });
    expect(big.status).toBe(400);
  });

  it("shows a room's week with its lessons by date", async () => {
    const [taken] = await rows<{ date: string; room: number; slot: number }>(sql`
      select to_char(date, 'YYYY-MM-DD') as date, room_id as room, time_slot_id as slot from room_occupancy
      where entry_id is not null order by date limit 1`);
    const res = await t.call(roomsWeek, { id_aud: taken?.room, date: taken?.date }, { cookie: cookies.student });
    expect(res.status).toBe(200);
    expect(res.body.data.days).toHaveLength(7);
    const day = res.body.data.days.find((d) => d.date === taken?.date);
    expect(day?.items.some((i) => i.kind === 'lesson' && i.id_time === taken?.slot && i.discipline)).toBe(true);
    expect((await t.call(roomsWeek, { id_aud: 999_999, date: today }, { cookie: cookies.student })).status).toBe(404);
  });
});

describe('bookings', () => {
  it('refuses a booking over a lesson of the timetable, and over the teacher’s own lesson elsewhere', async () => {
    const [taken] = await rows<{ date: string; room: number; slot: number }>(sql`
      select to_char(date, 'YYYY-MM-DD') as date, room_id as room, time_slot_id as slot from room_occupancy
      where entry_id is not null and date > ${today}::date + 1 order by date limit 1`);
    const res = await t.call(
      roomsBook,
      { id_aud: taken?.room, date: taken?.date, id_time: taken?.slot, purpose: 'retake' },
      { cookie: cookies.teacher },
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('room_taken');

    const [own] = await rows<{ date: string; slot: number; room: number }>(sql`
      select to_char(o.date, 'YYYY-MM-DD') as date, o.time_slot_id as slot, o.room_id as room from room_occupancy o
      join schedule_entries e on e.id = o.entry_id join users u on u.id = e.teacher_id
      where u.login = 'teacher1' and o.date > ${today}::date + 1 order by o.date limit 1`);
    const [other] = await rows<{
      id: number;
    }>(sql`select id from rooms r where not exists (select 1 from room_occupancy o
      where o.room_id = r.id and o.date = ${own?.date}::date and o.time_slot_id = ${own?.slot}) limit 1`);
    const busy = await t.call(
      roomsBook,
      { id_aud: other?.id, date: own?.date, id_time: own?.slot, purpose: 'consultation' },
      { cookie: cookies.teacher },
    );
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('teacher_busy');
    const past = await t.call(
      roomsBook,
      { id_aud: other?.id, date: addDays(today, -1), id_time: own?.slot, purpose: 'event' },
      { cookie: cookies.teacher },
    );
    expect(past.body.error.code).toBe('booking_past');
  });

  it('gives exactly one booking of 100 parallel requests for one room and slot, the rest a clean 409', async () => {
    const [room] = await rows<{ id: number }>(sql`select id from rooms order by id limit 1`);
    const [slot] = await rows<{ id: number }>(sql`select id from time_slots order by number limit 1`);
    const input = { id_aud: room?.id, date: sunday, id_time: slot?.id, purpose: 'consultation', note: 'Консультация' };
    const teachers = [cookies.teacher, cookies.otherTeacher];
    const replies = await Promise.all(
      Array.from({ length: 100 }, (_, i) => t.call(roomsBook, input, { cookie: teachers[i % 2] })),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(99);
    for (const r of replies.filter((x) => x.status === 409)) expect(r.body.error.code).toBe('room_taken');
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from room_bookings
      where room_id = ${room?.id} and date = ${sunday}::date`);
    expect(count?.n).toBe(1);

    // The booking shows in the room's week and its teacher's bookings; the room is no longer free then.
    const booking = replies.find((r) => r.status === 200)?.body.data;
    const week = await t.call(roomsWeek, { id_aud: room?.id, date: sunday }, { cookie: cookies.student });
    const items = week.body.data.days.find((d) => d.date === sunday)?.items ?? [];
    expect(items).toContainEqual(
      expect.objectContaining({ kind: 'booking', id: booking?.id, purpose: 'consultation' }),
    );
    const free = await t.call(roomsFree, { date: sunday, id_time: slot?.id }, { cookie: cookies.student });
    expect(free.body.data.rooms.map((r) => r.id_aud)).not.toContain(room?.id);
    const owner = booking?.teacher.id;
    const ownerCookie = replies.findIndex((r) => r.status === 200) % 2 === 0 ? cookies.teacher : cookies.otherTeacher;
    const otherCookie = ownerCookie === cookies.teacher ? cookies.otherTeacher : cookies.teacher;
    const mine = await t.call(roomsMine, {}, { cookie: ownerCookie });
    expect(mine.body.data.bookings.map((b) => b.id)).toContain(booking?.id);
    expect(mine.body.data.bookings.every((b) => b.teacher.id === owner)).toBe(true);
    const theirs = await t.call(roomsMine, {}, { cookie: otherCookie });
    expect(theirs.body.data.bookings.map((b) => b.id)).not.toContain(booking?.id);

    // Another teacher cannot cancel it; its teacher can, and the room is free again.
    expect((await t.call(roomsCancel, { id: booking?.id }, { cookie: otherCookie })).status).toBe(404);
    expect((await t.call(roomsCancel, { id: booking?.id }, { cookie: ownerCookie })).status).toBe(200);
    const again = await t.call(roomsFree, { date: sunday, id_time: slot?.id }, { cookie: cookies.student });
    expect(again.body.data.rooms.map((r) => r.id_aud)).toContain(room?.id);
  });

  it('lets staff cancel any booking with a reason, audited', async () => {
    const [room] = await rows<{ id: number }>(sql`select id from rooms order by id desc limit 1`);
    const [slot] = await rows<{ id: number }>(sql`select id from time_slots order by number desc limit 1`);
    const made = await t.call(
      roomsBook,
      { id_aud: room?.id, date: sunday, id_time: slot?.id, purpose: 'event' },
      { cookie: cookies.teacher },
    );
    expect(made.status).toBe(200);
    const staff = cookies.staff;
    expect((await t.call(roomsStaffCancel, { id: made.body.data.id }, { cookie: staff })).status).toBe(400);
    const res = await t.call(roomsStaffCancel, { id: made.body.data.id, reason: 'Ремонт' }, { cookie: staff });
    expect(res.status).toBe(200);
    const [audit] = await rows<{ action: string; target_id: number }>(sql`select action, target_id from audit_log
      where action = 'room.bookingCancel' order by id desc limit 1`);
    expect(audit).toEqual({ action: 'room.bookingCancel', target_id: made.body.data.id });
    expect((await t.call(roomsStaffCancel, { id: made.body.data.id, reason: 'x' }, { cookie: staff })).status).toBe(
      404,
    );
  });

  it('takes the timetable out of a booked slot: a lesson moved onto a booking is refused by the same constraint', async () => {
    const [room] = await rows<{ id: number }>(sql`select id from rooms order by id limit 1`);
    const [slot] = await rows<{ id: number }>(sql`select id from time_slots order by number limit 1`);
    const made = await t.call(
      roomsBook,
      { id_aud: room?.id, date: sunday, id_time: slot?.id, purpose: 'event' },
      { cookie: cookies.teacher },
    );
    expect(made.status).toBe(200);
    const [entry] = await rows<{ id: number }>(sql`select id from schedule_entries order by id limit 1`);
    await expect(
      t.database.db.execute(sql`update schedule_entries set day_number = 7, time_slot_id = ${slot?.id},
        room_id = ${room?.id} where id = ${entry?.id}`),
    ).rejects.toThrow();
  });
});
