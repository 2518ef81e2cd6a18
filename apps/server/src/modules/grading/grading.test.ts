import { myRating, staffRating, staffRatingXlsx, teacherRating } from '@okuu/contracts/grading/rating';
import { defaultScheme, rowTotals } from '@okuu/contracts/grading/rules';
import {
  cellSave,
  type GradingSheet,
  myPoints,
  retakeIssue,
  schemeSave,
  sheetClose,
  sheetPdf,
  sheetReopen,
  sheetXlsx,
  staffSheet,
  teacherSheet,
  teacherSheets,
} from '@okuu/contracts/grading/sheets';
import { gradeScale, gradeScaleSave } from '@okuu/contracts/transcript/grade-scale';
import { studentTranscript } from '@okuu/contracts/transcript/transcript';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testChanges } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf.ts';
import { createGradingRepository } from './grading.repository.ts';
import { createGradingService } from './grading.service.ts';

let t: TestApp;
let teacher: string; // teacher1, teaches the demo group everything
let teacher2: string;
let student: string; // student1
let student2: string;
let staff: string;
const ids: Record<string, number> = {};

/** Whether sheet `s` (an alias) is for group `groupId`: the group's own, or a stream's it is in. */
const covers = (s: SQL, groupId: number | SQL) => sql`(${s}.group_id = ${groupId}
  or ${s}.stream_id in (select sg.stream_id from stream_groups sg where sg.group_id = ${groupId}))`;
const rows = async <T>(query: SQL) => ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async <T>(query: SQL) => (await rows<T>(query))[0] as T;

beforeAll(async () => {
  t = await createTestApp();
  [teacher, teacher2, student, student2, staff] = await Promise.all([
    t.signIn('teacher1'),
    t.signIn('teacher2'),
    t.signIn('student1'),
    t.signIn('student2'),
    t.sessionOf('staff1'),
  ]);
  for (const u of await rows<{ id: number; login: string }>(
    sql`select id, login from users where login in ('teacher1', 'teacher2', 'student1', 'student2', 'staff1')`,
  ))
    ids[u.login] = u.id;
  // teacher1 also takes the practice of two other groups, for sheets the tests may close without touching the demo's.
  await t.database.db.execute(sql`
    insert into teaching_assignments (academic_year_id, half_year_kind, semester_id, teacher_id, discipline_id,
                                      group_id, lesson_kind_id, credits)
    select academic_year_id, half_year_kind, semester_id, ${ids.teacher1}, discipline_id, group_id, lesson_kind_id, credits
      from teaching_assignments where group_id in (2, 3) and lesson_kind_id = 2`);
});
afterAll(() => t.close());

/**
 * A current sheet that nobody has written (made by the teacher's list): of the demo group (student1, student2), or of
 * another group teacher1 is given in beforeAll.
 */
async function emptySheet(demoGroup = true) {
  const list = (await t.call(teacherSheets, {}, { cookie: teacher })).body.data;
  const demo = new Set(
    (await rows<{ id: number }>(sql`select s.id from grading_sheets s where ${covers(sql`s`, 1)}`)).map((r) => r.id),
  );
  const empty = list.filter(
    (s) =>
      s.status === 'open' && s.kind === 'regular' && s.filled === 0 && s.students > 0 && demo.has(s.id) === demoGroup,
  );
  const sheet = empty[0];
  if (!sheet) throw new Error('no empty sheet');
  return sheet;
}

const save = (cookie: string, id: number, studentId: number, column: number, points: number | null, version: number) =>
  t.call(cellSave, { id, studentId, column, points, version }, { cookie });

describe('sum and scale', () => {
  it('sums the columns and grades the sum at every letter boundary', async () => {
    const scale = (await t.call(gradeScale, {}, { cookie: student })).body.data;
    const cols = [{ kind: 'module' as const, max: 100 }];
    for (const band of scale) {
      for (const p of [band.minPoints, band.maxPoints]) {
        const totals = rowTotals(cols, [p], 0, scale);
        expect(totals.letter, `${p} points`).toBe(band.letter);
        expect(totals.numeric).toBe(band.numeric);
      }
    }
    // 30 + 30 + 40 columns: 20 + 15 + 30 = 65 is C.
    const totals = rowTotals(defaultScheme.columns, [20, 15, 30], 30, scale);
    expect(totals).toMatchObject({ modules: 35, admitted: true, total: 65, letter: 'C', passed: true });
    // 49 is FX (fails), 50 is D (passes).
    expect(rowTotals(defaultScheme.columns, [20, 19, 10], 30, scale)).toMatchObject({ total: 49, passed: false });
    expect(rowTotals(defaultScheme.columns, [20, 20, 10], 30, scale)).toMatchObject({ total: 50, passed: true });
  });

  it('admits to the exam from the admission minimum; an exam below it does not count', async () => {
    const scale = (await t.call(gradeScale, {}, { cookie: student })).body.data;
    expect(rowTotals(defaultScheme.columns, [15, 14, 40], 30, scale)).toMatchObject({
      modules: 29,
      admitted: false,
      missingForAdmission: 1,
      total: 29,
    });
    expect(rowTotals(defaultScheme.columns, [15, 15, null], 30, scale)).toMatchObject({ admitted: true, total: 30 });
  });
});

