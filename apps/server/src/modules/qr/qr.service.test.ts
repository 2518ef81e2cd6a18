import { qrTime } from '@okuu/contracts/qr/time';
import { addDays, weekdayOf, weekOfHalfYear } from '@okuu/contracts/schedule/weeks';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInAll } from '../../../test/callers.ts';
import { createTestApp, qrDeps, type TestApp, testChanges } from '../../../test/harness.ts';
import { lessonOnDay } from '../../../test/lesson-on-day.ts';
import { createJournalRepository } from '../journal/journal.repository.ts';
import { createQrService } from './qr.service.ts';
import { qrGraceMs, qrStepMs, ticketAt, tokenAt } from './qr.token.ts';

let t: TestApp;
let qr: ReturnType<typeof createQrService>;
let entry: { id: number; teacherId: number; groupId: number; lat: number; lon: number; slotId: number };
let classmates: number[];
let outsider: number;
let lessonStart: Date;
const lessonDate = '2026-11-25';

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A moment on the lesson's step grid, `ms` after the first step boundary past the slot's start. */
function during(ms: number): Date {
  return new Date(Math.ceil(lessonStart.getTime() / qrStepMs) * qrStepMs + ms);
}

const inRoom = () => ({ latitude: entry.lat, longitude: entry.lon, accuracyM: 10 });

/** A new check-in for the lesson (the one a previous test left running is stopped first: a start would return it). */
async function started(now = during(0)) {
  await rows(sql`update qr_sessions set stopped_at = started_at where stopped_at is null`);
  const s = await qr.start(
    entry.teacherId,
    { scheduleEntryId: entry.id, lessonDate, latitude: entry.lat, longitude: entry.lon },
    now,
  );
  expect(s).not.toBeNull();
  const id = (s as { id: number }).id;
  const token = async (at: Date) => ((await qr.token(entry.teacherId, id, at)) as { token: string }).token;
  return { id, token };
}

async function journalMarks(studentId: number) {
  return rows<{ code: string }>(
    sql`select a.code from journal_marks m join journal_lessons l on l.id = m.lesson_id
          join journal_assessments a on a.id = m.assessment_id
        where m.student_id = ${studentId} and l.visit_date = ${lessonDate} and l.time_slot_id = ${entry.slotId}
          and l.discipline_id = (select discipline_id from schedule_entries where id = ${entry.id})`,
  );
}

