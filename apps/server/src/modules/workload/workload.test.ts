import {
  workloadMine,
  workloadMineXlsx,
  workloadTeacher,
  workloadTeachers,
  workloadTeacherXlsx,
} from '@okuu/contracts/workload/workload';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerName, signInAll } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { pairsOf, statusOf } from './workload.service.ts';

let t: TestApp;
let cookies: Record<CallerName, string | undefined>;
const ids = { teacher1: 0, teacher2: 0, group: 0, lecture: 0, practice: 0 };

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function one<T>(query: SQL): Promise<T> {
  const [row] = await rows<T>(query);
  if (!row) throw new Error('no row');
  return row;
}

/**
 * A half-year of its own, far from the demo's: Wednesday 5 September to Sunday 28 October 2040, eight weeks (week 1,
 * 3–9 September, is a numerator week). The clock stands on Monday 24 September 2040 at 12:00 in Bishkek (week 4, a
 * denominator week): past the first pair (08:00–09:20), before the sixth (16:00–17:20).
 */
const clock = new Date('2040-09-24T12:00:00+06:00');

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  cookies = await signInAll(t);
  const user = (login: string) => one<{ id: number }>(sql`select id from users where login = ${login}`);
  ids.teacher1 = (await user('teacher1')).id;
  ids.teacher2 = (await user('teacher2')).id;
  const group = await one<{ id: number }>(sql`select id from groups order by id limit 1`);
  ids.group = group.id;
  const kinds = await rows<{ id: number }>(sql`select id from lesson_kinds order by id limit 2`);
  [ids.lecture, ids.practice] = kinds.map((k) => k.id) as [number, number];
  await t.database.db.execute(sql`
    insert into academic_years (id, name, starts_on, ends_on) values (2040, '2040-41', '2040-09-01', '2041-08-31')
    on conflict (id) do nothing`);
  await t.database.db.execute(sql`
    insert into half_years (id, academic_year_id, kind, starts_on, ends_on)
    values ((select max(id) + 1 from half_years), 2040, 1, '2040-09-05', '2040-10-28')`);
  const assign = async (kind: number) =>
    (
      await one<{ id: number }>(sql`
        insert into teaching_assignments (academic_year_id, half_year_kind, semester_id, teacher_id, discipline_id,
          group_id, lesson_kind_id, credits)
        values (2040, 1, (select id from semesters order by number limit 1), ${ids.teacher1},
          (select id from disciplines order by id limit 1), ${ids.group}, ${kind}, 4)
        returning id`)
    ).id;
  const lecture = await assign(ids.lecture);
  const practice = await assign(ids.practice);
  // A registration offering with no audience and no lessons: nothing to plan, no row.
  await t.database.db.execute(sql`
    insert into teaching_assignments (academic_year_id, half_year_kind, semester_id, teacher_id, discipline_id,
      lesson_kind_id, credits)
    values (2040, 1, (select id from semesters order by number limit 1), ${ids.teacher1},
      (select id from disciplines order by id desc limit 1), ${ids.lecture}, 4)`);
  // The lecture: Mondays, first and sixth pair, every week. The practice: Wednesdays of numerator weeks, Fridays of
  // denominator weeks.
  const lesson = (assignment: number, day: number, slot: number, parity: string) => sql`
    insert into schedule_entries (teaching_assignment_id, academic_year_id, half_year_kind, teacher_id, discipline_id,
      lesson_kind_id, group_id, day_number, time_slot_id, week_parity, room_id)
    select a.id, 2040, 1, a.teacher_id, a.discipline_id, a.lesson_kind_id, a.group_id, ${day},
      (select id from time_slots where number = ${slot}), ${parity}, (select id from rooms order by id limit 1)
    from teaching_assignments a where a.id = ${assignment}`;
  for (const q of [
    lesson(lecture, 1, 1, 'every'),
    lesson(lecture, 1, 6, 'every'),
    lesson(practice, 3, 2, 'odd'),
    lesson(practice, 5, 2, 'even'),
  ])
    await t.database.db.execute(q);
  // The journal: teacher1 gave two lectures and three practices; teacher2 one lecture of the same journal (theirs, not
  // teacher1's); and a lecture of the spring half-year does not count in the fall.
  const journalLesson = (kind: number, ws: number, date: string, teacher: number) => sql`
    insert into journal_lessons (academic_year_id, half_year_kind, discipline_id, lesson_kind_id, group_id, visit_date,
      time_slot_id, teacher_id)
    values (2040, ${ws}, (select id from disciplines order by id limit 1), ${kind}, ${ids.group}, ${date}::date,
      (select id from time_slots where number = 1), ${teacher})`;
  for (const q of [
    journalLesson(ids.lecture, 1, '2040-09-10', ids.teacher1),
    journalLesson(ids.lecture, 1, '2040-09-17', ids.teacher1),
    journalLesson(ids.lecture, 1, '2040-09-18', ids.teacher2),
    journalLesson(ids.practice, 1, '2040-09-05', ids.teacher1),
    journalLesson(ids.practice, 1, '2040-09-14', ids.teacher1),
    journalLesson(ids.practice, 1, '2040-09-19', ids.teacher1),
    journalLesson(ids.lecture, 2, '2041-02-12', ids.teacher1),
  ])
    await t.database.db.execute(q);
});
afterAll(() => t.close());

