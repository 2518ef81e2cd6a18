import { teacherSheet, teacherSheets } from '@okuu/contracts/grading/sheets';
import { bankList, questionDelete, questionSave, testingDisciplines } from '@okuu/contracts/testing/bank';
import { answerRescore, teacherAttempt, testResults } from '@okuu/contracts/testing/results';
import {
  answerSave,
  attemptGet,
  attemptReview,
  attemptStart,
  attemptSubmit,
  myTests,
} from '@okuu/contracts/testing/taking';
import { testDelete, testSave } from '@okuu/contracts/testing/tests';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testChanges } from '../../../test/harness.ts';
import { academicYearOf } from '../../lib/academic-calendar.ts';
import { createTestingRepository } from './testing.repository.ts';
import { type Scorable, shareOf } from './testing.scoring.ts';
import { createTestingService } from './testing.service.ts';

/** The server's clock in these tests, moved by hand: 12:00 in Bishkek on a day of the seeded fall half-year. */
const year = academicYearOf(new Date());
const day = `${year}-11-25`;
let clock = new Date(`${day}T06:00:00Z`);
const at = (iso: string) => {
  clock = new Date(iso);
};

let t: TestApp;
let teacher: string;
let otherTeacher: string;
let student: string;
let classmate: string;
let stranger: string;
let disciplineId = 0;
let groupId = 0;
const q = { single: 0, multiple: 0, text: 0, number: 0, matching: 0 };

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
// The housekeeping alone, on tests that feed no grading sheet.
const noGrading = {
  controlPoints: async () => [],
  feed: async () => {
    throw new Error('these tests feed no grading sheet');
  },
};
const closer = () =>
  createTestingService({
    repo: createTestingRepository(t.database.db, testChanges(t.database)),
    now: () => clock,
    grading: noGrading,
    storage: t.storage,
    files: { checkQuota: async () => undefined },
  });

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  teacher = await t.signIn('teacher1');
  otherTeacher = await t.signIn('teacher2');
  student = await t.signIn('student1');
  classmate = await t.signIn('student2');
  const [group] = await rows<{ groupId: number }>(sql`select group_id as "groupId" from student_profiles sp
    join users u on u.id = sp.user_id where u.login = 'student1'`);
  groupId = (group as { groupId: number }).groupId;
  const [other] = await rows<{ login: string }>(sql`select u.login from users u join student_profiles sp
    on sp.user_id = u.id where sp.group_id <> ${groupId} and u.role = 2 order by u.id limit 1`);
  stranger = await t.signIn((other as { login: string }).login);
  const list = (await t.call(testingDisciplines, {}, { cookie: teacher })).body.data;
  const d = list.find((x) => x.audiences.some((a) => a.kind === 'group' && a.id === groupId));
  disciplineId = (d as { id_discipline: number }).id_discipline;
});
afterAll(() => t.close());

const save = (input: Record<string, unknown>, cookie = teacher) =>
  t.call(questionSave, { id: -1, id_discipline: disciplineId, topic: 'Основы', ...input }, { cookie });