describe('the sheet', () => {
  it("lists the teacher's sheets and keeps others out", async () => {
    const sheet = await emptySheet();
    const read = await t.call(teacherSheet, { id: sheet.id }, { cookie: teacher });
    expect(read.status).toBe(200);
    expect(read.body.data.columns).toEqual(defaultScheme.columns);
    expect(read.body.data.rows.length).toBe(sheet.students);
    expect(read.body.data.rows.some((r) => r.studentId === ids.student1)).toBe(true);
    expect(read.body.data.editable).toBe(true);
    // A student calling a teacher's sheet; a teacher calling a sheet not theirs.
    expect((await t.call(teacherSheet, { id: sheet.id }, { cookie: student })).status).toBe(403);
    const other = await t.call(teacherSheet, { id: sheet.id }, { cookie: teacher2 });
    expect(other.status).toBe(403);
    expect(other.body.error.code).toBe('forbidden');
    const write = await save(teacher2, sheet.id, ids.student1 as number, 0, 10, 0);
    expect(write.status).toBe(403);
    expect(await rows(sql`select 1 from grading_cells where sheet_id = ${sheet.id}`)).toEqual([]);
  });

  it('refuses points outside 0..the maximum, naming it, and the exam of a student not admitted', async () => {
    const sheet = await emptySheet();
    const s1 = ids.student1 as number;
    const over = await save(teacher, sheet.id, s1, 0, 31, 0);
    expect(over.status).toBe(400);
    expect(over.body.error.issues?.[0]).toMatchObject({ path: ['points'], rule: 'out_of_range', params: { max: 30 } });
    expect((await save(teacher, sheet.id, s1, 0, -1, 0)).status).toBe(400);
    const exam = await save(teacher, sheet.id, s1, 2, 20, 0);
    expect(exam.status).toBe(409);
    expect(exam.body.error.code).toBe('not_admitted');
    expect(await rows(sql`select 1 from grading_cells where sheet_id = ${sheet.id}`)).toEqual([]);
  });

  it('saves a cell with its version; a stale write gets 409 with the cell as it is', async () => {
    const sheet = await emptySheet();
    const s1 = ids.student1 as number;
    const first = await save(teacher, sheet.id, s1, 0, 25, 0);
    expect(first.status).toBe(200);
    expect(first.body.data.cell).toEqual({ points: 25, version: 1 });
    expect(first.body.data.totals).toMatchObject({ modules: 25, admitted: false, missingForAdmission: 5 });
    const stale = await save(teacher, sheet.id, s1, 0, 20, 0);
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('stale_cell');
    expect(stale.body.data).toEqual({ points: 25, version: 1 });
    const second = await save(teacher, sheet.id, s1, 0, 28, 1);
    expect(second.body.data.cell).toEqual({ points: 28, version: 2 });
    const cleared = await save(teacher, sheet.id, s1, 0, null, 2);
    expect(cleared.body.data.cell).toEqual({ points: null, version: 3 });
  });

  it('two teachers saving one cell in parallel: one wins, the other gets 409 and the winner’s value', async () => {
    const sheet = await emptySheet();
    // teacher2 teaches the discipline's practice to the group too.
    await t.database.db.execute(sql`
      insert into teaching_assignments (academic_year_id, half_year_kind, semester_id, teacher_id, discipline_id,
                                        group_id, lesson_kind_id, credits)
      select s.academic_year_id, s.half_year_kind, s.semester_id, ${ids.teacher2}, s.discipline_id, s.group_id, 2, s.credits
        from grading_sheets s where s.id = ${sheet.id}`);
    const s2 = ids.student2 as number;
    const [a, b] = await Promise.all([save(teacher, sheet.id, s2, 1, 11, 0), save(teacher2, sheet.id, s2, 1, 22, 0)]);
    const statuses = [a.status, b.status].sort();
    expect(statuses).toEqual([200, 409]);
    const winner = a.status === 200 ? a : b;
    const loser = a.status === 200 ? b : a;
    expect(loser.body.data).toEqual(winner.body.data.cell);
    const [cell] = await rows<{ points: number; version: number }>(
      sql`select points, version from grading_cells where sheet_id = ${sheet.id} and student_id = ${s2} and position = 1`,
    );
    expect(cell).toEqual(winner.body.data.cell);
    // The sheet is the same for both: the lecturer and the practice teacher.
    expect((await t.call(teacherSheet, { id: sheet.id }, { cookie: teacher2 })).status).toBe(200);
  });
});

