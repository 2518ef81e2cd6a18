import { readFileSync } from 'node:fs';
import { homeSummary } from '@okuu/contracts/home/summary';
import { scheduleStudent } from '@okuu/contracts/schedule/schedule';
import { addDays, mondayOf } from '@okuu/contracts/schedule/weeks';
import { webinarBaseSave } from '@okuu/contracts/settings/webinars';
import {
  webinarsAttach,
  webinarsCreate,
  webinarsList,
  webinarsOptions,
  webinarsRecording,
  webinarsRemove,
  webinarsUpdate,
} from '@okuu/contracts/webinars/webinars';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lessonOnDay } from '../../../test/lesson-on-day.ts';

// A fixed clock, moved by each test, inside the half-year the seeded timetable is for: never the real weekday or hour.
let clock = new Date();
let t: TestApp;
let student: string;
let outsider: string;
let teacher: string;
let otherTeacher: string;
let staff: string;
let groupId: number;
let monday: string;
/** A lesson of teacher1 with student1's group every Monday. */
let entryId: number;
let slot: { start: string; end: string };

/** An instant on the university's wall clock (Asia/Bishkek, UTC+6 all year). */
const bishkek = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`);
/** `time` moved by `minutes` (within the day). */
const shift = (time: string, minutes: number) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  const total = h * 60 + m + minutes;
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
};

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const listOf = async (cookie: string) => {
  const res = await t.call(webinarsList, {}, { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.items;
};

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' }, { now: () => clock });
  const [found] = await rows<{ entryId: number; startsOn: string; groupId: number }>(
    sql`select e.id as "entryId", to_char(h.starts_on, 'YYYY-MM-DD') as "startsOn", e.group_id as "groupId"
        from schedule_entries e join half_years h on h.academic_year_id = e.academic_year_id
          and h.kind = e.half_year_kind
        join users tu on tu.id = e.teacher_id and tu.login = 'teacher1'
        join student_profiles sp on sp.group_id = e.group_id join users s on s.id = sp.user_id and s.login = 'student1'
        order by e.id limit 1`,
  );
  if (!found) throw new Error("the demo timetable has no lesson of teacher1 with student1's group");
  groupId = found.groupId;
  entryId = await lessonOnDay(t.database.db, found.entryId, 1);
  monday = addDays(mondayOf(found.startsOn), 14);
  [slot] = (await rows<{ start: string; end: string }>(sql`select to_char(ts.starts_at, 'HH24:MI') as start,
    to_char(ts.ends_at, 'HH24:MI') as "end" from schedule_entries e join time_slots ts on ts.id = e.time_slot_id
    where e.id = ${entryId}`)) as [{ start: string; end: string }];
  // A student of another group, with no lesson of that group's.
  const [other] = await rows<{ login: string }>(sql`select u.login from users u
    join student_profiles sp on sp.user_id = u.id
    where sp.group_id <> ${groupId} and u.role = 2 and not exists (select 1 from stream_groups a join stream_groups b
      on a.stream_id = b.stream_id where a.group_id = ${groupId} and b.group_id = sp.group_id)
    order by u.id limit 1`);
  if (!other) throw new Error('no student outside the group');
  clock = bishkek(monday, '07:00');
  [student, outsider, teacher, otherTeacher, staff] = await Promise.all([
    t.signIn('student1'),
    t.signIn(other.login),
    t.signIn('teacher1'),
    t.signIn('teacher2'),
    t.sessionOf('staff1'),
  ]);
});

afterAll(async () => {
  await t?.close();
});

describe('the join window, by the server clock', () => {
  it('gives a student the link from 10 minutes before the start until the end, never earlier', async () => {
    clock = bishkek(monday, '07:00');
    const made = await t.call(
      webinarsCreate,
      {
        audience: 'group',
        id_audience: groupId,
        date: monday,
        start: '14:05',
        end: '14:50',
        title: 'Консультация',
        url: 'https://meet.example.org/consult-1',
      },
      { cookie: teacher },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const id = made.body.data.id;
    // The teacher always sees their link.
    expect(made.body.data.url).toBe('https://meet.example.org/consult-1');

    clock = bishkek(monday, '13:54');
    let item = (await listOf(student)).find((i) => i.id === id);
    expect(item?.state).toBe('upcoming');
    expect(item?.url).toBeNull();
    expect(JSON.stringify(await t.call(homeSummary, {}, { cookie: student }))).not.toContain('consult-1');

    clock = bishkek(monday, '13:55');
    item = (await listOf(student)).find((i) => i.id === id);
    expect(item?.state).toBe('open');
    expect(item?.url).toBe('https://meet.example.org/consult-1');
    // Home's lessons card has it with the link (today's online lesson of the teacher's own).
    const home = (await t.call(homeSummary, {}, { cookie: student })).body.data;
    expect(home.cards.lessons?.online?.find((o) => o.id === id)?.url).toBe('https://meet.example.org/consult-1');

    clock = bishkek(monday, '14:50');
    expect((await listOf(student)).find((i) => i.id === id)).toBeUndefined();
    item = (await listOf(teacher)).find((i) => i.id === id);
    expect(item?.state).toBe('past');
    expect(item?.url).toBe('https://meet.example.org/consult-1');

    // A recording added afterwards brings the past lesson back to the student, with the recording and no room link.
    const rec = await t.call(
      webinarsRecording,
      { id, date: monday, url: 'https://video.example.org/rec-1' },
      { cookie: teacher },
    );
    expect(rec.status, JSON.stringify(rec.body)).toBe(200);
    item = (await listOf(student)).find((i) => i.id === id);
    expect(item?.recording).toBe('https://video.example.org/rec-1');
    expect(item?.url).toBeNull();
  });

  it("puts a lesson's link on its date, and a weekly link on another week's date", async () => {
    clock = bishkek(monday, '07:00');
    const weekly = await t.call(
      webinarsAttach,
      { id_shed: entryId, weekly: true, url: 'https://meet.example.org/weekly' },
      { cookie: teacher },
    );
    expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
    const dated = await t.call(
      webinarsAttach,
      { id_shed: entryId, date: monday, url: 'https://meet.example.org/this-monday' },
      { cookie: teacher },
    );
    expect(dated.status, JSON.stringify(dated.body)).toBe(200);
    // A date the lesson does not take place on (a Tuesday) is refused.
    const tuesday = await t.call(
      webinarsAttach,
      { id_shed: entryId, date: addDays(monday, 1), url: 'https://meet.example.org/x' },
      { cookie: teacher },
    );
    expect(tuesday.status).toBe(404);

    // This Monday: the dated link wins; the schedule and home give it inside the window only.
    clock = bishkek(monday, shift(slot.start, -11));
    let week = (await t.call(scheduleStudent, {}, { cookie: student })).body.data;
    let online = week.online?.find((o) => o.id_shed === entryId && o.date === monday);
    expect(online?.state).toBe('upcoming');
    expect(online?.url).toBeNull();
    clock = bishkek(monday, shift(slot.start, -10));
    week = (await t.call(scheduleStudent, {}, { cookie: student })).body.data;
    online = week.online?.find((o) => o.id_shed === entryId && o.date === monday);
    expect(online?.url).toBe('https://meet.example.org/this-monday');
    const home = (await t.call(homeSummary, {}, { cookie: student })).body.data;
    const lesson = home.cards.lessons?.items.find((l) => l.id === entryId);
    expect(lesson?.online?.url).toBe('https://meet.example.org/this-monday');
    clock = bishkek(monday, slot.end);
    week = (await t.call(scheduleStudent, {}, { cookie: student })).body.data;
    expect(week.online?.find((o) => o.id_shed === entryId && o.date === monday)?.url ?? null).toBeNull();

    // The next Monday: the weekly link.
    const next = addDays(monday, 7);
    clock = bishkek(next, shift(slot.start, 5));
    const item = (await listOf(student)).find((i) => i.id_shed === entryId && i.date === next);
    expect(item?.weekly).toBe(true);
    expect(item?.url).toBe('https://meet.example.org/weekly');
  });

  it('makes an unguessable room from the base address, and asks for a link without one', async () => {
    clock = bishkek(monday, '07:00');
    const input = { audience: 'group', id_audience: groupId, date: monday, start: '16:00', end: '16:45', title: 'Q&A' };
    const none = await t.call(webinarsCreate, input, { cookie: teacher });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe('link_required');
    expect((await t.call(webinarsOptions, {}, { cookie: teacher })).body.data.roomMade).toBe(false);

    const saved = await t.call(webinarBaseSave, { base: 'https://meet.jit.si/' }, { cookie: staff });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect((await t.call(webinarsOptions, {}, { cookie: teacher })).body.data.roomMade).toBe(true);
    const a = await t.call(webinarsCreate, input, { cookie: teacher });
    const b = await t.call(webinarsCreate, input, { cookie: teacher });
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(a.body.data.url).toMatch(/^https:\/\/meet\.jit\.si\/okuu-[0-9a-f]{20}$/);
    expect(b.body.data.url).not.toBe(a.body.data.url);
    await t.call(webinarBaseSave, { base: '' }, { cookie: staff });
  });
});

describe('who may do what', () => {
  it("keeps a teacher off another's webinar and a student off creating one", async () => {
    clock = bishkek(monday, '07:00');
    const made = await t.call(
      webinarsCreate,
      {
        audience: 'group',
        id_audience: groupId,
        date: monday,
        start: '18:00',
        end: '18:30',
        title: 'Only mine',
        url: 'https://meet.example.org/mine',
      },
      { cookie: teacher },
    );
    const id = made.body.data.id;
    const url = 'https://meet.example.org/hijack';
    expect((await t.call(webinarsUpdate, { id, url }, { cookie: otherTeacher })).status).toBe(404);
    expect((await t.call(webinarsRecording, { id, date: monday, url }, { cookie: otherTeacher })).status).toBe(404);
    expect((await t.call(webinarsRemove, { id }, { cookie: otherTeacher })).status).toBe(404);
    expect(JSON.stringify(await listOf(otherTeacher))).not.toContain('meet.example.org/mine');
    // teacher2 does not teach the group: an online lesson for it is refused.
    const theirs = await t.call(
      webinarsCreate,
      { audience: 'group', id_audience: groupId, date: monday, start: '18:00', end: '18:30', title: 'x', url },
      { cookie: otherTeacher },
    );
    expect(theirs.status).toBe(403);
    const byStudent = await t.call(
      webinarsCreate,
      { audience: 'group', id_audience: groupId, date: monday, start: '18:00', end: '18:30', title: 'x', url },
      { cookie: student },
    );
    expect(byStudent.status).toBe(403);

    // In the window, a student of another group never gets it; student1 does.
    clock = bishkek(monday, '18:05');
    expect(JSON.stringify(await listOf(outsider))).not.toContain('meet.example.org/mine');
    expect(JSON.stringify((await t.call(homeSummary, {}, { cookie: outsider })).body)).not.toContain('example.org');
    expect((await listOf(student)).find((i) => i.id === id)?.url).toBe('https://meet.example.org/mine');

    // Its teacher changes and removes it.
    expect((await t.call(webinarsUpdate, { id, url }, { cookie: teacher })).body.data.url).toBe(url);
    expect((await t.call(webinarsRemove, { id }, { cookie: teacher })).status).toBe(200);
    expect((await listOf(student)).find((i) => i.id === id)).toBeUndefined();
  });
});

describe('links', () => {
  it('refuses an address that is not https with a 400 naming the rule, explained in ru, kg and en', async () => {
    clock = bishkek(monday, '07:00');
    for (const url of [
      'http://meet.example.org/a',
      'javascript:alert(1)',
      'https://',
      'meet.example.org/a',
      'https://user:secret@meet.example.org/a',
      'https://meet.example.org/a b',
      `https://meet.example.org/${'a'.repeat(600)}`,
    ]) {
      const res = await t.call(webinarsAttach, { id_shed: entryId, weekly: true, url }, { cookie: teacher });
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('validation');
      expect(res.body.error.message).toContain('https://');
      expect(res.body.error.issues?.[0]).toMatchObject({ path: ['url'], rule: 'https_address' });
    }
    const base = await t.call(webinarBaseSave, { base: 'ftp://meet.example.org/' }, { cookie: staff });
    expect(base.status).toBe(400);
    for (const language of ['ru', 'kg', 'en']) {
      const texts = JSON.parse(
        readFileSync(new URL(`../../../../web/src/locales/${language}/screens/errors.json`, import.meta.url), 'utf8'),
      ) as { rule: Record<string, string> };
      expect(texts.rule.https_address, language).toContain('https://');
    }
  });
});