async function attempts(sessionId: number) {
  return rows<{ studentId: number; result: string }>(
    sql`select student_id as "studentId", result from qr_attempts where session_id = ${sessionId} order by id`,
  );
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  qr = createQrService(db, qrDeps(t));
  const [group] = await rows<{ id: number }>(
    sql`select e.id from schedule_entries e
        where e.group_id is not null
          and (select count(*) from student_profiles sp where sp.group_id = e.group_id) >= 3
        order by e.id limit 1`,
  );
  // The lesson on the weekday of lessonDate (a check-in starts only on a day the lesson takes place).
  const id = await lessonOnDay(db, (group as { id: number }).id, weekdayOf(lessonDate));
  const [e] = await rows<typeof entry & { start: string }>(
    sql`select e.id, e.teacher_id as "teacherId", e.group_id as "groupId", r.latitude as lat, r.longitude as lon,
          e.time_slot_id as "slotId", ((${lessonDate}::date + ts.starts_at) at time zone 'Asia/Bishkek')::text as start
        from schedule_entries e join rooms r on r.id = e.room_id join time_slots ts on ts.id = e.time_slot_id
        where e.id = ${id}`,
  );
  expect(e).toBeDefined();
  entry = e as typeof entry;
  lessonStart = new Date((e as { start: string }).start);
  classmates = (
    await rows<{ id: number }>(
      sql`select user_id as id from student_profiles where group_id = ${entry.groupId} order by user_id limit 3`,
    )
  ).map((r) => r.id);
  const [o] = await rows<{ id: number }>(
    sql`select user_id as id from student_profiles where group_id <> ${entry.groupId} order by user_id limit 1`,
  );
  outsider = (o as { id: number }).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('qr check-in', () => {
  it('accepts a student in the room once, writes present once, and a repeat is a harmless success', async () => {
    const { id, token } = await started();
    const [student] = classmates as [number];
    const now = during(2_000);
    const visit = { token: await token(now), ...inRoom(), deviceId: 'dev-a' };
    expect(await qr.visit(student, visit, now)).toMatchObject({ ok: true, repeat: false });
    expect(await qr.visit(student, visit, during(4_000))).toMatchObject({ ok: true, repeat: true });
    // A later token, another device of the same student: still one acceptance and one journal row.
    const later = during(qrStepMs + 1_000);
    const again = { token: await token(later), ...inRoom(), deviceId: 'dev-a2' };
    expect(await qr.visit(student, again, later)).toMatchObject({ ok: true, repeat: true });
    expect(await journalMarks(student)).toEqual([{ code: '+' }]);
    expect((await attempts(id)).filter((a) => a.result === 'accepted')).toHaveLength(1);
  });

  it('takes the previous step within the grace, refuses it after as stale, and refuses a replay', async () => {
    const { id, token } = await started();
    const student = classmates[1] as number;
    const shown = await token(during(14_000));
    const late = during(qrStepMs + qrGraceMs + 1);
    expect(await qr.visit(student, { token: shown, ...inRoom(), deviceId: 'dev-b' }, late)).toEqual({
      ok: false,
      reason: 'qr_stale',
    });
    const replay = during(5 * 60_000);
    expect(await qr.visit(student, { token: shown, ...inRoom(), deviceId: 'dev-b' }, replay)).toMatchObject({
      reason: 'qr_stale',
    });
    expect(await journalMarks(student)).toEqual([]);
    const inGrace = during(qrStepMs + qrGraceMs);
    expect(await qr.visit(student, { token: shown, ...inRoom(), deviceId: 'dev-b' }, inGrace)).toMatchObject({
      ok: true,
      repeat: false,
    });
    expect((await attempts(id)).map((a) => a.result)).toEqual(['qr_stale', 'qr_stale', 'accepted']);
  });

  it('refuses a forged token and writes nothing', async () => {
    const { id } = await started();
    const now = during(1_000);
    const forged = tokenAt('not the secret', id, now).token;
    const student = classmates[2] as number;
    expect(await qr.visit(student, { token: forged, ...inRoom(), deviceId: 'dev-c' }, now)).toEqual({
      ok: false,
      reason: 'qr_forged',
    });
    expect(await qr.visit(student, { token: 'x', ...inRoom(), deviceId: 'dev-c' }, now)).toMatchObject({
      reason: 'qr_forged',
    });
    expect(await attempts(id)).toEqual([]);
  });

  it('refuses a student outside the audience, out of the lesson time, and after the stop', async () => {
    const { id, token } = await started();
    const now = during(1_000);
    expect(await qr.visit(outsider, { token: await token(now), ...inRoom(), deviceId: 'dev-d' }, now)).toMatchObject({
      reason: 'qr_not_in_audience',
    });
    const student = classmates[2] as number;
    const evening = new Date(lessonStart.getTime() + 6 * 3_600_000);
    const t2 = tokenAt(
      ((await rows<{ secret: string }>(sql`select secret from qr_sessions where id = ${id}`))[0] as { secret: string })
        .secret,
      id,
      evening,
    ).token;
    expect(await qr.visit(student, { token: t2, ...inRoom(), deviceId: 'dev-e' }, evening)).toMatchObject({
      reason: 'qr_not_now',
    });
    const shown = await token(now);
    expect(await qr.stop(entry.teacherId, id, now)).toBe(true);
    expect(await qr.token(entry.teacherId, id, now)).toBeNull();
    expect(await qr.visit(student, { token: shown, ...inRoom(), deviceId: 'dev-e' }, now)).toMatchObject({
      reason: 'qr_not_now',
    });
    expect(await journalMarks(outsider)).toEqual([]);
  });

  it('refuses 2 km away with the distance, a coarse fix, and a second student on one device', async () => {
    const { token } = await started();
    const now = during(1_000);
    const student = classmates[2] as number;
    const far = await qr.visit(
      student,
      { token: await token(now), latitude: entry.lat + 0.018, longitude: entry.lon, accuracyM: 10, deviceId: 'dev-f' },
      now,
    );
    expect(far).toMatchObject({ ok: false, reason: 'qr_too_far' });
    expect(Math.round(((far as { distance: number }).distance ?? 0) / 100)).toBe(20);
    const coarse = { token: await token(now), ...inRoom(), accuracyM: 500, deviceId: 'dev-f' };
    expect(await qr.visit(student, coarse, now)).toMatchObject({ reason: 'qr_fix_too_coarse' });
    // dev-a checked in the first classmate: it cannot check in this one.
    expect(await qr.visit(student, { token: await token(now), ...inRoom(), deviceId: 'dev-a' }, now)).toMatchObject({
      reason: 'qr_device_used',
    });
    expect(await journalMarks(student)).toEqual([]);
    expect(await qr.visit(student, { token: await token(now), ...inRoom(), deviceId: 'dev-g' }, now)).toMatchObject({
      ok: true,
    });
    expect(await journalMarks(student)).toEqual([{ code: '+' }]);
  });

  it('lists the accepted students in the journal lesson (getqrstudentslist), once each', async () => {
    const [e] = await rows<{ year: number; ws: number; disciplineId: number; kindId: number }>(
      sql`select academic_year_id as year, half_year_kind as ws, discipline_id as "disciplineId",
            lesson_kind_id as "kindId" from schedule_entries where id = ${entry.id}`,
    );
    const ref = {
      ...(e as { year: number; ws: number; disciplineId: number; kindId: number }),
      groupType: 'group' as const,
      audienceId: entry.groupId,
      visitDate: lessonDate,
      timeSlotId: entry.slotId,
      timesCount: 1,
    };
    const listed = await createJournalRepository(t.database.db, testChanges(t.database)).qrCheckins(ref);
    // The earlier tests accepted each of the three classmates (in their own sessions); the outsider never.
    expect(listed.map((s) => s.id).sort((a, b) => a - b)).toEqual([...classmates].sort((a, b) => a - b));
    expect(
      await createJournalRepository(t.database.db, testChanges(t.database)).qrCheckins({
        ...ref,
        visitDate: '2026-11-26',
      }),
    ).toEqual([]);
  });

  it("tells the server's time (qr/time)", async () => {
    const cookies = await signInAll(t);
    const before = Date.now();
    const res = await t.call(qrTime, {}, { cookie: cookies.student });
    expect(res.status).toBe(200);
    const { time, ms } = res.body.data as { time: string; ms: number };
    expect(ms).toBeGreaterThanOrEqual(before);
    expect(ms).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(time)).toBe(ms);
  });

  it('starts only for a lesson of the teacher’s own timetable', async () => {
    const [other] = await rows<{ id: number }>(
      sql`select id from users where id <> ${entry.teacherId} order by id limit 1`,
    );
    expect(
      await qr.start(
        (other as { id: number }).id,
        { scheduleEntryId: entry.id, lessonDate, latitude: null, longitude: null },
        during(0),
      ),
    ).toBeNull();
  });

  it('starts only on a day the lesson takes place: its weekday, a week of its parity, within its half-year', async () => {
    await rows(sql`update qr_sessions set stopped_at = started_at where stopped_at is null`);
    const start = (date: string) =>
      qr.start(
        entry.teacherId,
        { scheduleEntryId: entry.id, lessonDate: date, latitude: null, longitude: null },
        during(0),
      );
    const count = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from qr_sessions`))[0]?.n;
    const before = await count();
    expect(await start(addDays(lessonDate, 1))).toBe('qr_not_now');
    expect(await start(addDays(lessonDate, 52 * 7))).toBe('qr_not_now');
    // On odd weeks only, then on even weeks only: one of the two is not this week's.
    const [half] = await rows<{ startsOn: string }>(
      sql`select to_char(h.starts_on, 'YYYY-MM-DD') as "startsOn" from half_years h join schedule_entries e
            on h.academic_year_id = e.academic_year_id and h.kind = e.half_year_kind where e.id = ${entry.id}`,
    );
    const thisWeek = weekOfHalfYear(lessonDate, (half as { startsOn: string }).startsOn).parity;
    const otherWeek = thisWeek === 'odd' ? 'even' : 'odd';
    try {
      await rows(sql`update schedule_entries set week_parity = ${otherWeek} where id = ${entry.id}`);
      expect(await start(lessonDate)).toBe('qr_not_now');
      expect(await count()).toBe(before);
      await rows(sql`update schedule_entries set week_parity = ${thisWeek} where id = ${entry.id}`);
      expect(await start(lessonDate)).toMatchObject({ id: expect.any(Number) });
    } finally {
      await rows(sql`update schedule_entries set week_parity = 'every' where id = ${entry.id}`);
    }
  });

  it('accepts one student per phone in a check-in, however many ask at once (8 trials)', async () => {
    for (let trial = 0; trial < 8; trial++) {
      const { id, token } = await started();
      const now = during(1_000);
      const shown = await token(now);
      const phone = { token: shown, ...inRoom(), deviceId: `race-${trial}` };
      const results = await Promise.all(classmates.map((student) => qr.visit(student, phone, now)));
      expect(
        results.filter((r) => r.ok),
        `trial ${trial}`,
      ).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.reason)).toEqual(['qr_device_used', 'qr_device_used']);
      expect((await attempts(id)).filter((a) => a.result === 'accepted')).toHaveLength(1);
    }
  });

  it('takes a ticket only on the phone that scanned it, and for the first student who comes with it', async () => {
    const { id } = await started();
    const now = during(1_000);
    const [secret] = await rows<{ secret: string }>(sql`select secret from qr_sessions where id = ${id}`);
    const { ticket } = ticketAt((secret as { secret: string }).secret, id, now, 'P'.repeat(22));
    const [first, second] = classmates as [number, number];
    // Another phone (or none: the route passes the cookie's id) cannot use it.
    const elsewhere = { token: ticket, ...inRoom(), deviceId: 'Q'.repeat(22) };
    expect(await qr.visit(first, elsewhere, now)).toMatchObject({ ok: false, reason: 'qr_ticket_used' });
    // On its phone, the first student who comes with it holds it, even when refused (here: too far).
    const far = {
      token: ticket,
      latitude: entry.lat + 0.018,
      longitude: entry.lon,
      accuracyM: 10,
      deviceId: 'P'.repeat(22),
    };
    expect(await qr.visit(first, far, during(2_000))).toMatchObject({ ok: false, reason: 'qr_too_far' });
    const handedOn = { token: ticket, ...inRoom(), deviceId: 'P'.repeat(22) };
    expect(await qr.visit(second, handedOn, during(3_000))).toMatchObject({ ok: false, reason: 'qr_ticket_used' });
    expect(await qr.visit(first, handedOn, during(4_000))).toMatchObject({ ok: true, repeat: false });
    expect((await attempts(id)).map((a) => a.result)).toEqual([
      'qr_ticket_used',
      'qr_too_far',
      'qr_ticket_used',
      'accepted',
    ]);
  });
});
