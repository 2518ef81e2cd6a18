import type { Endpoint } from '@okuu/contracts/endpoint';
import type { Assessment, Journal } from '@okuu/contracts/journal/common';
import { journalPdf, journalXlsx } from '@okuu/contracts/journal/export';
import {
  journalAssessments,
  journalAudiences,
  journalDisciplines,
  journalTimeSlots,
} from '@okuu/contracts/journal/filters';
import { journalDelete, journalDeleteLesson, studentJournal, teacherJournal } from '@okuu/contracts/journal/journal';
import { journalAllPresent, journalMarkSave, journalMarkUpdate } from '@okuu/contracts/journal/marks';
import {
  journalRemoveStudent,
  journalStudents,
  journalSubgroupSave,
  journalSubgroupStudents,
} from '@okuu/contracts/journal/students';
import {
  journalLessonTopic,
  journalLessonTopicSave,
  journalModules,
  journalTopicReport,
  journalTopicSave,
  journalTopics,
} from '@okuu/contracts/journal/topics';
import { addDays, bishkekDay } from '@okuu/contracts/schedule/weeks';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerName, databaseDigest, signInAll } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lessonOnDay } from '../../../test/lesson-on-day.ts';
import { pdfText } from '../../../test/pdf.ts';
import { journalPdf as renderJournalPdf, journalXlsx as renderJournalXlsx } from './journal.export.ts';
import { roundedRatio, totalsOf } from './journal.totals.ts';

