import { questionnaireAnswer, questionnaireOpen } from '@okuu/contracts/questionnaire/answer';
import { questionnaireDelete, questionnaireSave } from '@okuu/contracts/questionnaire/manage';
import { questionnaireMine, questionnaireResults } from '@okuu/contracts/questionnaire/results';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testChanges } from '../../../test/harness.ts';
import { academicYearOf } from '../../lib/academic-calendar.ts';
import { createQuestionnaireRepository } from './questionnaire.repository.ts';

/** The server's clock, moved by hand: a day of the seeded fall half-year. */
const year = academicYearOf(new Date());
let clock = new Date(`${year}-12-20T06:00:00Z`);

let t: TestApp;
let staff: string;
let teacher: string;
let teacherId = 0;
let disciplineId = 0;
let questionnaireId = 0;
const students: { login: string; id: number }[] = [];
let questions: { id: number; kind: string }[] = [];

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  staff = await t.sessionOf('staff1');
  teacher = await t.signIn('teacher1');
  const [pair] = await rows<{ teacherId: number; disciplineId: number }>(sql`select r.teacher_id as "teacherId",
      r.discipline_id as "disciplineId" from registrations r join users u on u.id = r.student_id
    where u.login = 'student1' and r.teacher_id = (select id from users where login = 'teacher1')
      and r.academic_year_id = ${year} and r.half_year_kind = 1 order by r.discipline_id limit 1`);
  ({ teacherId, disciplineId } = pair as { teacherId: number; disciplineId: number });
  const list = await rows<{ login: string; id: number }>(sql`select u.login, u.id from registrations r
    join users u on u.id = r.student_id where r.teacher_id = ${teacherId} and r.discipline_id = ${disciplineId}
      and r.academic_year_id = ${year} and r.half_year_kind = 1 order by u.login = 'student1' desc, u.id limit 6`);
  students.push(...list);
});
afterAll(() => t.close());

const answerAs = async (login: string, scale: number, text = '') =>
  t.call(
    questionnaireAnswer,
    {
      id: questionnaireId,
      id_teacher: teacherId,
      id_discipline: disciplineId,
      answers: [
        { id_question: (questions[0] as { id: number }).id, value: scale },
        { id_question: (questions[1] as { id: number }).id, value: [0, 2] },
        { id_question: (questions[2] as { id: number }).id, value: text },
      ],
    },
    { cookie: await t.signIn(login) },
  );