describe('a sheet kept ready', () => {
  it('shows a cell saved on another instance, and the grades of a new scale at once', async () => {
    // A sheet of another group: the demo group's empty sheets are the other tests'.
    const sheet = await emptySheet(false);
    const second = await t.secondInstance();
    try {
      const read = async () => {
        const res = await second.app.inject({
          method: 'POST',
          url: teacherSheet.path,
          payload: { id: sheet.id },
          headers: { cookie: teacher },
        });
        return (res.json() as { data: GradingSheet }).data;
      };
      const s1 = (await read()).rows[0]?.studentId as number;
      const row = (data: GradingSheet) => data.rows.find((r) => r.studentId === s1);
      expect(row(await read())?.cells[0]).toEqual({ points: null, version: 0 });
      expect((await save(teacher, sheet.id, s1, 0, 30, 0)).status).toBe(200);
      await expect.poll(async () => row(await read())?.cells[0]).toEqual({ points: 30, version: 1 });

      // The scale is the transcript's: its change reaches the sheet kept ready here.
      const here = async () => row((await t.call(teacherSheet, { id: sheet.id }, { cookie: teacher })).body.data);
      const scale = (await t.call(gradeScale, {}, { cookie: student })).body.data;
      const band = scale.find((b) => b.minPoints <= 30 && 30 <= b.maxPoints);
      if (!band) throw new Error('the scale has no band for 30 points');
      expect((await here())?.totals.numeric).toBe(band.numeric);
      const moved = band.numeric >= 5 ? band.numeric - 0.01 : band.numeric + 0.01;
      const changed = scale.map((b) => (b === band ? { ...b, numeric: moved } : b));
      expect((await t.call(gradeScaleSave, { bands: changed }, { cookie: staff })).status).toBe(200);
      try {
        expect((await here())?.totals.numeric).toBe(moved);
      } finally {
        await t.call(gradeScaleSave, { bands: scale }, { cookie: staff });
      }
    } finally {
      await second.close();
    }
  });
});

