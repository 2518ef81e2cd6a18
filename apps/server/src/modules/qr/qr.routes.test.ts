import { chatSocketPath } from '@okuu/contracts/chat/events';
import { teacherJournal } from '@okuu/contracts/journal/journal';
import { qrAttemptsList, qrScan, qrStart, qrStop, qrToken } from '@okuu/contracts/qr/checkin';
import { bishkekDay } from '@okuu/contracts/schedule/weeks';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signInAll } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lessonOnDay } from '../../../test/lesson-on-day.ts';

// The real clock: the window is widened to the whole day (QR_WINDOW_MINUTES) so that a lesson of today is "on now"
// whenever the suite runs; the service's own test moves the clock through a lesson's window.
let t: TestApp;
let cookies: Awaited<ReturnType<typeof signInAll>>;
let entry: { id: number; lat: number; lon: number; radius: number };
let student2Id: number;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A POST of the student's check-in, with the phone's cookies (session and device). */
async function visit(cookie: string, body: Record<string, unknown>) {
  const res = await t.app.inject({ method: 'POST', url: '/api/qr/student/visit', payload: body, headers: { cookie } });
  const device = res.cookies.find((c) => c.name === 'okuu_device')?.value;
  return { status: res.statusCode, body: res.json(), device };
}

async function scan(token: string, cookie = '') {
  const res = await t.app.inject({ method: 'POST', url: qrScan.path, payload: { token }, headers: { cookie } });
  return { status: res.statusCode, body: res.json(), device: res.cookies.find((c) => c.name === 'okuu_device')?.value };
}

const journalMarks = (studentId: number, entryId: number) =>
  rows<{ code: string }>(
    sql`select a.code from journal_marks m join journal_lessons l on l.id = m.lesson_id
          join journal_assessments a on a.id = m.assessment_id
          join schedule_entries e on e.id = ${entryId}
        where m.student_id = ${studentId} and l.discipline_id = e.discipline_id and l.time_slot_id = e.time_slot_id
          and l.visit_date = (now() at time zone 'Asia/Bishkek')::date`,
  );

