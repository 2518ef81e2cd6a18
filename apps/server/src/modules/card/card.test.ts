import {
  cardMine,
  cardPerson,
  correctionLimits,
  correctionQueue,
  correctionSave,
  correctionStatus,
  correctionsMine,
} from '@okuu/contracts/card/card';
import { homeSummary } from '@okuu/contracts/home/summary';
import { importStart, importStatus } from '@okuu/contracts/staff/import';
import { personMove } from '@okuu/contracts/staff/people';
import { studentTranscript } from '@okuu/contracts/transcript/transcript';
import { workloadMine } from '@okuu/contracts/workload/workload';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

// A fixed clock inside the half-year the seeded timetable is for (the teacher's card shows this half-year's teaching).
let clock = new Date();
let t: TestApp;
let student: string;
let otherStudent: string;
let teacher: string;
let staff: string;
let studentId: number;
let otherId: number;
let teacherId: number;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const idOf = async (login: string) =>
  ((await rows<{ id: number }>(sql`select id from users where login = ${login}`))[0] as { id: number }).id;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' }, { now: () => clock });
  const [half] = await rows<{ startsOn: string }>(
    sql`select to_char(h.starts_on, 'YYYY-MM-DD') as "startsOn" from schedule_entries e
        join half_years h on h.academic_year_id = e.academic_year_id and h.kind = e.half_year_kind
        join users u on u.id = e.teacher_id and u.login = 'teacher1' order by e.id limit 1`,
  );
  if (!half) throw new Error('the demo timetable has no lesson of teacher1');
  clock = new Date(new Date(`${half.startsOn}T12:00:00+06:00`).getTime() + 30 * 86_400_000);
  [student, otherStudent, teacher, staff] = await Promise.all([
    t.signIn('student1'),
    t.signIn('student2'),
    t.signIn('teacher1'),
    t.sessionOf('staff1'),
  ]);
  [studentId, otherId, teacherId] = await Promise.all([idOf('student1'), idOf('student2'), idOf('teacher1')]);
});
afterAll(() => t.close());

describe('a student’s card', () => {
  it('holds their own record: study data, credits against the curriculum, registrations', async () => {
    const res = await t.call(cardMine, {}, { cookie: student });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const card = res.body.data;
    expect(card.person.id).toBe(studentId);
    expect(card.teacher).toBeNull();
    const s = card.student;
    if (!s) throw new Error('no student part');
    const [profile] = await rows<{ recordBook: string | null; group: string; admission: number }>(
      sql`select sp.record_book as "recordBook", g.name as "group", g.admission_year as admission
          from student_profiles sp join groups g on g.id = sp.group_id where sp.user_id = ${studentId}`,
    );
    expect(s.recordBook).toBe(profile?.recordBook);
    expect(s.group.name).toBe(profile?.group);
    // Earned: the transcript's passed results (numeric equivalent 1 or more), by semester and in total.
    const transcript = (await t.call(studentTranscript, {}, { cookie: student })).body.data;
    const passed = transcript.years
      .flatMap((y) => y.semesters)
      .flatMap((x) => x.rows)
      .filter((r) => r.ekv_num >= 1)
      .reduce((sum, r) => sum + r.kredits, 0);
    expect(s.credits.earned).toBe(passed);
    expect(s.credits.earned).toBe(s.credits.semesters.reduce((sum, x) => sum + x.earned, 0));
    // Planned: the speciality's curriculum without electives.
    const [plan] = await rows<{ total: number }>(
      sql`select coalesce(sum(c.credits), 0)::int as total from curriculum c
          join groups g on g.speciality_id = c.speciality_id join student_profiles sp on sp.group_id = g.id
          where sp.user_id = ${studentId} and not c.is_elective`,
    );
    expect(s.credits.planned).toBe(plan?.total);
    // The registrations of the half-year registration defaults to.
    const [regs] = await rows<{ n: number }>(
      sql`select count(*)::int as n from registrations where student_id = ${studentId}
          and academic_year_id = ${s.registrations?.id_a_year ?? 0} and half_year_kind = ${s.registrations?.ws ?? 0}`,
    );
    expect(s.registrations?.items.length).toBe(regs?.n);
  });

  it('is not open to another student, nor to a teacher: only staff open another’s card', async () => {
    for (const cookie of [student, otherStudent, teacher]) {
      const res = await t.call(cardPerson, { id: studentId }, { cookie });
      expect(res.status).toBe(403);
      expect(res.body.data).toBeNull();
    }
    // cardMine takes no id: whatever is sent, it is the caller's own.
    const mine = await t.call(cardMine, { id: studentId, uid: studentId }, { cookie: otherStudent });
    expect(mine.body.data.person.id).toBe(otherId);
    const asStaff = await t.call(cardPerson, { id: studentId }, { cookie: staff });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.data.student?.group).toEqual(
      (await t.call(cardMine, {}, { cookie: student })).body.data.student?.group,
    );
    // No card for a staff account or an id nobody has.
    expect((await t.call(cardPerson, { id: await idOf('staff1') }, { cookie: staff })).status).toBe(404);
    expect((await t.call(cardPerson, { id: 99_999_999 }, { cookie: staff })).status).toBe(404);
    expect((await t.call(cardMine, {}, { cookie: staff })).status).toBe(404);
  });

  it('shows a move staff made, with the groups before and after', async () => {
    const [groups] = await rows<{ from: number; fromName: string; to: number; toName: string }>(
      sql`select g.id as "from", g.name as "fromName", o.id as "to", o.name as "toName"
          from student_profiles sp join groups g on g.id = sp.group_id
          join groups o on o.id <> g.id where sp.user_id = ${otherId} order by o.id limit 1`,
    );
    if (!groups) throw new Error('no second group');
    expect((await t.call(personMove, { id: otherId, id_group: groups.to }, { cookie: staff })).status).toBe(200);
    const card = (await t.call(cardMine, {}, { cookie: otherStudent })).body.data;
    expect(card.student?.group.name).toBe(groups.toName);
    expect(card.student?.groups[0]).toMatchObject({ from: groups.fromName, to: groups.toName, source: 'staff' });
    // Moved back: both moves, newest first.
    expect((await t.call(personMove, { id: otherId, id_group: groups.from }, { cookie: staff })).status).toBe(200);
    const again = (await t.call(cardPerson, { id: otherId }, { cookie: staff })).body.data;
    expect(again.student?.groups.map((m) => [m.from, m.to])).toEqual([
      [groups.toName, groups.fromName],
      [groups.fromName, groups.toName],
    ]);
  });
  it('shows a move made by a data import of students', async () => {
    const [s] = await rows<{
      id: number;
      book: string;
      last: string;
      first: string;
      patronymic: string | null;
      to: string;
    }>(
      sql`select u.id, sp.record_book as book, u.last_name as last, u.first_name as first, u.patronymic,
            (select o.name from groups o where o.id <> sp.group_id order by o.id desc limit 1) as "to"
          from users u join student_profiles sp on sp.user_id = u.id
          where u.login = 'student4' and sp.record_book is not null`,
    );
    if (!s) throw new Error('student4 has no record book');
    const form = new FormData();
    form.append('kind', 'students');
    const line = [s.book, s.last, s.first, s.patronymic ?? '', s.to].join(',');
    form.append(
      'files',
      new Blob([`record_book,last_name,first_name,patronymic,group\r\n${line}\r\n`]),
      'students.csv',
    );
    const started = await t.app.inject({
      method: 'POST',
      url: importStart.path,
      payload: form,
      headers: { cookie: staff },
    });
    expect(started.statusCode, started.body).toBe(200);
    const job = started.json().data.job as string;
    for (let state = 'running'; state === 'running'; ) {
      await new Promise((r) => setTimeout(r, 50));
      state = (await t.call(importStatus, { job }, { cookie: staff })).body.data.state;
    }
    const card = (await t.call(cardPerson, { id: s.id }, { cookie: staff })).body.data;
    expect(card.student?.group.name).toBe(s.to);
    expect(card.student?.groups[0]).toMatchObject({ to: s.to, source: 'import' });
  });
});