describe('closing', () => {
  it('writes every student’s total into the transcript, locks the sheet (in the database too), reopens and re-closes', async () => {
    const sheet = await emptySheet();
    const s1 = ids.student1 as number;
    await save(teacher, sheet.id, s1, 0, 28, 0);
    await save(teacher, sheet.id, s1, 1, 27, 0);
    const exam = await save(teacher, sheet.id, s1, 2, 33, 0);
    expect(exam.body.data.totals).toMatchObject({ total: 88, letter: 'B+' });
    const lastEvent = await one<{ id: number }>(sql`select coalesce(max(id), 0)::int as id from change_events`);

    expect((await t.call(sheetClose, { id: sheet.id }, { cookie: teacher })).status).toBe(400); // no confirmation
    const closed = await t.call(sheetClose, { id: sheet.id, confirm: true }, { cookie: teacher });
    expect(closed.status).toBe(200);
    expect(closed.body.data.status).toBe('closed');
    expect(closed.body.data.editable).toBe(false);

    // Every student of the sheet has a result; student1's is 88, the empty ones 0.
    const results = await rows<{ studentId: number; points: number }>(sql`
      select f.student_id as "studentId", f.points from final_results f
       where f.discipline_id = ${sheet.discipline.id} and f.academic_year_id = ${sheet.year} and f.half_year_kind = ${sheet.ws}
         and f.student_id in (select sp.user_id from student_profiles sp, grading_sheets s
                               where s.id = ${sheet.id} and ${covers(sql`s`, sql`sp.group_id`)})`);
    expect(results.length).toBe(sheet.students);
    expect(results.find((r) => r.studentId === s1)?.points).toBe(88);
    expect(results.filter((r) => r.studentId !== s1).every((r) => r.points === 0)).toBe(true);
    const transcript = (await t.call(studentTranscript, {}, { cookie: student })).body.data;
    const row = transcript.years
      .flatMap((y) => y.semesters.flatMap((s) => s.rows))
      .find((r) => r.id_discipline === sheet.discipline.id);
    expect(row).toMatchObject({ points: 88, ekv_bukv: 'B+' });
    // The close is recorded for the readers of 'grades' (notifications).
    const [event] = await rows<{ topic: string; payload: { event: string; sheetId: number; students: number[] } }>(
      sql`select topic, payload from change_events where id > ${lastEvent.id} and topic = 'grades'`,
    );
    expect(event?.payload).toMatchObject({ event: 'closed', sheetId: sheet.id });
    expect(event?.payload.students).toContain(s1);
    // …and student1 hears of it in the portal (the notifications' reader works a moment later).
    await t.app.changes.caughtUp();
    const told = await rows<{ params: { event: string; sheetId: number } }>(
      sql`select params from notifications where person_id = ${s1} and kind = 'grade' and channel = 'app'`,
    );
    expect(told.map((n) => n.params)).toContainEqual({ event: 'closed', sheetId: sheet.id });

    // Closed: no write by the service, nor straight in the database.
    const refused = await save(teacher, sheet.id, s1, 0, 10, 1);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('sheet_closed');
    await expect(
      t.database.db.execute(sql`update grading_cells set points = 1 where sheet_id = ${sheet.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(
        sql`insert into grading_cells (sheet_id, student_id, position, points) values (${sheet.id}, ${ids.student2}, 0, 5)`,
      ),
    ).rejects.toThrow();
    expect((await t.call(sheetClose, { id: sheet.id, confirm: true }, { cookie: teacher })).body.error.code).toBe(
      'sheet_closed',
    );

    // Staff reopen with a reason, audited; a change is kept in the history with it; closing again rewrites.
    expect((await t.call(sheetReopen, { id: sheet.id, reason: 'x' }, { cookie: staff })).status).toBe(400);
    expect((await t.call(sheetReopen, { id: sheet.id, reason: 'Апелляция' }, { cookie: teacher })).status).toBe(403);
    const reopened = await t.call(sheetReopen, { id: sheet.id, reason: 'Апелляция студента' }, { cookie: staff });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.status).toBe('open');
    expect(reopened.body.data.events.map((e) => e.action)).toEqual(['close', 'reopen']);
    const [audit] = await rows<{ action: string; after: { reason: string } }>(
      sql`select action, after from audit_log where target_type = 'gradingSheet' and target_id = ${sheet.id}`,
    );
    expect(audit).toMatchObject({ action: 'grading.reopen', after: { reason: 'Апелляция студента' } });
    await t.app.changes.caughtUp();
    const toldReopened = await rows<{ n: number }>(
      sql`select count(*)::int as n from notifications where kind = 'grade' and channel = 'app'
            and params->>'event' = 'reopened' and (params->>'sheetId')::int = ${sheet.id}`,
    );
    expect(toldReopened[0]?.n).toBe(sheet.students);
    expect((await t.call(sheetReopen, { id: sheet.id, reason: 'again' }, { cookie: staff })).body.error.code).toBe(
      'sheet_open',
    );
    expect((await save(teacher, sheet.id, s1, 2, 40, 1)).status).toBe(200);
    const history = await rows(sql`select old_points as "old", new_points as "new", changed_by as "by", reason
      from grading_cell_history where sheet_id = ${sheet.id}`);
    expect(history).toEqual([{ old: 33, new: 40, by: ids.teacher1, reason: 'Апелляция студента' }]);
    await expect(t.database.db.execute(sql`delete from grading_cell_history`)).rejects.toThrow();
    expect((await t.call(sheetClose, { id: sheet.id, confirm: true }, { cookie: teacher })).status).toBe(200);
    const [again] = await rows<{ points: number }>(sql`select points from final_results where student_id = ${s1}
      and discipline_id = ${sheet.discipline.id} and academic_year_id = ${sheet.year} and half_year_kind = ${sheet.ws}`);
    expect(again?.points).toBe(95);

    // The staff's read shows it; the student sees their own points, never another's.
    expect((await t.call(staffSheet, { id: sheet.id }, { cookie: staff })).body.data.editable).toBe(false);
    const mine = (await t.call(myPoints, {}, { cookie: student })).body.data;
    expect(mine.find((d) => d.sheetId === sheet.id)).toMatchObject({ points: [28, 27, 40], totals: { total: 95 } });
    const theirs = (await t.call(myPoints, {}, { cookie: student2 })).body.data;
    expect(theirs.find((d) => d.sheetId === sheet.id)?.points).toEqual([null, null, null]);
  });

  it('writes the transcript in the same transaction: if that fails, the sheet stays open and nothing is written', async () => {
    const sheet = await emptySheet(false);
    const changes = testChanges(t.database);
    const service = createGradingService({
      repo: createGradingRepository(t.database.db, changes),
      halfYearOf: async () => ({ year: sheet.year, ws: sheet.ws, startsOn: '', endsOn: '' }),
      scale: async () => (await t.call(gradeScale, {}, { cookie: student })).body.data,
      recordResults: async () => {
        throw new Error('the transcript failed');
      },
      attendance: async () => [],
    });
    const user = { id: ids.teacher1 as number, role: 1 } as Parameters<typeof service.close>[0];
    await expect(service.close(user, sheet.id)).rejects.toThrow('the transcript failed');
    const [after] = await rows<{ status: string; results: number }>(sql`select status,
      (select count(*)::int from grading_results where sheet_id = ${sheet.id}) as results,
      (select count(*)::int from grading_sheet_events where sheet_id = ${sheet.id}) as events
      from grading_sheets where id = ${sheet.id}`);
    expect(after).toEqual({ status: 'open', results: 0, events: 0 });
  });
});

describe('retakes', () => {
  it('a retake sheet’s close replaces the failed result; the first sheet keeps its own', async () => {
    const sheet = await emptySheet();
    const s2 = ids.student2 as number;
    await save(teacher, sheet.id, s2, 0, 20, 0);
    await save(teacher, sheet.id, s2, 1, 15, 0);
    await t.call(sheetClose, { id: sheet.id, confirm: true }, { cookie: teacher });
    const resultOf = async () =>
      (
        await one<{ points: number }>(sql`select points from final_results where student_id = ${s2}
          and discipline_id = ${sheet.discipline.id} and academic_year_id = ${sheet.year} and half_year_kind = ${sheet.ws}`)
      ).points;
    expect(await resultOf()).toBe(35);

    expect((await t.call(retakeIssue, { id: sheet.id }, { cookie: teacher })).status).toBe(403);
    const issued = await t.call(retakeIssue, { id: sheet.id }, { cookie: staff });
    expect(issued.status).toBe(200);
    expect(issued.body.data).toMatchObject({ kind: 'retake', status: 'open' });
    // Every student below the pass mark is on it (all of them but none passed).
    expect(issued.body.data.students).toBe(sheet.students);
    const retake = issued.body.data.id;
    expect((await t.call(teacherSheets, {}, { cookie: teacher })).body.data.some((s) => s.id === retake)).toBe(true);
    await save(teacher, retake, s2, 0, 30, 0);
    await save(teacher, retake, s2, 1, 30, 0);
    await save(teacher, retake, s2, 2, 10, 0);
    expect((await t.call(sheetClose, { id: retake, confirm: true }, { cookie: teacher })).status).toBe(200);
    expect(await resultOf()).toBe(70);
    const kept = await one<{ points: number }>(
      sql`select points from grading_results where sheet_id = ${sheet.id} and student_id = ${s2}`,
    );
    expect(kept.points).toBe(35);
    // Re-closing the first sheet leaves the retake's result in the transcript.
    await t.call(sheetReopen, { id: sheet.id, reason: 'Исправление' }, { cookie: staff });
    await t.call(sheetClose, { id: sheet.id, confirm: true }, { cookie: teacher });
    expect(await resultOf()).toBe(70);
  });

  it('staff issue an individual sheet for one student of the sheet', async () => {
    const [closed] = await rows<{ id: number }>(
      sql`select id from grading_sheets where status = 'closed' and kind = 'regular' and group_id = 1
           order by academic_year_id, half_year_kind, id limit 1`,
    );
    const res = await t.call(retakeIssue, { id: closed?.id, studentId: ids.student1 }, { cookie: staff });
    expect(res.body.data).toMatchObject({ kind: 'individual', students: 1 });
    // Only that student hears of it.
    await t.app.changes.caughtUp();
    const told = await rows<{ p: number }>(
      sql`select person_id as p from notifications where kind = 'grade' and params->>'event' = 'issued'
            and (params->>'sheetId')::int = ${res.body.data.id} and channel = 'app'`,
    );
    expect(told.map((r) => r.p)).toEqual([ids.student1]);
    expect((await t.call(retakeIssue, { id: closed?.id, studentId: ids.teacher1 }, { cookie: staff })).status).toBe(
      400,
    );
  });
});

describe('control points', () => {
  it('staff set a discipline’s columns summing to 100; open sheets without points take them', async () => {
    const sheet = await emptySheet(false);
    const columns = [
      { kind: 'module', max: 20 },
      { kind: 'module', max: 20 },
      { kind: 'module', max: 20 },
      { kind: 'exam', max: 40 },
    ];
    const bad = await t.call(
      schemeSave,
      { disciplineId: sheet.discipline.id, columns: columns.slice(1), admissionMin: 30 },
      { cookie: staff },
    );
    expect(bad.status).toBe(400);
    const tooHigh = await t.call(
      schemeSave,
      { disciplineId: sheet.discipline.id, columns, admissionMin: 61 },
      { cookie: staff },
    );
    expect(tooHigh.status).toBe(400);
    const saved = await t.call(
      schemeSave,
      { disciplineId: sheet.discipline.id, columns, admissionMin: 36 },
      { cookie: staff },
    );
    expect(saved.body.data).toMatchObject({ columns, admissionMin: 36, isDefault: false });
    const read = (await t.call(teacherSheet, { id: sheet.id }, { cookie: teacher })).body.data;
    expect(read.columns).toEqual(columns);
    expect(read.admissionMin).toBe(36);
  });
});

describe('demo data', () => {
  it('has a closed earlier sheet in student1’s transcript and a retake', async () => {
    const [closed] = await rows<{ id: number; disciplineId: number; year: number; ws: number }>(sql`
      select id, discipline_id as "disciplineId", academic_year_id as year, half_year_kind as ws from grading_sheets
       where kind = 'regular' and status = 'closed' and created_by = ${ids.teacher1}
       order by academic_year_id, half_year_kind, id limit 1`);
    expect(closed).toBeDefined();
    const s1 = await one<{ points: number }>(sql`select points from grading_results
      where sheet_id = ${closed?.id} and student_id = ${ids.student1}`);
    const f1 = await one<{ points: number }>(sql`select points from final_results where student_id = ${ids.student1}
      and discipline_id = ${closed?.disciplineId} and academic_year_id = ${closed?.year} and half_year_kind = ${closed?.ws}`);
    expect(s1.points).toBe(f1.points);
    const retake = await one<{ studentId: number; points: number }>(sql`select r.student_id as "studentId", r.points
      from grading_sheets s join grading_results r on r.sheet_id = s.id where s.kind = 'retake' and s.parent_id = ${closed?.id}`);
    const f = await one<{ points: number }>(sql`select points from final_results where student_id = ${retake.studentId}
      and discipline_id = ${closed?.disciplineId} and academic_year_id = ${closed?.year} and half_year_kind = ${closed?.ws}`);
    expect(f.points).toBe(retake.points);
  });
});

describe('rating', () => {
  it('ranks by credit-weighted GPA, ties by points, from closed sheets only; a retake replaces the failed result', async () => {
    // Two closed sheets of one half-year for three students of a fresh group.
    const [hy] = await rows<{ year: number; ws: number }>(
      sql`select academic_year_id as year, kind as ws from half_years order by academic_year_id, kind limit 1`,
    );
    const group = await one<{ id: number; students: number[] }>(sql`
      select g.id, array_agg(sp.user_id order by sp.user_id) as students from groups g
        join student_profiles sp on sp.group_id = g.id where g.id = 4 group by g.id`);
    const [a, b, c] = group.students as [number, number, number];
    const sheet = async (
      disciplineId: number,
      credits: number,
      points: [number, number, number],
      kind = 'regular',
      parent: number | null = null,
      status = 'closed',
    ) => {
      const made = await one<{ id: number }>(sql`
        insert into grading_sheets (kind, academic_year_id, half_year_kind, semester_id, discipline_id, group_id, credits,
                                    columns, admission_min, parent_id)
        values (${kind}, ${hy?.year}, ${hy?.ws}, 1, ${disciplineId}, ${group.id}, ${credits},
                '[{"kind":"module","max":100}]'::jsonb, 0, ${parent}) returning id`);
      await t.database.db.execute(sql`insert into grading_results (sheet_id, student_id, points, credits)
        values (${made.id}, ${a}, ${points[0]}, ${credits}), (${made.id}, ${b}, ${points[1]}, ${credits}),
               (${made.id}, ${c}, ${points[2]}, ${credits})`);
      if (status === 'closed')
        await t.database.db.execute(
          sql`update grading_sheets set status = 'closed', closed_at = now() where id = ${made.id}`,
        );
      return made.id;
    };
    // GPA: a = (4 × 4.00 + 2 × 2.00) / 6 = 3.33; b = (4 × 3.00 + 2 × 3.67) / 6 = 3.22; c = (4 × 3.00 + 2 × 3.00) / 6 = 3.00.
    const first = await sheet(1, 4, [95, 80, 80]);
    await sheet(2, 2, [65, 90, 80]);
    // An open sheet never counts.
    await sheet(3, 5, [0, 0, 100], 'regular', null, 'open');
    const staffView = await t.call(
      staffRating,
      { scope: 'group', id: group.id, year: hy?.year, ws: hy?.ws },
      { cookie: staff },
    );
    expect(staffView.status).toBe(200);
    const byId = new Map(staffView.body.data.rows.map((r) => [r.studentId, r]));
    expect(byId.get(a)).toMatchObject({ gpa: 3.33, points: 160, credits: 6, place: 1 });
    expect(byId.get(b)).toMatchObject({ gpa: 3.22, points: 170, place: 2 });
    expect(byId.get(c)).toMatchObject({ gpa: 3, points: 160, place: 3 });
    await sheet(1, 4, [0, 0, 0], 'retake', first);
    // The retake replaced the first sheet's result for all three: now 0 points in discipline 1.
    const after = (
      await t.call(staffRating, { scope: 'group', id: group.id, year: hy?.year, ws: hy?.ws }, { cookie: staff })
    ).body.data.rows;
    expect(after.find((r) => r.studentId === a)).toMatchObject({ points: 65 + 0 });
    // The export has numbers as numbers.
    const xlsx = await t.app.inject({
      method: 'GET',
      url: staffRatingXlsx.path,
      query: { scope: 'group', id: String(group.id), year: String(hy?.year), ws: String(hy?.ws), lang: 'kg' },
      headers: { cookie: staff },
    });
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet1 = wb.worksheets[0];
    expect(sheet1?.getRow(5).getCell(1).value).toBe('Орун');
    expect(typeof sheet1?.getRow(6).getCell(6).value).toBe('number');
  });

  it("shows a student their own place and the spread, a teacher their groups', and keeps others out", async () => {
    const mine = await t.call(myRating, { scope: 'group', whole: true }, { cookie: student });
    expect(mine.status).toBe(200);
    expect(mine.body.data.place).toBeGreaterThanOrEqual(1);
    expect(mine.body.data.of).toBeGreaterThanOrEqual(mine.body.data.place as number);
    expect(mine.body.data.distribution.reduce((n, d) => n + d.count, 0)).toBe(mine.body.data.of);
    expect(JSON.stringify(mine.body.data)).not.toMatch(/studentId|name":"[^"]*\s/);
    const faculty = await t.call(myRating, { scope: 'faculty', whole: true }, { cookie: student });
    expect(faculty.body.data.scope).toBe('faculty');
    const teacherView = await t.call(teacherRating, { whole: true, groupId: 1 }, { cookie: teacher });
    expect(teacherView.status).toBe(200);
    expect(teacherView.body.data.groups.length).toBeGreaterThan(0);
    expect(teacherView.body.data.rating?.rows.some((r) => r.studentId === ids.student1)).toBe(true);
    const [notTheirs] = await rows<{ id: number }>(sql`select id from groups where id > 3 order by id limit 1`);
    expect((await t.call(teacherRating, { groupId: notTheirs?.id }, { cookie: teacher })).status).toBe(403);
    expect((await t.call(staffRating, { scope: 'group', id: 1 }, { cookie: teacher })).status).toBe(403);
    // Two students with the same GPA: more points first.
    const tied = (await t.call(staffRating, { scope: 'group', id: 1, whole: true }, { cookie: staff })).body.data.rows;
    for (let i = 1; i < tied.length; i++) {
      const [prev, cur] = [tied[i - 1], tied[i]] as [(typeof tied)[number], (typeof tied)[number]];
      expect(prev.gpa > cur.gpa || (prev.gpa === cur.gpa && prev.points >= cur.points)).toBe(true);
    }
  });
});

describe("a stream's sheet", () => {
  it('one sheet for all the groups of a stream a discipline is lectured to: its teachers share it, its students see it', async () => {
    // The demo university has no streams: groups 2 and 3 are made one, and a new discipline (none of whose sheets
    // exist) is lectured to it by teacher1 and practised in each group by its practice teacher of discipline 13.
    const { id: streamId } = await one<{ id: number }>(
      sql`insert into streams (name, name_kg, name_en) values ('Поток Т-1', 'Т-1 агымы', 'Stream T-1') returning id`,
    );
    await t.database.db.execute(
      sql`insert into stream_groups (stream_id, group_id) values (${streamId}, 2), (${streamId}, 3)`,
    );
    const { id: disciplineId } = await one<{
      id: number;
    }>(sql`insert into disciplines (code, department_id, name, name_kg, name_en)
      select 'T-STREAM', department_id, name || ' (поток)', name_kg, name_en from disciplines where id = 13 returning id`);
    await t.database.db.execute(sql`
      insert into teaching_assignments (academic_year_id, half_year_kind, semester_id, teacher_id, discipline_id,
                                        group_id, stream_id, lesson_kind_id, credits)
      select academic_year_id, half_year_kind, semester_id,
             case when group_id = 2 then ${ids.teacher1}::int else teacher_id end, ${disciplineId}::int,
             case when group_id = 2 then null else group_id end, case when group_id = 2 then ${streamId}::int end,
             case when group_id = 2 then 1 else 2 end, credits
        from teaching_assignments where discipline_id = 13 and lesson_kind_id = 2 and group_id in (2, 3)
         and teacher_id <> ${ids.teacher1}
      union all
      select academic_year_id, half_year_kind, semester_id, teacher_id, ${disciplineId}::int, group_id, null::int, 2,
             credits
        from teaching_assignments where discipline_id = 13 and lesson_kind_id = 2 and group_id = 2
         and teacher_id <> ${ids.teacher1}`);
    const list = (await t.call(teacherSheets, {}, { cookie: teacher })).body.data;
    const sheet = list.find((s) => s.kind === 'regular' && s.audience.kind === 'stream' && s.audience.id === streamId);
    if (!sheet) throw new Error(`no sheet of stream ${streamId}: ${JSON.stringify(list.map((s) => s.audience))}`);
    expect(sheet.audience).toMatchObject({ name: 'Поток Т-1', nameKg: 'Т-1 агымы', nameEn: 'Stream T-1' });

    // Its students are every group's of the stream, and no group of it has a sheet of its own for the discipline.
    const groups = (
      await rows<{ id: number }>(sql`select group_id as id from stream_groups where stream_id = ${streamId}`)
    ).map((r) => r.id);
    expect(groups.length).toBeGreaterThan(1);
    const students = await one<{ n: number }>(
      sql`select count(*)::int as n from student_profiles where group_id = any(${`{${groups.join(',')}}`}::int[])`,
    );
    expect(sheet.students).toBe(students.n);
    const own = await one<{ n: number }>(sql`select count(*)::int as n from grading_sheets
      where kind = 'regular' and discipline_id = ${sheet.discipline.id} and academic_year_id = ${sheet.year}
        and half_year_kind = ${sheet.ws} and group_id = any(${`{${groups.join(',')}}`}::int[])`);
    expect(own.n).toBe(0);

    // The practice teacher of another group of the stream sees and reads the very same sheet.
    const other = await one<{ login: string; groupId: number } | undefined>(sql`
      select u.login, a.group_id as "groupId" from teaching_assignments a join users u on u.id = a.teacher_id
       where a.discipline_id = ${disciplineId} and a.group_id = 3 and a.teacher_id <> ${ids.teacher1}`);
    if (!other) throw new Error('no practice teacher of another group of the stream');
    const practice = await t.signIn(other.login);
    const theirs = (await t.call(teacherSheets, {}, { cookie: practice })).body.data;
    expect(
      theirs.filter((s) => s.discipline.id === sheet.discipline.id && s.kind === 'regular').map((s) => s.id),
    ).toEqual([sheet.id]);
    const read = await t.call(teacherSheet, { id: sheet.id }, { cookie: practice });
    expect(read.status).toBe(200);
    expect(read.body.data?.rows.length).toBe(students.n);
    // Each row names its student's group, the rows by group.
    const names = (await rows<{ name: string }>(sql`select name from groups where id in (2, 3) order by name`)).map(
      (g) => g.name,
    );
    const rowGroups = read.body.data?.rows.map((r) => r.group) ?? [];
    expect([...new Set(rowGroups)]).toEqual(names);

    // A student of that group sees their points of it; the PDF names the stream.
    const [student] = await rows<{ login: string }>(sql`select u.login from users u
      join student_profiles sp on sp.user_id = u.id where sp.group_id = ${other.groupId} order by u.id limit 1`);
    const mine = (await t.call(myPoints, {}, { cookie: await t.sessionOf(student?.login as string) })).body.data;
    expect(mine.map((d) => d.sheetId)).toContain(sheet.id);
    const pdf = await t.app.inject({
      method: 'GET',
      url: sheetPdf.path,
      query: { id: String(sheet.id), lang: 'en' },
      headers: { cookie: teacher },
    });
    expect(pdf.statusCode).toBe(200);
    expect(await pdfText(pdf.rawPayload)).toMatch(/Stream\s+Stream T-1/);
  });
});

describe('documents', () => {
  it("prints a sheet as an A4 PDF in the reader's language, and as a workbook with numbers as numbers", async () => {
    const [closed] = await rows<{ id: number }>(
      sql`select id from grading_sheets where kind = 'regular' and status = 'closed' and group_id = 1
           order by academic_year_id, half_year_kind, id limit 1`,
    );
    const get = (path: string, cookie: string, lang = 'kg') =>
      t.app.inject({ method: 'GET', url: path, query: { id: String(closed?.id), lang }, headers: { cookie } });
    const pdf = await get(sheetPdf.path, teacher);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Экзамендик ведомость');
    expect(text).toContain('Окутуучунун колу');
    expect(text).toContain('Окуу университети');
    expect((await get(sheetPdf.path, staff)).statusCode).toBe(200);
    expect((await get(sheetPdf.path, student)).statusCode).toBe(403);
    expect((await get(sheetPdf.path, teacher2)).statusCode).toBe(403);

    const xlsx = await get(sheetXlsx.path, teacher, 'ru');
    expect(xlsx.statusCode).toBe(200);
    const ExcelJS = (await import('exceljs')).default;
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.worksheets[0];
    const header = sheet?.getRow(11);
    expect(header?.getCell(2).value).toBe('Ф. И. О. студента');
    const first = sheet?.getRow(12);
    expect(typeof first?.getCell(1).value).toBe('number');
    expect(typeof first?.getCell(7).value).toBe('number'); // the sum
  });
});