describe('planned pairs of a weekly lesson', () => {
  const period = { startsOn: '2040-09-05', endsOn: '2040-10-28' };
  const now = { date: '2040-09-24', minutes: 12 * 60 };

  it('counts every date of its weekday in the half-year, and numerator or denominator weeks as such', () => {
    // Mondays 10 September … 22 October (3 September is before the start); 24 September's first pair has ended.
    expect(pairsOf({ dayNumber: 1, parity: 'every', end: '09:20' }, period, now)).toEqual({ total: 7, soFar: 3 });
    // The sixth pair of that Monday has not.
    expect(pairsOf({ dayNumber: 1, parity: 'every', end: '17:20' }, period, now)).toEqual({ total: 7, soFar: 2 });
    // Wednesdays of weeks 1, 3, 5, 7 (5 September is the first day); Fridays of weeks 2, 4, 6, 8.
    expect(pairsOf({ dayNumber: 3, parity: 'odd', end: '10:50' }, period, now)).toEqual({ total: 4, soFar: 2 });
    expect(pairsOf({ dayNumber: 5, parity: 'even', end: '10:50' }, period, now)).toEqual({ total: 4, soFar: 1 });
    expect(pairsOf({ dayNumber: 3, parity: 'even', end: '10:50' }, period, now)).toEqual({ total: 4, soFar: 1 });
  });

  it('marks behind past the margin, and over past the whole plan', () => {
    expect(statusOf({ planned: 40, plannedSoFar: 20, given: 16, remaining: 24 })).toBe('ok');
    expect(statusOf({ planned: 40, plannedSoFar: 20, given: 14, remaining: 26 })).toBe('behind');
    expect(statusOf({ planned: 40, plannedSoFar: 40, given: 42, remaining: -2 })).toBe('over');
  });
});