describe('scoring', () => {
  const choice = (kind: 'single' | 'multiple', correct: number[]): Scorable => ({
    kind,
    points: 2,
    body: { options: ['a', 'b', 'c', 'd'] },
    key: { correct },
  });
  it('scores single choice', () => {
    expect(shareOf(choice('single', [2]), 2, true)).toBe(1);
    expect(shareOf(choice('single', [2]), 1, true)).toBe(0);
    expect(shareOf(choice('single', [2]), [2], true)).toBe(0);
  });
  it('scores multiple choice with and without partial credit', () => {
    const m = choice('multiple', [0, 2]);
    expect(shareOf(m, [2, 0], false)).toBe(1);
    expect(shareOf(m, [0], false)).toBe(0);
    expect(shareOf(m, [0], true)).toBe(0.5);
    expect(shareOf(m, [0, 1], true)).toBe(0);
    expect(shareOf(m, [0, 1, 2, 3], true)).toBe(0);
    expect(shareOf(m, [0, 2, 1], true)).toBe(0.5);
  });
  it('scores a short text ignoring case and spacing', () => {
    const s: Scorable = { kind: 'text', points: 1, body: {}, key: { accepted: ['Бишкек', 'Frunze city'] } };
    expect(shareOf(s, '  бишКЕК ', true)).toBe(1);
    expect(shareOf(s, 'FRUNZE   CITY', true)).toBe(1);
    expect(shareOf(s, 'frunzecity', true)).toBe(1);
    expect(shareOf(s, 'Ош', true)).toBe(0);
    expect(shareOf(s, '', true)).toBe(0);
  });
  it('scores a number within its tolerance', () => {
    const n: Scorable = { kind: 'number', points: 1, body: {}, key: { value: 3.14, tolerance: 0.01 } };
    expect(shareOf(n, 3.15, true)).toBe(1);
    expect(shareOf(n, 3.13, true)).toBe(1);
    expect(shareOf(n, 3.16, true)).toBe(0);
    expect(shareOf(n, 'x', true)).toBe(0);
  });
  it('scores a matching row by row, or all or nothing', () => {
    const m: Scorable = {
      kind: 'matching',
      points: 4,
      body: { left: ['a', 'b', 'c', 'd'], right: ['1', '2', '3', '4'] },
      key: {},
    };
    expect(shareOf(m, [0, 1, 2, 3], false)).toBe(1);
    expect(shareOf(m, [0, 1, 3, 2], true)).toBe(0.5);
    expect(shareOf(m, [0, 1, 3, 2], false)).toBe(0);
    expect(shareOf(m, [-1, -1, -1, -1], true)).toBe(0);
  });
});