describe('a teacher’s card', () => {
  it('lists what they teach this half-year, with the workload’s hours', async () => {
    const res = await t.call(cardMine, {}, { cookie: teacher });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const card = res.body.data;
    expect(card.student).toBeNull();
    const w = card.teacher?.workload;
    if (!w) throw new Error('no teaching in the half-year');
    const workload = (await t.call(workloadMine, {}, { cookie: teacher })).body.data;
    expect(w.teaching.length).toBeGreaterThan(0);
    expect(w.teaching).toEqual(
      workload.rows.map((r) => ({
        discipline: r.discipline,
        lessonKind: r.lessonKind,
        audience: r.audience,
        planned: r.planned,
        given: r.given,
      })),
    );
    expect(w.totals).toEqual({ planned: workload.totals.planned, given: workload.totals.given });
    const [position] = await rows<{ name: string }>(
      sql`select p.name from teacher_profiles tp join positions p on p.id = tp.position_id where tp.user_id = ${teacherId}`,
    );
    expect(card.teacher?.positions.map((p) => p.name)).toEqual([position?.name]);
    // Staff see the same card.
    expect((await t.call(cardPerson, { id: teacherId }, { cookie: staff })).body.data.teacher).toEqual(card.teacher);
  });
});

describe('correction requests', () => {
  it('go new → in progress → done, with the status and the staff’s comment shown to their author', async () => {
    const sent = await t.call(
      correctionSave,
      { topic: 'personal', text: '  Дата рождения указана неверно: 21.03.2005  ' },
      { cookie: student },
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = sent.body.data.id;
    expect(sent.body.data).toMatchObject({
      status: 'new',
      topic: 'personal',
      comment: null,
      person: { id: studentId },
    });
    expect(sent.body.data.text).toBe('Дата рождения указана неверно: 21.03.2005');

    // The author sees it; another student does not.
    expect((await t.call(correctionsMine, {}, { cookie: student })).body.data.items[0]).toMatchObject({
      id,
      status: 'new',
    });
    expect(
      (await t.call(correctionsMine, {}, { cookie: otherStudent })).body.data.items.map((c) => c.id),
    ).not.toContain(id);

    // Only staff move it.
    for (const cookie of [student, teacher]) {
      const res = await t.call(correctionStatus, { id, status: 'done', comment: '' }, { cookie });
      expect(res.status).toBe(403);
      expect((await t.call(correctionQueue, {}, { cookie })).status).toBe(403);
    }

    const queue = (await t.call(correctionQueue, { status: 'new' }, { cookie: staff })).body.data;
    expect(queue.items.map((c) => c.id)).toContain(id);
    expect(queue.counts.new).toBe(queue.total);
    const home = (await t.call(homeSummary, {}, { cookie: staff })).body.data;
    expect(home.cards.corrections?.new).toBe(queue.counts.new);

    const taken = await t.call(correctionStatus, { id, status: 'in_progress' }, { cookie: staff });
    expect(taken.status, JSON.stringify(taken.body)).toBe(200);
    expect((await t.call(correctionsMine, {}, { cookie: student })).body.data.items[0]?.status).toBe('in_progress');

    const done = await t.call(
      correctionStatus,
      { id, status: 'done', comment: 'Исправлено по паспорту' },
      { cookie: staff },
    );
    expect(done.body.data).toMatchObject({ status: 'done', comment: 'Исправлено по паспорту' });
    expect((await t.call(correctionsMine, {}, { cookie: student })).body.data.items[0]).toMatchObject({
      id,
      status: 'done',
      comment: 'Исправлено по паспорту',
    });

    // Each staff move is audited, before and after.
    const audit = await rows<{ before: { status: string }; after: { status: string } }>(
      sql`select before, after from audit_log where action = 'correction.status' and target_id = ${id} order by id`,
    );
    expect(audit.map((a) => [a.before.status, a.after.status])).toEqual([
      ['new', 'in_progress'],
      ['in_progress', 'done'],
    ]);

    // Done is final: another move is a conflict and changes nothing.
    const before = await databaseDigest(t);
    const again = await t.call(correctionStatus, { id, status: 'rejected', comment: 'Нет' }, { cookie: staff });
    expect(again.status).toBe(409);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('a rejection needs a comment; the author reads why', async () => {
    const id = (await t.call(correctionSave, { topic: 'teaching', text: 'Не веду эту группу' }, { cookie: teacher }))
      .body.data.id;
    const bare = await t.call(correctionStatus, { id, status: 'rejected', comment: ' ' }, { cookie: staff });
    expect(bare.status).toBe(400);
    const rejected = await t.call(
      correctionStatus,
      { id, status: 'rejected', comment: 'По приказу группа за вами' },
      { cookie: staff },
    );
    expect(rejected.status).toBe(200);
    expect((await t.call(correctionsMine, {}, { cookie: teacher })).body.data.items[0]).toMatchObject({
      id,
      status: 'rejected',
      comment: 'По приказу группа за вами',
    });
  });

  it('bad input gets a 400 (404 for an unknown request, 403 for staff’s own) and stores nothing', async () => {
    const before = await databaseDigest(t);
    const bad: Record<string, unknown>[] = [
      {},
      { topic: 'personal', text: '' },
      { topic: 'personal', text: '   ' },
      { topic: 'salary', text: 'x' },
      { topic: 'personal', text: 'x'.repeat(correctionLimits.textMax + 1) },
      { topic: 'personal', text: 42 },
      { topic: ['personal'], text: 'x' },
    ];
    for (const input of bad) {
      const res = await t.call(correctionSave, input, { cookie: student });
      expect(res.status, JSON.stringify(input)).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
    for (const input of [
      { id: 'x', status: 'done' },
      { id: 1, status: 'new' },
      { id: 1, status: 'archived' },
      { id: 1, status: 'done', comment: 'x'.repeat(correctionLimits.commentMax + 1) },
      { id: -1, status: 'done' },
    ]) {
      expect((await t.call(correctionStatus, input, { cookie: staff })).status, JSON.stringify(input)).toBe(400);
    }
    expect((await t.call(correctionQueue, { status: 'lost' }, { cookie: staff })).status).toBe(400);
    expect((await t.call(cardPerson, { id: 'abc' }, { cookie: staff })).status).toBe(400);
    expect((await t.call(correctionStatus, { id: 99_999_999, status: 'done' }, { cookie: staff })).status).toBe(404);
    expect((await t.call(correctionSave, { topic: 'other', text: 'Ошибка' }, { cookie: staff })).status).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
  });

  it(`refuses a person's request past ${correctionLimits.openPerPerson} open ones`, async () => {
    const cookie = await t.signIn('student3');
    for (let i = 0; i < correctionLimits.openPerPerson; i++) {
      expect((await t.call(correctionSave, { topic: 'other', text: `Ошибка ${i}` }, { cookie })).status).toBe(200);
    }
    const over = await t.call(correctionSave, { topic: 'other', text: 'Ещё одна' }, { cookie });
    expect(over.status).toBe(409);
    expect((await t.call(correctionsMine, {}, { cookie })).body.data.items).toHaveLength(
      correctionLimits.openPerPerson,
    );
  });
});