describe("a teacher's workload", () => {
  it('gives planned hours from the timetable, given hours from the journal, and what remains', async () => {
    const res = await t.call(workloadMine, {}, { cookie: cookies.teacher });
    expect(res.status, JSON.stringify(res.body.error)).toBe(200);
    const w = res.body.data;
    expect([w.year, w.ws, w.startsOn, w.endsOn, w.weeks, w.asOf]).toEqual([
      2040,
      1,
      '2040-09-05',
      '2040-10-28',
      8,
      '2040-09-24',
    ]);
    const shape = w.rows.map((r) => ({
      kind: r.lessonKind.id,
      audience: `${r.audience.kind}:${r.audience.id}`,
      weekly: r.weekly,
      hours: [r.planned, r.plannedSoFar, r.given, r.remaining],
      status: r.status,
    }));
    expect(shape).toEqual([
      // 2 pairs × 7 Mondays × 2 h; so far 10, 17 September (both pairs) and 24 September's first: 5 pairs.
      {
        kind: ids.lecture,
        audience: `group:${ids.group}`,
        weekly: { every: 2, odd: 0, even: 0 },
        hours: [28, 10, 4, 24],
        status: 'behind',
      },
      // 4 numerator Wednesdays + 4 denominator Fridays; so far 5 and 19 September, 14 September.
      {
        kind: ids.practice,
        audience: `group:${ids.group}`,
        weekly: { every: 0, odd: 1, even: 1 },
        hours: [16, 6, 6, 10],
        status: 'ok',
      },
    ]);
    expect(w.totals).toEqual({ planned: 44, plannedSoFar: 16, given: 10, remaining: 34 });
    expect(w.status).toBe('behind');
  });

  it('shows a teacher only their own, and keeps students and teachers out of the staff view', async () => {
    const theirs = await t.call(workloadMine, { year: 2040, ws: 1 }, { cookie: cookies.otherTeacher });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.teacher.id).toBe(ids.teacher2);
    // teacher2's lecture in teacher1's journal: given, never planned (over).
    expect(theirs.body.data.rows.map((r) => [r.planned, r.given, r.status])).toEqual([[0, 2, 'over']]);
    for (const cookie of [cookies.student, cookies.otherStudent]) {
      const res = await t.call(workloadMine, {}, { cookie });
      expect(res.status).toBe(403);
      expect(res.body.data).toBeNull();
    }
    const asTeacher = await t.call(workloadTeacher, { teacherId: ids.teacher2 }, { cookie: cookies.teacher });
    expect(asTeacher.status).toBe(403);
    expect((await t.call(workloadTeachers, {}, { cookie: cookies.teacher })).status).toBe(403);
    const file = await t.app.inject({
      method: 'GET',
      url: workloadTeacherXlsx.path,
      query: { teacherId: String(ids.teacher2) },
      headers: { cookie: cookies.teacher ?? '' },
    });
    expect(file.statusCode).toBe(403);
  });

  it('lets staff see every teacher by department, with those behind and over marked', async () => {
    const res = await t.call(workloadTeachers, {}, { cookie: cookies.staff });
    expect(res.status).toBe(200);
    const byId = new Map(res.body.data.teachers.map((r) => [r.id, r]));
    expect(byId.get(ids.teacher1)).toMatchObject({ planned: 44, plannedSoFar: 16, given: 10, status: 'behind' });
    expect(byId.get(ids.teacher2)).toMatchObject({ planned: 0, given: 2, status: 'over' });
    const teachers = await one<{ n: number }>(sql`select count(*)::int as n from teacher_profiles`);
    expect(res.body.data.teachers).toHaveLength(teachers.n);
    const department = byId.get(ids.teacher1)?.departmentId as number;
    const one_ = await t.call(workloadTeachers, { departmentId: department }, { cookie: cookies.staff });
    expect(one_.body.data.teachers.every((r) => r.departmentId === department)).toBe(true);
    expect(one_.body.data.teachers.map((r) => r.id)).toContain(ids.teacher1);
    const detail = await t.call(workloadTeacher, { teacherId: ids.teacher1 }, { cookie: cookies.staff });
    expect(detail.body.data.totals).toEqual({ planned: 44, plannedSoFar: 16, given: 10, remaining: 34 });
    const student = await one<{ id: number }>(sql`select id from users where login = 'student1'`);
    expect((await t.call(workloadTeacher, { teacherId: student.id }, { cookie: cookies.staff })).status).toBe(404);
    expect((await t.call(workloadTeachers, { year: 2040, ws: 3 }, { cookie: cookies.staff })).status).toBe(404);
  });

  it('exports the workload as a workbook with hours as numbers', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: workloadMineXlsx.path,
      query: { lang: 'en' },
      headers: { cookie: cookies.teacher ?? '' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const values = (n: number) => ((sheet?.getRow(n).values ?? []) as unknown[]).slice(1);
    expect(values(1)).toEqual(['Teacher workload']);
    const header = [...Array(sheet?.rowCount).keys()].map((i) => i + 1).find((n) => values(n)[0] === 'No.') as number;
    expect(values(header + 1).slice(4)).toEqual([2, 28, 10, 4, 24]);
    expect(values(header + 2).slice(4)).toEqual(['1 (odd) + 1 (even)', 16, 6, 6, 10]);
    expect(values(header + 3).slice(1)).toEqual(['Total', undefined, undefined, undefined, 44, 16, 10, 34]);
    const staffFile = await t.app.inject({
      method: 'GET',
      url: workloadTeacherXlsx.path,
      query: { teacherId: String(ids.teacher1) },
      headers: { cookie: cookies.staff ?? '' },
    });
    expect(staffFile.statusCode).toBe(200);
  });
});