describe('the bank', () => {
  it('keeps questions of each kind for the teachers of the discipline', async () => {
    const made = await Promise.all([
      save({ kind: 'single', text: 'Столица Кыргызстана?', options: ['Ош', 'Бишкек', 'Нарын'], correct: [1] }),
      save({ kind: 'multiple', text: 'Чётные числа', options: ['1', '2', '3', '4'], correct: [1, 3], points: 2 }),
      save({ kind: 'text', text: 'Как звали Бишкек в 1926–1991?', accepted: ['Фрунзе'] }),
      save({ kind: 'number', text: 'π до сотых', value: 3.14, tolerance: 0.005 }),
      save({
        kind: 'matching',
        text: 'Страна и столица',
        points: 2,
        pairs: [
          { left: 'Казахстан', right: 'Астана' },
          { left: 'Узбекистан', right: 'Ташкент' },
        ],
      }),
    ]);
    for (const m of made) expect(m.status, JSON.stringify(m.body)).toBe(200);
    for (const m of made) q[m.body.data.kind] = m.body.data.id;
    const bank = (await t.call(bankList, { id_discipline: disciplineId }, { cookie: teacher })).body.data;
    expect(bank.map((b) => b.kind).sort()).toEqual(['matching', 'multiple', 'number', 'single', 'text']);
    expect(bank.find((b) => b.kind === 'matching')?.pairs[1]).toEqual({ left: 'Узбекистан', right: 'Ташкент' });
  });

  it('refuses an ill-formed question, another discipline and another teacher', async () => {
    const bad = await save({ kind: 'single', text: 'x', options: ['a', 'b'], correct: [0, 1] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.issues?.[0]).toMatchObject({ path: ['correct'], rule: 'invalid_choice' });
    const outside = await save({ kind: 'single', text: 'x', options: ['a', 'b'], correct: [5] });
    expect(outside.body.error.issues?.[0]).toMatchObject({ path: ['correct', 0], rule: 'out_of_range' });
    const [notMine] = await rows<{ id: number }>(sql`select id from disciplines where id not in
      (select discipline_id from teaching_assignments where teacher_id = (select id from users where login = 'teacher1'))
      order by id limit 1`);
    const foreign = await t.call(
      questionSave,
      { id: -1, id_discipline: (notMine as { id: number }).id, kind: 'text', text: 'x', accepted: ['y'] },
      { cookie: teacher },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.error.issues?.[0]?.rule).toBe('not_your_discipline');
    const theirs = await t.call(bankList, { id_discipline: disciplineId }, { cookie: otherTeacher });
    expect(theirs.status).toBe(400);
  });

  it('hides a deleted question from new tests', async () => {
    const extra = await save({ kind: 'text', text: 'Лишний', accepted: ['x'] });
    const del = await t.call(questionDelete, { id: extra.body.data.id }, { cookie: teacher });
    expect(del.body.data).toEqual({ deleted: true });
    const bank = (await t.call(bankList, { id_discipline: disciplineId }, { cookie: teacher })).body.data;
    expect(bank.some((b) => b.id === extra.body.data.id)).toBe(false);
  });
});

let testId = 0;
let attemptId = 0;

describe('taking a test', () => {
  it('makes a test for the group; nobody starts it before its window', async () => {
    const made = await t.call(
      testSave,
      {
        id: -1,
        id_discipline: disciplineId,
        title: 'Модуль 1',
        audienceKind: 'group',
        audienceId: groupId,
        questionIds: [q.single, q.multiple, q.text, q.number, q.matching],
        shuffle: true,
        timeLimit: 30,
        from: `${day}T13:00`,
        to: `${day}T14:00`,
        attempts: 2,
        partialCredit: true,
        showAnswers: true,
      },
      { cookie: teacher },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    testId = made.body.data.id;
    expect(made.body.data.closesAt).toBe(new Date(`${day}T08:00:00Z`).toISOString());
    // 12:00 in Bishkek: before the window.
    const early = await t.call(attemptStart, { id: testId }, { cookie: student });
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe('test_not_open');
    const listed = (await t.call(myTests, {}, { cookie: student })).body.data.find((x) => x.id === testId);
    expect(listed).toMatchObject({ state: 'upcoming', attemptsMade: 0, openAttempt: null });
    expect(JSON.stringify(listed)).not.toContain('Бишкек');
    // Not for a student of another group, nor for another teacher's audience.
    at(`${day}T07:10:00Z`);
    expect((await t.call(attemptStart, { id: testId }, { cookie: stranger })).status).toBe(404);
    const foreign = await t.call(
      testSave,
      {
        id: -1,
        id_discipline: disciplineId,
        title: 'x',
        audienceKind: 'group',
        audienceId: groupId,
        timeLimit: 5,
        from: `${day}T13:00`,
        to: `${day}T14:00`,
      },
      { cookie: otherTeacher },
    );
    expect(foreign.status).toBe(400);
  });

  it('starts once: a second device, or fifty at once, get the same attempt; the deadline is the window end', async () => {
    // 13:40 in Bishkek: 30 minutes would pass the window's end at 14:00.
    at(`${day}T07:40:00Z`);
    const starts = await Promise.all(
      Array.from({ length: 20 }, (_, i) => t.call(attemptStart, { id: testId }, { cookie: i % 2 ? student : student })),
    );
    for (const s of starts) expect(s.status).toBe(200);
    const ids = new Set(starts.map((s) => s.body.data.id));
    expect(ids.size).toBe(1);
    attemptId = [...ids][0] as number;
    expect((starts[0] as (typeof starts)[number]).body.data.remainingSeconds).toBe(20 * 60);
    const [open] = await rows<{ n: number }>(sql`select count(*)::int as n from test_attempts
      where test_id = ${testId} and closed_at is null`);
    expect(open?.n).toBe(1);
    const view = (starts[0] as (typeof starts)[number]).body.data;
    expect(view.questions).toHaveLength(5);
    // The questions a student gets carry nothing correct.
    const text = JSON.stringify(view);
    expect(text).not.toContain('correct');
    expect(text).not.toContain('accepted');
    expect(text).not.toContain('Фрунзе');
    expect(text).not.toContain('3.14');
  });

  it('keeps another student out of the attempt', async () => {
    expect((await t.call(attemptGet, { id: attemptId }, { cookie: classmate })).status).toBe(404);
    expect(
      (await t.call(answerSave, { id: attemptId, id_question: q.single, response: 1 }, { cookie: classmate })).status,
    ).toBe(404);
    expect((await t.call(attemptSubmit, { id: attemptId }, { cookie: classmate })).status).toBe(404);
    expect((await t.call(teacherAttempt, { id: attemptId }, { cookie: otherTeacher })).status).toBe(404);
    expect((await t.call(testResults, { id: testId }, { cookie: otherTeacher })).status).toBe(404);
  });

  it('saves answers one by one, idempotently; the answer given latest wins', async () => {
    at(`${day}T07:45:00Z`);
    const give = (id_question: number, response: unknown, givenAt?: string) =>
      t.call(
        answerSave,
        { id: attemptId, id_question, response, ...(givenAt ? { givenAt } : {}) },
        { cookie: student },
      );
    expect((await give(q.single, 0)).status).toBe(200);
    const again = await give(q.single, 1);
    expect(again.body.data).toEqual({ saved: true, remainingSeconds: 15 * 60 });
    // An older answer arriving late (from a phone's queue) does not replace a newer one.
    expect((await give(q.single, 2, `${day}T07:44:00Z`)).status).toBe(200);
    expect((await give(q.multiple, [1])).status).toBe(200);
    expect((await give(q.text, ' фрунзе ')).status).toBe(200);
    // A wrong shape for the kind is refused.
    expect((await give(q.number, 'abc')).status).toBe(400);
    const view = (await t.call(attemptGet, { id: attemptId }, { cookie: student })).body.data;
    expect(view.answers.find((a) => a.id_question === q.single)?.response).toBe(1);
    expect(view.answers).toHaveLength(3);
  });

  it("refuses an answer after the deadline's grace, keeps one given in time, and the server closes the attempt", async () => {
    // The deadline is the window's end, 08:00Z. At 08:00:30 an answer given at 07:59:50 arrives: accepted.
    at(`${day}T08:00:30Z`);
    const inGrace = await t.call(
      answerSave,
      { id: attemptId, id_question: q.number, response: 3.14, givenAt: `${day}T07:59:50Z` },
      { cookie: student },
    );
    expect(inGrace.status, JSON.stringify(inGrace.body)).toBe(200);
    expect(inGrace.body.data.remainingSeconds).toBe(0);
    // One the phone claims was given in time, arriving after the grace: refused.
    at(`${day}T08:01:10Z`);
    const late = await t.call(
      answerSave,
      { id: attemptId, id_question: q.matching, response: [0, 1], givenAt: `${day}T07:59:00Z` },
      { cookie: student },
    );
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('deadline_passed');
    // The server closes it, scoring what was saved: single 1 (right, 1), multiple [1] (half of 2),
    // text (1), number (1), matching none.
    // (The app's own sweep may have closed it already.)
    await closer().closeExpired();
    const [row] = await rows<{ closedBy: string; score: number; closedAt: Date }>(sql`select closed_by as "closedBy",
      score_x100 as score, closed_at as "closedAt" from test_attempts where id = ${attemptId}`);
    expect(row).toMatchObject({ closedBy: 'server', score: 400 });
    expect(new Date(row?.closedAt as Date).toISOString()).toBe(new Date(`${day}T08:00:00Z`).toISOString());
    expect(await closer().closeExpired()).toBe(0);
  });

  it('shows the student a review without the correct answers until the window closes', async () => {
    const review = (await t.call(attemptReview, { id: attemptId }, { cookie: student })).body.data;
    expect(review.score).toBe(4);
    expect(review.maxScore).toBe(7);
    // The window closed at 08:00Z and the test shows answers: they are shown now.
    expect(review.answersShown).toBe(true);
    expect(review.questions.find((x) => x.id === q.text)?.correct).toEqual(['Фрунзе']);
  });
});

describe('submitting and results', () => {
  let second = 0;
  it('submits once, whatever the number of parallel submits', async () => {
    // A new window; the student's second (last) attempt.
    const test = (await t.call(myTests, {}, { cookie: student })).body.data.find((x) => x.id === testId);
    expect(test).toMatchObject({ attemptsMade: 1, best: 4, state: 'closed' });
    const moved = await t.call(
      testSave,
      {
        id: testId,
        id_discipline: disciplineId,
        title: 'Модуль 1',
        audienceKind: 'group',
        audienceId: groupId,
        questionIds: [q.single, q.multiple, q.text, q.number, q.matching],
        shuffle: true,
        timeLimit: 30,
        from: `${day}T15:00`,
        to: `${day}T18:00`,
        attempts: 2,
        partialCredit: false,
        showAnswers: true,
      },
      { cookie: teacher },
    );
    expect(moved.status).toBe(200);
    at(`${day}T09:10:00Z`);
    const start = await t.call(attemptStart, { id: testId }, { cookie: student });
    expect(start.body.data.number).toBe(2);
    expect(start.body.data.remainingSeconds).toBe(30 * 60);
    second = start.body.data.id;
    const matching = start.body.data.questions.find((x) => x.id === q.matching);
    expect(matching?.left.map((l) => l.key).sort()).toEqual([0, 1]);
    for (const [id, response] of [
      [q.single, 1],
      [q.multiple, [1]],
      [q.text, 'Пишпек'],
      [q.matching, [0, 1]],
    ] as const)
      expect((await t.call(answerSave, { id: second, id_question: id, response }, { cookie: student })).status).toBe(
        200,
      );
    at(`${day}T09:20:00Z`);
    const submits = await Promise.all(
      Array.from({ length: 50 }, () => t.call(attemptSubmit, { id: second }, { cookie: student })),
    );
    for (const s of submits) expect(s.status).toBe(200);
    const closedAts = new Set(submits.map((s) => s.body.data.closedAt));
    expect(closedAts).toEqual(new Set([new Date(`${day}T09:20:00Z`).toISOString()]));
    // No partial credit now: single 1, multiple 0, text 0, matching 2.
    expect(new Set(submits.map((s) => s.body.data.score))).toEqual(new Set([3]));
    // A submit after that changes nothing; an answer after it is refused.
    at(`${day}T09:21:00Z`);
    const again = await t.call(attemptSubmit, { id: second }, { cookie: student });
    expect(again.body.data.closedAt).toBe(new Date(`${day}T09:20:00Z`).toISOString());
    const after = await t.call(answerSave, { id: second, id_question: q.single, response: 0 }, { cookie: student });
    expect(after.body.error.code).toBe('attempt_closed');
    // No answers before the window closes, and no third attempt.
    const review = (await t.call(attemptReview, { id: second }, { cookie: student })).body.data;
    expect(review.answersShown).toBe(false);
    expect(review.questions.every((x) => x.correct === null)).toBe(true);
    expect((await t.call(attemptStart, { id: testId }, { cookie: student })).body.error.code).toBe('no_attempts_left');
  });

  it("shows the teacher each attempt, each question's difficulty and option frequencies; re-scores a text by hand", async () => {
    const res = (await t.call(testResults, { id: testId }, { cookie: teacher })).body.data;
    expect(res.attempts.map((a) => [a.number, a.score, a.closedBy])).toEqual([
      [1, 4, 'server'],
      [2, 3, 'student'],
    ]);
    expect(res.attempts[1]?.seconds).toBe(600);
    const single = res.questions.find((x) => x.id === q.single);
    expect(single).toMatchObject({ drawn: 2, answered: 2, share: 1 });
    expect(single?.options.find((o) => o.key === 1)).toMatchObject({ chosen: 2, correct: true });
    const multiple = res.questions.find((x) => x.id === q.multiple);
    expect(multiple?.share).toBe(0.25);
    // 'Пишпек' is right too: the teacher gives the point by hand.
    const rescored = await t.call(answerRescore, { id: second, id_question: q.text, points: 1 }, { cookie: teacher });
    expect(rescored.body.data).toEqual({ score: 4, maxScore: 7 });
    const notText = await t.call(answerRescore, { id: second, id_question: q.single, points: 1 }, { cookie: teacher });
    expect(notText.status).toBe(409);
    const tooMuch = await t.call(answerRescore, { id: second, id_question: q.text, points: 2 }, { cookie: teacher });
    expect(tooMuch.status).toBe(400);
    const detail = (await t.call(teacherAttempt, { id: second }, { cookie: teacher })).body.data;
    expect(detail.score).toBe(4);
    expect(detail.questions.find((x) => x.id === q.text)).toMatchObject({ response: 'Пишпек', score: 1 });
    // A test someone has taken is not deleted.
    expect((await t.call(testDelete, { id: testId }, { cookie: teacher })).body.error.code).toBe('in_use');
  });
});

describe('feeding the grading sheet', () => {
  it("gives the best attempt's share of its control point to the student's open sheet, shown there at once", async () => {
    at(`${day}T06:00:00Z`);
    // A discipline teacher1 teaches student1's group this (fall) half-year: its sheet is this half-year's.
    const [taught] = await rows<{ d: number }>(sql`select a.discipline_id as d from teaching_assignments a
      where a.teacher_id = (select id from users where login = 'teacher1') and a.group_id = ${groupId}
        and a.academic_year_id = ${year} and a.half_year_kind = 1 order by a.discipline_id limit 1`);
    const discipline = (taught as { d: number }).d;
    const offered = (await t.call(testingDisciplines, {}, { cookie: teacher })).body.data;
    const points = offered.find((x) => x.id_discipline === discipline)?.controlPoints ?? [];
    expect(points.length).toBeGreaterThan(1);
    const second = points[1] as { number: number; max: number };
    const question = (
      await save({
        id_discipline: discipline,
        kind: 'single',
        text: 'Ала-Тоо?',
        options: ['Тоо', 'Дарыя'],
        correct: [0],
      })
    ).body.data.id;
    const input = {
      id: -1,
      id_discipline: discipline,
      title: 'Модуль 2',
      audienceKind: 'group',
      audienceId: groupId,
      questionIds: [question],
      timeLimit: 10,
      from: `${day}T11:00`,
      to: `${day}T13:00`,
      attempts: 2,
      gradingColumn: second.number,
      gradingMode: 'best',
    } as const;
    // A control point the discipline has not is refused, naming how many it has.
    const beyond = await t.call(testSave, { ...input, gradingColumn: points.length + 1 }, { cookie: teacher });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error.issues?.[0]).toMatchObject({
      path: ['gradingColumn'],
      params: { max: points.length },
    });
    const made = await t.call(testSave, input, { cookie: teacher });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    expect(made.body.data).toMatchObject({ gradingColumn: second.number, gradingMode: 'best' });

    const attempt = async (response: number) => {
      const started = await t.call(attemptStart, { id: made.body.data.id }, { cookie: student });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      const id = started.body.data.id;
      await t.call(answerSave, { id, id_question: question, response }, { cookie: student });
      expect((await t.call(attemptSubmit, { id }, { cookie: student })).status).toBe(200);
    };
    const list = (await t.call(teacherSheets, {}, { cookie: teacher })).body.data;
    // The group's sheet of the discipline: its own, or its stream's.
    const [audience] = await rows<{ stream: number | null }>(
      sql`select min(stream_id) as stream from stream_groups where group_id = ${groupId}`,
    );
    const sheet = list.find(
      (x) =>
        x.discipline.id === discipline &&
        x.kind === 'regular' &&
        x.audience.id === (x.audience.kind === 'group' ? groupId : audience?.stream),
    );
    if (!sheet) throw new Error('no sheet of the discipline and group');
    const me = (await rows<{ id: number }>(sql`select id from users where login = 'student1'`))[0]?.id;
    const cell = async () => {
      const read = (await t.call(teacherSheet, { id: sheet.id }, { cookie: teacher })).body.data;
      const position = read.columns.flatMap((c, i) => (c.kind === 'module' ? [i] : []))[1] as number;
      return read.rows.find((r) => r.studentId === me)?.cells[position]?.points ?? null;
    };
    // Read first: the sheet is kept ready, and the test's score must reach it all the same.
    const before = await cell();
    at(`${day}T05:10:00Z`);
    await attempt(0);
    expect(await cell()).toBe(second.max);
    expect(before).not.toBe(second.max);
    // A worse second attempt: the best stays.
    at(`${day}T05:20:00Z`);
    await attempt(1);
    expect(await cell()).toBe(second.max);
  });
});