let t: TestApp;
let cookies: Record<CallerName, string | undefined>;
/** teacher1's journal of student1's group (a whole-group practice or lecture). */
let key: { id_discipline: number; id_vid_zaniatiy: number; groupType: 'group'; id_group: number };
let student1: number;
let scale: Assessment[];
const mark = (code: string) => (scale.find((a) => a.code === code) as { id_otsenka: number }).id_otsenka;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function ok<E extends Endpoint>(endpoint: E, caller: CallerName, input: Record<string, unknown> = {}) {
  const res = await t.call(endpoint, input, { cookie: cookies[caller] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function refusal(endpoint: Endpoint, caller: CallerName, input: Record<string, unknown>) {
  const res = await t.call(endpoint, input, { cookie: cookies[caller] });
  return { status: res.status, code: res.body.error?.code, issues: res.body.error?.issues ?? [] };
}

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signInAll(t);
  scale = await ok(journalAssessments, 'student');
  const [s1] = await rows<{ id: number; groupId: number }>(
    sql`select u.id, sp.group_id as "groupId" from users u join student_profiles sp on sp.user_id = u.id where u.login = 'student1'`,
  );
  student1 = (s1 as { id: number }).id;
  const groupId = (s1 as { groupId: number }).groupId;
  for (const d of await ok(journalDisciplines, 'teacher')) {
    const audiences = await ok(journalAudiences, 'teacher', { id_discipline: d.id_discipline, groupType: 'group' });
    const own = audiences.find((a) => a.id_group === groupId);
    if (own) {
      key = {
        id_discipline: d.id_discipline,
        id_vid_zaniatiy: own.kinds[0] as number,
        groupType: 'group',
        id_group: groupId,
      };
      break;
    }
  }
  expect(key).toBeDefined();
});
afterAll(() => t.close());

describe('totals', () => {
  const scaleMap = new Map([
    [1, { points: 5, isAbsence: false }],
    [2, { points: 4, isAbsence: false }],
    [5, { points: null, isAbsence: false }],
    [6, { points: 0, isAbsence: true }],
  ]);

  it("counts 'н/б' as an absence worth 0 points, '+' not at all", () => {
    expect(totalsOf([1, 6, 5, null, 2], scaleMap)).toEqual({ absences: 1, points: 9, average: 3 });
    expect(totalsOf([5, 5, null], scaleMap)).toEqual({ absences: 0, points: 0, average: null });
    expect(totalsOf([6, 6], scaleMap)).toEqual({ absences: 2, points: 0, average: 0 });
  });

  it('rounds the average half up to 2 decimals', () => {
    expect(totalsOf([1, 2, 2], scaleMap).average).toBe(4.33);
    expect(totalsOf([1, 1, 6], scaleMap).average).toBe(3.33);
    expect(totalsOf([1, 6, 6], scaleMap).average).toBe(1.67);
    expect(roundedRatio(1, 8)).toBe(0.13);
    // 1.005 in floating point is 1.00499…: whole-number arithmetic still rounds it up.
    expect(roundedRatio(201, 200)).toBe(1.01);
    expect(roundedRatio(10, 4)).toBe(2.5);
  });
});

describe('the demo journal', () => {
  it("teacher1's journal of student1's group has several weeks of lessons, marks and absences", async () => {
    const j = await ok(teacherJournal, 'teacher', key);
    expect(j.dates.length).toBeGreaterThanOrEqual(4);
    expect(j.rows.map((r) => r.id_student)).toContain(student1);
    const marks = j.rows.flatMap((r) => r.otsenka).filter((m) => m !== null);
    expect(marks.length).toBeGreaterThan(j.rows.length * 2);
    expect(marks).toContain(mark('н/б'));
    // Each row's totals agree with its marks, counted here from the scale's codes.
    const points: Record<string, number> = { '5': 5, '4': 4, '3': 3, '2': 2, 'н/б': 0 };
    for (const r of j.rows) {
      const codes = r.otsenka.flatMap((id) => scale.filter((a) => a.id_otsenka === id).map((a) => a.code));
      const graded = codes.filter((c) => c in points);
      const sum = graded.reduce((n, c) => n + (points[c] as number), 0);
      expect(r.absences).toBe(codes.filter((c) => c === 'н/б').length);
      expect(r.points).toBe(sum);
      expect(r.average).toBe(graded.length ? Math.round((sum / graded.length) * 100 + 1e-9) / 100 : null);
    }
  });

  it('the dropdowns: disciplines, audiences, slots with the timetable', async () => {
    const slots = await ok(journalTimeSlots, 'teacher', {
      visitDate: (await ok(teacherJournal, 'teacher', key)).dates[0]?.visitDate,
    });
    expect(slots.timeSlots.length).toBeGreaterThan(3);
    expect(slots.scheduled.length).toBeGreaterThan(0);
    const students = await ok(journalStudents, 'teacher', key);
    expect(students.map((s) => s.id_student)).toContain(student1);
  });
});

describe('marks', () => {
  /** A new lesson of the journal (a date of the half-year no demo lesson has). */
  const lesson = async (visitDate: string, id_time = 7) => ({ ...key, visitDate, id_time, timesCount: 1 });
  const periodStart = async () => (await ok(teacherJournal, 'teacher', key)).startsOn;
  const plusDays = (date: string, n: number) =>
    new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

  it("'all present', then one 'н/б': totals and the student's own journal follow", async () => {
    const day = await lesson(plusDays(await periodStart(), 5));
    const before = (await ok(teacherJournal, 'teacher', key)).rows.find((r) => r.id_student === student1);
    const all = await ok(journalAllPresent, 'teacher', day);
    expect(all.inserted).toBe((await ok(journalStudents, 'teacher', key)).length);
    // A second 'all present' changes nothing.
    expect((await ok(journalAllPresent, 'teacher', day)).inserted).toBe(0);
    const saved = await ok(journalMarkSave, 'teacher', { ...day, id_student: student1, id_otsenka: mark('н/б') });
    expect(saved.absences).toBe((before?.absences ?? 0) + 1);
    expect(saved.points).toBe(before?.points);

    const after = await ok(teacherJournal, 'teacher', key);
    const row = after.rows.find((r) => r.id_student === student1);
    const col = after.dates.findIndex((d) => d.id_lesson === all.id_lesson);
    expect(row?.otsenka[col]).toBe(mark('н/б'));
    expect(row?.absences).toBe(saved.absences);

    const own = await ok(studentJournal, 'student', { id_discipline: key.id_discipline });
    const mine = own.find((j) => j.id_vid_zaniatiy === key.id_vid_zaniatiy);
    expect(mine?.dates.find((d) => d.id_lesson === all.id_lesson)?.id_otsenka).toBe(mark('н/б'));
    expect(mine?.absences).toBe(saved.absences);
    expect(mine?.average).toBe(saved.average);
  });

  it('changes and clears a mark by its id (studentvisitupdate)', async () => {
    const day = await lesson(plusDays(await periodStart(), 6));
    const saved = await ok(journalMarkSave, 'teacher', { ...day, id_student: student1, id_otsenka: mark('3') });
    const changed = await ok(journalMarkUpdate, 'teacher', {
      id_studentJournalVisit: saved.id_studentJournalVisit,
      id_otsenka: mark('5'),
    });
    expect(changed.points).toBe(saved.points + 2);
    const cleared = await ok(journalMarkUpdate, 'teacher', {
      id_studentJournalVisit: saved.id_studentJournalVisit,
      id_otsenka: -1,
    });
    expect(cleared.id_studentJournalVisit).toBeNull();
    expect(cleared.points).toBe(saved.points - 3);
    expect(
      (
        await refusal(journalMarkUpdate, 'teacher', {
          id_studentJournalVisit: saved.id_studentJournalVisit,
          id_otsenka: 1,
        })
      ).status,
    ).toBe(404);
  });

  it('two teachers saving the same cell at once make one lesson and one mark', async () => {
    // teacher2 is given the same discipline, kind and group, so both keep this journal.
    await t.database.db.execute(sql`
      insert into teaching_assignments (academic_year_id, half_year_kind, semester_id, teacher_id, discipline_id, group_id, lesson_kind_id, credits)
      select academic_year_id, half_year_kind, semester_id, (select id from users where login = 'teacher2'), discipline_id,
             ${key.id_group}, lesson_kind_id, credits
        from teaching_assignments where teacher_id = (select id from users where login = 'teacher1')
         and discipline_id = ${key.id_discipline} and lesson_kind_id = ${key.id_vid_zaniatiy} limit 1`);
    const day = await lesson(plusDays(await periodStart(), 9), 6);
    const saves = Array.from({ length: 8 }, (_, i) =>
      t.call(
        journalMarkSave,
        { ...day, id_student: student1, id_otsenka: mark(i % 2 ? '4' : '5') },
        {
          cookie: cookies[i % 2 ? 'otherTeacher' : 'teacher'],
        },
      ),
    );
    const replies = await Promise.all(saves);
    for (const r of replies) expect(r.status, JSON.stringify(r.body)).toBe(200);
    const lessonIds = new Set(replies.map((r) => r.body.data.id_lesson));
    expect(lessonIds.size).toBe(1);
    const [stored] = await rows<{ lessons: number; marks: number }>(sql`
      select (select count(*)::int from journal_lessons where visit_date = ${day.visitDate}::date and time_slot_id = 6
                and discipline_id = ${key.id_discipline} and group_id = ${key.id_group}) as lessons,
             (select count(*)::int from journal_marks where lesson_id = ${[...lessonIds][0]} and student_id = ${student1}) as marks`);
    expect(stored).toEqual({ lessons: 1, marks: 1 });
  });

  it('a table kept ready on another instance shows a mark saved here', async () => {
    const second = await t.secondInstance();
    try {
      const day = await lesson(plusDays(await periodStart(), 12), 5);
      const read = async () => {
        const res = await second.app.inject({
          method: 'POST',
          url: teacherJournal.path,
          payload: key,
          headers: { cookie: cookies.teacher as string },
        });
        return (res.json() as { data: Journal }).data;
      };
      const before = await read();
      expect(before.dates.some((d) => d.visitDate === day.visitDate && d.id_time === 5)).toBe(false);
      await ok(journalMarkSave, 'teacher', { ...day, id_student: student1, id_otsenka: mark('4') });
      await expect
        .poll(async () => (await read()).dates.some((d) => d.visitDate === day.visitDate && d.id_time === 5))
        .toBe(true);
    } finally {
      await second.close();
    }
  });

  it('refuses bad marks with 400 and stores nothing', async () => {
    const j = await ok(teacherJournal, 'teacher', key);
    const before = await databaseDigest(t);
    const day = { ...key, visitDate: j.startsOn, id_time: 1 };
    const outside = await refusal(journalMarkSave, 'teacher', {
      ...day,
      visitDate: '1999-01-01',
      id_student: student1,
      id_otsenka: mark('5'),
    });
    expect(outside).toMatchObject({ status: 400, issues: [{ path: ['visitDate'], rule: 'outside_half_year' }] });
    const scaleless = await refusal(journalMarkSave, 'teacher', { ...day, id_student: student1, id_otsenka: 999 });
    expect(scaleless.issues).toEqual([{ path: ['id_otsenka'], rule: 'unknown_record' }]);
    const stranger = await refusal(journalMarkSave, 'teacher', { ...day, id_student: 1, id_otsenka: mark('5') });
    expect(stranger.issues).toEqual([{ path: ['id_student'], rule: 'not_in_journal' }]);
    const badDate = await refusal(journalMarkSave, 'teacher', {
      ...day,
      visitDate: '2026-02-30',
      id_student: student1,
      id_otsenka: 1,
    });
    expect(badDate.issues[0]).toMatchObject({ path: ['visitDate'], rule: 'invalid_date' });
    const slot = await refusal(journalAllPresent, 'teacher', { ...day, id_time: 999 });
    expect(slot.issues).toEqual([{ path: ['id_time'], rule: 'unknown_record' }]);
    expect(await databaseDigest(t)).toBe(before);
  });
});

describe("today's lessons and the timetable", () => {
  it('a column of today that is a timetable lesson carries its schedule entry, for a QR check-in; others none', async () => {
    const [entry] = await rows<{ id: number }>(
      sql`select id from schedule_entries where discipline_id = ${key.id_discipline}
            and lesson_kind_id = ${key.id_vid_zaniatiy} and group_id = ${key.id_group} order by id limit 1`,
    );
    const today = bishkekDay(new Date());
    const todays = await lessonOnDay(t.database.db, (entry as { id: number }).id, today.weekday);
    const [slot] = await rows<{ id: number }>(
      sql`select time_slot_id as id from schedule_entries where id = ${todays}`,
    );
    const at = (visitDate: string) => ({ ...key, visitDate, id_time: (slot as { id: number }).id, timesCount: 1 });
    const { startsOn, endsOn } = await ok(teacherJournal, 'teacher', key);
    const dayBefore = addDays(today.date, -7) >= startsOn ? addDays(today.date, -7) : addDays(today.date, 7);
    const now = await ok(journalAllPresent, 'teacher', at(today.date));
    const other = await ok(journalAllPresent, 'teacher', at(dayBefore));

    const dates = (await ok(teacherJournal, 'teacher', key)).dates;
    const inHalfYear = today.date >= startsOn && today.date <= endsOn;
    expect(dates.find((d) => d.id_lesson === now.id_lesson)?.id_shed).toBe(inHalfYear ? todays : null);
    expect(dates.find((d) => d.id_lesson === other.id_lesson)?.id_shed).toBeNull();
    expect(dates.filter((d) => d.id_shed !== null).every((d) => d.visitDate === today.date)).toBe(true);
    const own = await ok(studentJournal, 'student', { id_discipline: key.id_discipline });
    expect(own.flatMap((j) => j.dates).every((d) => d.id_shed === null)).toBe(true);
  });
});

describe('who may change a journal', () => {
  it('a teacher who does not teach it gets 403 and changes nothing; a student sees only their own', async () => {
    const other = { ...key, id_vid_zaniatiy: 3 };
    const before = await databaseDigest(t);
    const day = { ...other, visitDate: (await ok(teacherJournal, 'teacher', key)).startsOn, id_time: 2 };
    for (const [endpoint, input] of [
      [teacherJournal, other],
      [journalMarkSave, { ...day, id_student: student1, id_otsenka: 1 }],
      [journalAllPresent, day],
      [journalDelete, other],
      [journalDeleteLesson, day],
      [journalLessonTopicSave, { ...day, text: 'x' }],
      [journalPdf, other],
    ] as [Endpoint, Record<string, unknown>][]) {
      expect((await refusal(endpoint, 'teacher', input)).status, endpoint.id).toBe(403);
    }
    // teacher2 teaches none of group 1's lectures.
    const lecture = { ...key, id_vid_zaniatiy: 1 };
    const teacher2 = await rows<{
      n: number;
    }>(sql`select count(*)::int as n from teaching_assignments a join users u on u.id = a.teacher_id
      where u.login = 'teacher2' and a.discipline_id = ${key.id_discipline} and a.lesson_kind_id = 1`);
    if (teacher2[0]?.n === 0) expect((await refusal(teacherJournal, 'otherTeacher', lecture)).status).toBe(403);
    // A mark of teacher1's journal, changed by id by a teacher of nothing there.
    const [anyMark] = await rows<{
      id: number;
    }>(sql`select m.id from journal_marks m join journal_lessons l on l.id = m.lesson_id
      where l.stream_id is null and l.subgroup_id is null and l.group_id = ${key.id_group} and l.lesson_kind_id <> ${key.id_vid_zaniatiy}
        and not exists (select 1 from teaching_assignments a join users u on u.id = a.teacher_id where u.login = 'teacher2'
                         and a.discipline_id = l.discipline_id and a.lesson_kind_id = l.lesson_kind_id) limit 1`);
    if (anyMark) {
      expect(
        (await refusal(journalMarkUpdate, 'otherTeacher', { id_studentJournalVisit: anyMark.id, id_otsenka: 1 }))
          .status,
      ).toBe(403);
    }
    expect(await databaseDigest(t)).toBe(before);
    // student2's journal does not show student1's marks: each student's reply has their own.
    const s2 = await ok(studentJournal, 'otherStudent', {});
    expect(s2.length).toBeGreaterThan(0);
  });
});

describe('subgroups', () => {
  it('creates a subgroup from the group, edits it, removes a student, and keeps its journal', async () => {
    const group = await ok(journalSubgroupStudents, 'teacher', { id_group: key.id_group, id_subgroup: -1 });
    const chosen = group.students.slice(0, 3).map((s) => s.id_student);
    const [outsider] = await rows<{ id: number }>(
      sql`select user_id as id from student_profiles where group_id <> ${key.id_group} limit 1`,
    );
    const bad = await refusal(journalSubgroupSave, 'teacher', {
      id_group: key.id_group,
      id_subgroup: -1,
      name: 'Лаб A',
      students: [...chosen, outsider?.id],
    });
    expect(bad.issues).toEqual([{ path: ['students', 3], rule: 'not_in_group' }]);

    const made = await ok(journalSubgroupSave, 'teacher', {
      id_group: key.id_group,
      id_subgroup: -1,
      name: 'Лаб A',
      students: chosen,
    });
    expect(made.students).toBe(3);
    const edited = await ok(journalSubgroupSave, 'teacher', {
      id_group: key.id_group,
      id_subgroup: made.id_subgroup,
      name: 'Лаб A2',
      students: [...chosen, group.students[3]?.id_student],
    });
    expect(edited).toMatchObject({ name: 'Лаб A2', students: 4 });
    expect(
      (await ok(journalRemoveStudent, 'teacher', { id_subgroup: made.id_subgroup, id_student: chosen[0] })).removed,
    ).toBe(true);
    const listed = await ok(journalSubgroupStudents, 'teacher', {
      id_group: key.id_group,
      id_subgroup: made.id_subgroup,
    });
    expect(listed.name).toBe('Лаб A2');
    expect(
      listed.students
        .filter((s) => s.member)
        .map((s) => s.id_student)
        .sort(),
    ).toEqual([chosen[1], chosen[2], group.students[3]?.id_student].sort());

    // The subgroup's journal: its students only.
    const sub = { ...key, groupType: 'subgroup', id_group: made.id_subgroup };
    const j = await ok(teacherJournal, 'teacher', sub);
    expect(j.rows.length).toBe(3);
    const audiences = await ok(journalAudiences, 'teacher', {
      id_discipline: key.id_discipline,
      groupType: 'subgroup',
    });
    expect(audiences.map((a) => a.id_group)).toContain(made.id_subgroup);

    // teacher2 teaches nothing to this group: 403, and no change.
    const [teaches] = await rows<{
      n: number;
    }>(sql`select count(*)::int as n from teaching_assignments a join users u on u.id = a.teacher_id
      where u.login = 'teacher2' and (a.group_id = ${key.id_group} or a.stream_id in (select stream_id from stream_groups where group_id = ${key.id_group}))`);
    if (teaches?.n === 0) {
      expect(
        (await refusal(journalRemoveStudent, 'otherTeacher', { id_subgroup: made.id_subgroup, id_student: chosen[1] }))
          .status,
      ).toBe(403);
    }
  });
});

describe('topics and deletes', () => {
  it('adds and edits topics, sets a lesson topic, reports it', async () => {
    const base = { id_discipline: key.id_discipline, id_vid_zaniatiy: key.id_vid_zaniatiy };
    const added = await ok(journalTopicSave, 'teacher', {
      ...base,
      id_tema: -1,
      module: 3,
      name: '  Новая   тема ',
      hours: 4,
    });
    expect(added).toMatchObject({ module: 3, name: 'Новая тема', hours: 4 });
    const edited = await ok(journalTopicSave, 'teacher', {
      ...base,
      id_tema: added.id_tema,
      module: 3,
      name: 'Тема 3.1',
      hours: 2,
    });
    expect(edited.id_tema).toBe(added.id_tema);
    expect((await ok(journalTopics, 'teacher', { ...base, module: 3 })).map((x) => x.name)).toEqual(['Тема 3.1']);
    expect((await ok(journalModules, 'teacher', base)).find((m) => m.module === 3)).toEqual({
      module: 3,
      topics: 1,
      hours: 2,
    });

    const start = (await ok(teacherJournal, 'teacher', key)).startsOn;
    const day = { ...key, visitDate: start, id_time: 5, timesCount: 2 };
    expect(await ok(journalLessonTopic, 'teacher', day)).toEqual({ id_lesson: null, id_tema: null, text: '' });
    const set = await ok(journalLessonTopicSave, 'teacher', { ...day, id_tema: added.id_tema, text: '' });
    expect(await ok(journalLessonTopic, 'teacher', day)).toEqual({
      id_lesson: set.id_lesson,
      id_tema: added.id_tema,
      text: '',
    });
    const report = await ok(journalTopicReport, 'teacher', key);
    expect(report.find((r) => r.id_tema === added.id_tema)?.dates).toEqual([start]);
  });

  it('deletes one lesson, then the whole journal', async () => {
    const j = await ok(teacherJournal, 'teacher', key);
    const first = j.dates[0] as Journal['dates'][number];
    const day = { ...key, visitDate: first.visitDate, id_time: first.id_time, timesCount: first.timesCount };
    expect(await ok(journalDeleteLesson, 'teacher', day)).toEqual({ deleted: 1 });
    expect((await refusal(journalDeleteLesson, 'teacher', day)).status).toBe(404);
    const [left] = await rows<{ n: number }>(
      sql`select count(*)::int as n from journal_marks where lesson_id = ${first.id_lesson}`,
    );
    expect(left?.n).toBe(0);
    expect((await ok(teacherJournal, 'teacher', key)).dates.length).toBe(j.dates.length - 1);

    // The exports first, while there are lessons.
    const pdf = await t.app.inject({
      url: journalPdf.path,
      query: { ...stringify(key), lang: 'ru' },
      headers: { cookie: cookies.teacher as string },
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Журнал учёта учебных занятий');
    expect(text).toContain(j.groupName);
    expect(text).toContain((j.rows[0] as { s_fio: string }).s_fio.split(' ')[0]);
    const xlsx = await t.app.inject({
      url: journalXlsx.path,
      query: { ...stringify(key), lang: 'en' },
      headers: { cookie: cookies.teacher as string },
    });
    expect(xlsx.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as never);
    const sheet = book.worksheets[0];
    expect(sheet?.getRow(1).getCell(1).value).toBe('Class activity journal');
    expect(sheet?.getRow(7).getCell(2).value).toBe((j.rows[0] as { s_fio: string }).s_fio);

    const all = await ok(journalDelete, 'teacher', key);
    expect(all.deleted).toBe(j.dates.length - 1);
    expect((await ok(teacherJournal, 'teacher', key)).dates).toEqual([]);
  });
});

/** A journal of `lessons` lessons and `students` students whose marks go round the scale. */
function sampleJournal(lessons: number, students: number): Journal {
  const named = { name: 'Базы данных', nameKg: '', nameEn: '' };
  const dates = Array.from({ length: lessons }, (_, i) => ({
    id_lesson: i + 1,
    visitDate: `2026-${String(9 + Math.floor(i / 28)).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
    id_time: 1,
    number: 1,
    start: '08:00',
    end: '09:20',
    timesCount: 1,
    id_tema: null,
    tema: '',
    id_shed: null,
  }));
  const rows = Array.from({ length: students }, (_, i) => ({
    id_student: i + 1,
    s_fio: `Студент${i + 1} Тестовый`,
    otsenka: dates.map((_, k) => (scale[(i + k) % scale.length] as Assessment).id_otsenka),
    id_studentJournalVisit: dates.map((_, k) => k + 1),
    absences: 10,
    points: 140,
    average: 3.5,
  }));
  return {
    year: 2026,
    ws: 1,
    startsOn: '2026-09-01',
    endsOn: '2027-01-31',
    discipline: named,
    lessonKind: named,
    groupType: 'group',
    id_group: 1,
    groupName: 'ПИ-1-25',
    groups: ['ПИ-1-25'],
    dates,
    rows,
  };
}

describe('the workbook of a journal', () => {
  it('holds marks, totals and the average as numbers, and the absence in the language of the file', async () => {
    const journal = sampleJournal(6, 2);
    for (const [lang, absent] of [
      ['en', 'abs'],
      ['ru', 'н/б'],
      ['kg', 'к/ж'],
    ] as const) {
      const book = new ExcelJS.Workbook();
      await book.xlsx.load((await renderJournalXlsx(journal, scale, lang)) as never);
      const sheet = book.worksheets[0] as ExcelJS.Worksheet;
      const row = sheet.getRow(7);
      expect(row.getCell(1).value).toBe(1);
      const marks = journal.dates.map((_, k) => row.getCell(3 + k).value);
      const expected = (journal.rows[0] as Journal['rows'][number]).otsenka.map((id) => {
        const a = scale.find((x) => x.id_otsenka === id) as Assessment;
        return a.isAbsence ? absent : /^\d+$/.test(a.code) ? Number(a.code) : a.code;
      });
      expect(marks, lang).toEqual(expected);
      expect(marks.filter((m) => typeof m === 'number').length).toBeGreaterThan(0);
      const n = 2 + journal.dates.length;
      expect([row.getCell(n + 1).value, row.getCell(n + 2).value, row.getCell(n + 3).value]).toEqual([10, 140, 3.5]);
      expect(row.getCell(n + 3).numFmt).toBe('0.00');
    }
  });
});

describe('the PDF of a half-year', () => {
  it('puts 60 lessons on pages of 25 dates, names on each, totals after the last', async () => {
    const named = { name: 'Базы данных', nameKg: '', nameEn: '' };
    const dates = Array.from({ length: 60 }, (_, i) => ({
      id_lesson: i + 1,
      visitDate: `2026-${String(9 + Math.floor(i / 28)).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
      id_time: 1,
      number: 1,
      start: '08:00',
      end: '09:20',
      timesCount: 1,
      id_tema: null,
      tema: '',
      id_shed: null,
    }));
    const rows = Array.from({ length: 30 }, (_, i) => ({
      id_student: i + 1,
      s_fio: `Студент${i + 1} Тестовый`,
      otsenka: dates.map((_, k) => ((i + k) % 6) + 1),
      id_studentJournalVisit: dates.map((_, k) => k + 1),
      absences: 10,
      points: 140,
      average: 3.5,
    }));
    const journal: Journal = {
      year: 2026,
      ws: 1,
      startsOn: '2026-09-01',
      endsOn: '2027-01-31',
      discipline: named,
      lessonKind: named,
      groupType: 'group',
      id_group: 1,
      groupName: 'ПИ-1-25',
      groups: ['ПИ-1-25'],
      dates,
      rows,
    };
    const pdf = await renderJournalPdf(journal, scale, 'ru');
    const text = await pdfText(pdf);
    expect(text.match(/Студент30 Тестовый/g)?.length).toBe(3);
    expect(text.match(/Средний/g)?.length).toBe(1);
    expect(text).toContain('3,50');
  });
});

function stringify(o: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));
}