describe('questionnaires', () => {
  it('staff build one about every teacher of the half-year, audited', async () => {
    expect(students.length).toBe(6);
    const res = await t.call(
      questionnaireSave,
      {
        id: -1,
        title: 'Преподаватель глазами студентов',
        target: 'teachers',
        year,
        ws: 1,
        from: `${year}-12-15T08:00`,
        to: `${year}-12-25T18:00`,
        questions: [
          { kind: 'scale', text: 'Понятно ли объясняет?' },
          { kind: 'multiple', text: 'Что было полезно?', options: ['Лекции', 'Практика', 'Материалы'] },
          { kind: 'text', text: 'Ваш совет' },
        ],
      },
      { cookie: staff },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    questionnaireId = res.body.data.id;
    questions = res.body.data.questions;
    const audit = await rows<{ action: string; actor_login: string }>(
      sql`select action, actor_login from audit_log where target_type = 'questionnaire' and target_id = ${questionnaireId}`,
    );
    expect(audit).toEqual([{ action: 'questionnaire.save', actor_login: 'staff1' }]);
    const bad = await t.call(
      questionnaireSave,
      { id: -1, title: 'x', target: 'teachers', from: `${year}-12-15T08:00`, to: `${year}-12-14T08:00`, questions: [] },
      { cookie: staff },
    );
    expect(bad.status).toBe(400);
  });

  it('a student sees it about their teachers, answers once', async () => {
    const student = (students[0] as { login: string }).login;
    const open = (await t.call(questionnaireOpen, {}, { cookie: await t.signIn(student) })).body.data;
    const mine = open.find((q) => q.id === questionnaireId);
    expect(mine?.targets.some((x) => x.id_teacher === teacherId && x.id_discipline === disciplineId)).toBe(true);
    expect((await answerAs(student, 5, 'Больше примеров')).status).toBe(200);
    const again = await answerAs(student, 1);
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('already_answered');
    // Not about a teacher the student did not study with.
    const stranger = await t.call(
      questionnaireAnswer,
      { id: questionnaireId, id_teacher: 1, id_discipline: 999_999, answers: [] },
      { cookie: await t.signIn(student) },
    );
    expect(stranger.status).toBe(404);
  });

  it('stores answers with nothing that links them to the student: no id, no time, no order', async () => {
    const studentId = (students[0] as { id: number }).id;
    const columns = await rows<{ table: string; column: string; type: string; def: string | null }>(sql`
      select table_name as table, column_name as column, data_type as type, column_default as def
      from information_schema.columns
      where table_schema = 'public' and table_name in ('questionnaire_answers', 'questionnaire_respondents')
      order by table_name, ordinal_position`);
    const of = (table: string) => columns.filter((c) => c.table === table);
    // The answers: a random id, the target, the day, the answers. No student, no time, no serial.
    expect(of('questionnaire_answers').map((c) => `${c.column}:${c.type}`)).toEqual([
      'id:uuid',
      'questionnaire_id:integer',
      'teacher_id:integer',
      'discipline_id:integer',
      'answered_on:date',
      'answers:jsonb',
      'mixed:boolean',
    ]);
    // Who has answered: no time, no serial either, nothing shared with the answers but the target.
    expect(of('questionnaire_respondents').map((c) => c.column)).toEqual([
      'questionnaire_id',
      'teacher_id',
      'discipline_id',
      'student_id',
    ]);
    for (const c of columns) {
      expect(c.type, c.column).not.toMatch(/timestamp|time/);
      expect(c.def ?? '', c.column).not.toMatch(/nextval|now\(\)/);
    }
    // No sequence belongs to either table.
    const sequences = await rows<{ name: string }>(sql`select c.relname as name from pg_class c
      join pg_depend d on d.objid = c.oid join pg_class t on t.oid = d.refobjid
      where c.relkind = 'S' and t.relname in ('questionnaire_answers', 'questionnaire_respondents')`);
    expect(sequences).toEqual([]);
    const [sheet] = await rows<{ id: string; answers: unknown; answered_on: string }>(sql`select id,
      answers, to_char(answered_on, 'YYYY-MM-DD') as answered_on from questionnaire_answers
      where questionnaire_id = ${questionnaireId}`);
    expect(sheet?.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(sheet?.answered_on).toBe(`${year}-12-20`);
    expect(JSON.stringify(sheet?.answers)).not.toContain(String(studentId));
    expect(JSON.stringify(sheet?.answers)).not.toContain('student');
  });

  it('shows nothing while open, nor for fewer than five answers; then the teacher sees only the aggregates', async () => {
    const hidden = await t.call(questionnaireResults, { id: questionnaireId }, { cookie: staff });
    expect(hidden.body.error.code).toBe('results_hidden');
    expect((await t.call(questionnaireMine, {}, { cookie: teacher })).body.data).toEqual([]);
    // Three more answers (four in all), then the window closes.
    for (const [i, s] of students.slice(1, 4).entries())
      expect((await answerAs(s.login, 3 + (i % 2))).status).toBe(200);
    clock = new Date(`${year}-12-26T06:00:00Z`);
    const late = await answerAs((students[4] as { login: string }).login, 4);
    expect(late.body.error.code).toBe('questionnaire_closed');
    const four = (await t.call(questionnaireMine, {}, { cookie: teacher })).body.data;
    expect(four[0]?.targets).toEqual([]);
    expect(four[0]?.hidden).toBe(1);
    // Reopened for a day: a fifth answer, closed again.
    clock = new Date(`${year}-12-20T06:00:00Z`);
    expect((await answerAs((students[4] as { login: string }).login, 2, 'Спасибо')).status).toBe(200);
    clock = new Date(`${year}-12-26T06:00:00Z`);
    const five = (await t.call(questionnaireMine, {}, { cookie: teacher })).body.data;
    // Closed and read: every sheet moved to a new row, in random order, by one transaction of its own. They share its
    // id (xmin), and none shares one with a respondent's row (each written with its student's).
    const xmins = async (table: 'questionnaire_answers' | 'questionnaire_respondents') =>
      (
        await rows<{ x: string }>(
          sql`select xmin::text as x from ${sql.identifier(table)} where questionnaire_id = ${questionnaireId}`,
        )
      ).map((r) => r.x);
    const mixed = await xmins('questionnaire_answers');
    expect(mixed).toHaveLength(5);
    expect(new Set(mixed).size).toBe(1);
    const respondents = await xmins('questionnaire_respondents');
    expect(respondents).toHaveLength(5);
    expect(respondents.filter((x) => mixed.includes(x))).toEqual([]);
    const target = five[0]?.targets.find((x) => x.id_discipline === disciplineId);
    expect(target?.answers).toBe(5);
    const scale = target?.questions[0];
    expect(scale?.mean).toBe(3.4);
    expect(scale?.distribution).toEqual([0, 1, 2, 1, 1]);
    expect(scale?.departmentMean).toBe(3.4);
    expect(target?.questions[1]?.distribution).toEqual([5, 0, 5]);
    // Free texts: to staff, not to the teacher until released.
    expect(target?.questions[2]?.texts).toEqual([]);
    const forStaff = (await t.call(questionnaireResults, { id: questionnaireId }, { cookie: staff })).body.data;
    expect(forStaff.targets[0]?.questions[2]?.texts.sort()).toEqual(['Больше примеров', 'Спасибо']);
    // The teacher cannot call the staff results at all.
    expect((await t.call(questionnaireResults, { id: questionnaireId }, { cookie: teacher })).status).toBe(403);
  });

  it('refuses a filter that would leave fewer than five answers', async () => {
    const [other] = await rows<{ id: number }>(sql`select f.id from faculties f where f.id not in (select d.faculty_id
      from teacher_profiles tp join departments d on d.id = tp.department_id where tp.user_id = ${teacherId})
      order by f.id limit 1`);
    const res = await t.call(
      questionnaireResults,
      { id: questionnaireId, id_faculty: (other as { id: number }).id },
      { cookie: staff },
    );
    expect(res.status).toBe(409);
    expect(res.body.error.code).toBe('too_few_answers');
    const [own] = await rows<{ id: number }>(sql`select d.faculty_id as id from teacher_profiles tp
      join departments d on d.id = tp.department_id where tp.user_id = ${teacherId}`);
    const ok = await t.call(
      questionnaireResults,
      { id: questionnaireId, id_faculty: (own as { id: number }).id },
      { cookie: staff },
    );
    expect(ok.status).toBe(200);
    // Answered questionnaires are kept.
    expect((await t.call(questionnaireDelete, { id: questionnaireId }, { cookie: staff })).body.error.code).toBe(
      'in_use',
    );
  });

  it('mixes waiting answer sheets once a batch has come, in a transaction no respondent row shares', async () => {
    const repo = createQuestionnaireRepository(t.database.db, testChanges(t.database));
    const student = (students[5] as { id: number }).id;
    // One student answering three targets (teacher ids 9001…): sheets of their own, beside the test's.
    const answer = (n: number) =>
      repo.transaction((q) =>
        q.answer({
          questionnaire: questionnaireId,
          teacher: 9000 + n,
          discipline: 0,
          student,
          day: `${year}-12-20`,
          answers: {},
        }),
      );
    const waiting = async () =>
      rows<{ x: string; mixed: boolean }>(sql`select xmin::text as x, mixed from questionnaire_answers
        where questionnaire_id = ${questionnaireId} and teacher_id > 9000`);
    await answer(1);
    await answer(2);
    expect(await repo.transaction((q) => q.mix(questionnaireId, 3))).toBe(0);
    expect((await waiting()).map((r) => r.mixed)).toEqual([false, false]);
    await answer(3);
    expect(await repo.transaction((q) => q.mix(questionnaireId, 3))).toBe(3);
    const moved = await waiting();
    expect(moved.every((r) => r.mixed)).toBe(true);
    expect(new Set(moved.map((r) => r.x)).size).toBe(1);
    const respondents = await rows<{ x: string }>(sql`select xmin::text as x from questionnaire_respondents
      where questionnaire_id = ${questionnaireId} and teacher_id > 9000`);
    expect(respondents).toHaveLength(3);
    expect(respondents.filter((r) => r.x === moved[0]?.x)).toEqual([]);
  });
});