beforeAll(async () => {
  t = await createTestApp({ QR_WINDOW_MINUTES: '1440', LOG_LEVEL: 'error' });
  cookies = await signInAll(t);
  const [lesson] = await rows<{ id: number }>(
    sql`select e.id from schedule_entries e join users t on t.id = e.teacher_id and t.login = 'teacher1'
        join student_profiles sp on sp.group_id = e.group_id join users s on s.id = sp.user_id and s.login = 'student1'
        order by e.id limit 1`,
  );
  expect(lesson, "a lesson of teacher1 with student1's group").toBeDefined();
  // That lesson today, whatever the weekday (a check-in starts only on a day its lesson takes place).
  const id = await lessonOnDay(t.database.db, (lesson as { id: number }).id, bishkekDay(new Date()).weekday);
  const [e] = await rows<typeof entry>(
    sql`select e.id, r.latitude as lat, r.longitude as lon, r.checkin_radius_m as radius
        from schedule_entries e join rooms r on r.id = e.room_id where e.id = ${id}`,
  );
  entry = e as typeof entry;
  const [s2] = await rows<{ id: number }>(sql`select id from users where login = 'student2'`);
  student2Id = (s2 as { id: number }).id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('QR check-in over HTTP', () => {
  it('runs a check-in from start to stop: ticket, present once, refusals listed, counts pushed live', async () => {
    const start = await t.call(qrStart, { id: entry.id, x: entry.lon, y: entry.lat }, { cookie: cookies.teacher });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const { sessionId, token, lesson } = start.body.data;
    expect(lesson.audience).toBeTruthy();
    // A second start (a reload) returns the running check-in; another teacher cannot start this lesson.
    expect((await t.call(qrStart, { id: entry.id }, { cookie: cookies.teacher })).body.data.sessionId).toBe(sessionId);
    expect((await t.call(qrStart, { id: entry.id }, { cookie: cookies.otherTeacher })).status).toBe(404);
    expect((await t.call(qrToken, { sessionId }, { cookie: cookies.otherTeacher })).status).toBe(404);

    // The teacher's socket hears the counts.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address() as { port: number };
    const socket = new WebSocket(`ws://127.0.0.1:${address.port}${chatSocketPath}`, {
      headers: { cookie: cookies.teacher as string },
    });
    const events: { type: string; accepted?: number; refused?: number }[] = [];
    socket.on('message', (data) => events.push(JSON.parse(String(data))));
    await new Promise((resolve) => socket.once('open', resolve));
    const counted = (accepted: number, refused: number) =>
      expect
        .poll(() => events.find((e) => e.type === 'qr' && e.accepted === accepted && e.refused === refused), {
          timeout: 5000,
        })
        .toBeDefined();

    // student1 scans signed out: the token is traded for a ticket, which still works after the token has changed.
    const scanned = await scan(token);
    expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
    // The server's own device id, signed: <id>.<mac>.
    expect(scanned.device).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    const ticket = scanned.body.data.ticket as string;
    const phone1 = `${cookies.student}; okuu_device=${scanned.device}`;
    const here = { token: ticket, x: entry.lon, y: entry.lat, accuracy: 12, idShed: sessionId, idStud: 1, idAud: 1 };
    const first = await visit(phone1, here);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.data).toMatchObject({ repeat: false });
    expect((await visit(phone1, here)).body.data).toMatchObject({ repeat: true });
    await counted(1, 0);

    // student2 scans on their own phone: 2 km away (refused with the distance), then in the room on student1's phone
    // (refused), then too coarse.
    const own = await scan((await t.call(qrToken, { sessionId }, { cookie: cookies.teacher })).body.data.token);
    const phone2 = `${cookies.otherStudent}; okuu_device=${own.device}`;
    const here2 = { ...here, token: own.body.data.ticket as string };
    const far = await visit(phone2, { ...here2, y: entry.lat + 0.018 });
    expect(far.status).toBe(403);
    expect(far.body.error).toMatchObject({ code: 'qr_too_far', params: { radius: entry.radius } });
    expect(Math.round((far.body.error.params.distance as number) / 100)).toBe(20);
    // student1's phone: student1's ticket is theirs; a scan of its own on that phone meets the device rule.
    const borrowed = await visit(`${cookies.otherStudent}; okuu_device=${scanned.device}`, here);
    expect(borrowed.body.error.code).toBe('qr_ticket_used');
    const rescanned = await scan(
      (await t.call(qrToken, { sessionId }, { cookie: cookies.teacher })).body.data.token,
      `okuu_device=${scanned.device}`,
    );
    expect(rescanned.device).toBeUndefined();
    const sameTicketPhone = await visit(`${cookies.otherStudent}; okuu_device=${scanned.device}`, {
      ...here,
      token: rescanned.body.data.ticket,
    });
    expect(sameTicketPhone.body.error.code).toBe('qr_device_used');
    const coarse = await visit(phone2, { ...here2, accuracy: 400 });
    expect(coarse.status).toBe(400);
    expect(coarse.body.error).toMatchObject({ code: 'qr_fix_too_coarse', params: { accuracy: 400, max: 100 } });
    const forged = await visit(phone2, { ...here, token: `${ticket.slice(0, -2)}AA` });
    expect(forged.body.error.code).toBe('qr_forged');
    await counted(1, 1);
    expect(await journalMarks(student2Id, entry.id)).toEqual([]);

    const list = await t.call(qrAttemptsList, { sessionId }, { cookie: cookies.teacher });
    expect(list.status, JSON.stringify(list.body)).toBe(200);
    expect(list.body.data).toMatchObject({ running: true, accepted: 1, refused: 1 });
    expect(list.body.data.attempts.map((a) => a.result).sort()).toEqual(['accepted', 'qr_fix_too_coarse']);
    expect(
      (
        await rows<{ result: string }>(
          sql`select result from qr_attempts where session_id = ${sessionId} and student_id = ${student2Id} order by id`,
        )
      ).map((r) => r.result),
    ).toEqual(['qr_too_far', 'qr_ticket_used', 'qr_device_used', 'qr_fix_too_coarse']);

    // Stopped: no token, no scan, no visit.
    expect((await t.call(qrStop, { sessionId }, { cookie: cookies.otherTeacher })).status).toBe(404);
    expect((await t.call(qrStop, { sessionId }, { cookie: cookies.teacher })).status).toBe(200);
    expect((await t.call(qrToken, { sessionId }, { cookie: cookies.teacher })).body.error.code).toBe('qr_not_now');
    expect((await scan(token)).body.error.code).toMatch(/^qr_(not_now|stale)$/);
    expect((await visit(phone2, here2)).body.error.code).toBe('qr_not_now');
    socket.close();
  });

  it('refuses made-up tokens and tickets with 400 qr_forged', async () => {
    expect((await scan('1.123.AAAAAAAAAAAAAAAAAAAAAA')).body.error.code).toBe('qr_forged');
    expect((await scan('k1.123.AAAAAAAAAAAAAAAAAAAAAA')).body.error.code).toBe('qr_forged');
    expect((await scan('not-a-token')).status).toBe(400);
  });

  it('refuses with 409 qr_not_now to start a lesson of another weekday, and starts nothing', async () => {
    const tomorrow = (bishkekDay(new Date()).weekday % 7) + 1;
    const other = await lessonOnDay(t.database.db, entry.id, tomorrow);
    const sessions = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from qr_sessions`))[0]?.n;
    const before = await sessions();
    const res = await t.call(qrStart, { id: other }, { cookie: cookies.teacher });
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('qr_not_now');
    expect(await sessions()).toBe(before);
  });

  /** A new check-in of the lesson (a running one is stopped first) and its current token. */
  async function freshCheckin() {
    await rows(sql`update qr_sessions set stopped_at = started_at where stopped_at is null`);
    const start = await t.call(qrStart, { id: entry.id }, { cookie: cookies.teacher });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    return start.body.data;
  }
  const inRoom = { x: entry?.lon, y: entry?.lat, accuracy: 12 };

  it("makes the device id itself: a cookie a client made up is replaced, and a ticket needs its phone's cookie", async () => {
    const { token } = await freshCheckin();
    const madeUp = await scan(token, `okuu_device=${'z'.repeat(22)}`);
    expect(madeUp.status).toBe(200);
    expect(madeUp.device).toMatch(/^[\w-]{22}\.[\w-]{22}$/);
    expect(madeUp.device?.startsWith('z'.repeat(22))).toBe(false);
    const ticket = madeUp.body.data.ticket as string;
    const body = { token: ticket, x: entry.lon, y: entry.lat, accuracy: 12 };
    // Without the phone's cookie (dropped, or another phone's) the ticket is refused, and nothing is written.
    const dropped = await visit(cookies.student as string, body);
    expect(dropped.status).toBe(409);
    expect(dropped.body.error.code).toBe('qr_ticket_used');
    expect(await journalMarks(student2Id, entry.id)).toEqual([]);
    const withPhone = await visit(`${cookies.otherStudent}; okuu_device=${madeUp.device}`, body);
    expect(withPhone.status, JSON.stringify(withPhone.body)).toBe(200);
  });

  it('lets one phone check in one student, whatever arrives at once (8 trials, 3 students each)', async () => {
    const classmates = await rows<{ login: string }>(
      sql`select u.login from users u join student_profiles sp on sp.user_id = u.id
          where sp.group_id = (select group_id from schedule_entries where id = ${entry.id}) order by u.id limit 3`,
    );
    const sessions = await Promise.all(classmates.map((c) => t.sessionOf(c.login)));
    for (let trial = 0; trial < 8; trial++) {
      const { sessionId, token } = await freshCheckin();
      // One phone scans the code three times (a ticket each), and three students send them at the same moment.
      const first = await scan(token);
      const phone = `okuu_device=${first.device}`;
      const tickets = [
        first.body.data.ticket,
        ...(await Promise.all([1, 2].map(async () => (await scan(token, phone)).body.data.ticket))),
      ];
      const answers = await Promise.all(
        sessions.map((session, i) =>
          visit(`${session}; ${phone}`, { token: tickets[i], ...inRoom, x: entry.lon, y: entry.lat }),
        ),
      );
      expect(
        answers.filter((a) => a.status === 200),
        `trial ${trial}`,
      ).toHaveLength(1);
      // The others are refused for the phone; or, when two scans of the same millisecond gave one ticket, for it.
      for (const refused of answers.filter((a) => a.status !== 200)) {
        expect(['qr_device_used', 'qr_ticket_used']).toContain(refused.body.error.code);
      }
      expect(answers.filter((a) => a.status !== 200)).toHaveLength(2);
      const [accepted] = await rows<{ n: number }>(
        sql`select count(*)::int as n from qr_attempts where session_id = ${sessionId} and result = 'accepted'`,
      );
      expect(accepted?.n).toBe(1);
    }
  });

  it("shows a check-in in the teacher's journal at the next request, on every instance", async () => {
    const [other] = await rows<{ id: number }>(
      sql`select e.id from schedule_entries e join users t on t.id = e.teacher_id and t.login = 'teacher1'
          join student_profiles sp on sp.group_id = e.group_id join users s on s.id = sp.user_id and s.login = 'student2'
          where e.id <> ${entry.id} order by e.id limit 1`,
    );
    const id = await lessonOnDay(t.database.db, (other as { id: number }).id, bishkekDay(new Date()).weekday);
    const [e] = await rows<{ lat: number; lon: number; discipline: number; kind: number; group: number; slot: number }>(
      sql`select r.latitude as lat, r.longitude as lon, e.discipline_id as discipline, e.lesson_kind_id as kind,
            e.group_id as "group", e.time_slot_id as slot
          from schedule_entries e join rooms r on r.id = e.room_id where e.id = ${id}`,
    );
    const lesson = e as NonNullable<typeof e>;
    const key = {
      id_discipline: lesson.discipline,
      id_vid_zaniatiy: lesson.kind,
      groupType: 'group',
      id_group: lesson.group,
    };
    const [plus] = await rows<{ id: number }>(sql`select id from journal_assessments where code = '+'`);
    // The group's last student: no other test here checks them in.
    const [last] = await rows<{ id: number; login: string }>(
      sql`select u.id, u.login from users u join student_profiles sp on sp.user_id = u.id
          where sp.group_id = ${lesson.group} order by u.id desc limit 1`,
    );
    const student = last as { id: number; login: string };
    const second = await t.secondInstance();
    try {
      /** student2's mark at today's lesson in the journal as `app` serves it (null: no such lesson or mark). */
      const markToday = async (app: typeof t.app) => {
        const res = await app.inject({
          method: 'POST',
          url: teacherJournal.path,
          payload: key,
          headers: { cookie: cookies.teacher as string },
        });
        expect(res.statusCode, res.body).toBe(200);
        const journal = res.json().data as {
          dates: { visitDate: string; id_time: number }[];
          rows: { id_student: number; otsenka: (number | null)[] }[];
        };
        const column = journal.dates.findIndex((d) => d.visitDate === today && d.id_time === lesson.slot);
        return journal.rows.find((r) => r.id_student === student.id)?.otsenka[column] ?? null;
      };
      const today = bishkekDay(new Date()).date;
      // Both instances have the journal ready (kept a minute) before the check-in.
      expect(await markToday(t.app)).not.toBe(plus?.id);
      expect(await markToday(second.app)).not.toBe(plus?.id);

      const start = await t.call(qrStart, { id, x: lesson.lon, y: lesson.lat }, { cookie: cookies.teacher });
      expect(start.status, JSON.stringify(start.body)).toBe(200);
      const scanned = await scan(start.body.data.token as string);
      const phone = `${await t.sessionOf(student.login)}; okuu_device=${scanned.device}`;
      const here = { token: scanned.body.data.ticket, x: lesson.lon, y: lesson.lat, accuracy: 10 };
      expect((await visit(phone, here)).status).toBe(200);

      expect(await markToday(t.app)).toBe(plus?.id);
      await expect.poll(() => markToday(second.app), { timeout: 5000 }).toBe(plus?.id);
    } finally {
      await second.close();
    }
  });
});
