import { chatContacts } from '@okuu/contracts/chat/contacts';
import { cellSave, myPoints, teacherSheets } from '@okuu/contracts/grading/sheets';
import { type HomeSummary, homeSummary } from '@okuu/contracts/home/summary';
import { studentJournal } from '@okuu/contracts/journal/journal';
import { newsData } from '@okuu/contracts/news/data';
import { paymentHistory } from '@okuu/contracts/payment/history';
import { staffPayments } from '@okuu/contracts/payment/staff';
import { qrStart } from '@okuu/contracts/qr/checkin';
import { questionnaireAnswer, questionnaireOpen } from '@okuu/contracts/questionnaire/answer';
import { questionnaireSave } from '@okuu/contracts/questionnaire/manage';
import { registrationList } from '@okuu/contracts/registration/reg-list';
import type { WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { scheduleStudent } from '@okuu/contracts/schedule/schedule';
import { addDays, mondayOf, runsInWeek, weekdayOf, weekOfHalfYear } from '@okuu/contracts/schedule/weeks';
import { orderList, orderQueue, orderSave, orderStatus } from '@okuu/contracts/single-window/orders';
import { questionSave, testingDisciplines } from '@okuu/contracts/testing/bank';
import { attemptStart, attemptSubmit, myTests } from '@okuu/contracts/testing/taking';
import { testSave } from '@okuu/contracts/testing/tests';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { lessonOnDay } from '../../../test/lesson-on-day.ts';

// A fixed clock, moved by each test, inside the half-year the seeded timetable is for (the template is seeded on the
// real date): never the real weekday or hour.
let clock = new Date();
let t: TestApp;
let student: string;
let teacher: string;
let staff: string;
let mondayLesson: number;
let half: { year: number; ws: number; startsOn: string; endsOn: string };

/** An instant on the university's wall clock (Asia/Bishkek, UTC+6 all year). */
const bishkek = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`);

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function summary(cookie: string): Promise<HomeSummary> {
  const res = await t.call(homeSummary, {}, { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The student's lessons of a date as the schedule screen shows them (the week's day, this week's parity). */
async function scheduleOf(date: string) {
  const week: WeekSchedule = (await t.call(scheduleStudent, {}, { cookie: student })).body.data;
  const parity = weekOfHalfYear(date, week.startsOn).parity;
  return (week.days[weekdayOf(date) - 1]?.lessons ?? []).filter((l) => runsInWeek(l.parity, parity));
}

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: 'error' }, { now: () => clock });
  const [found] = await rows<typeof half & { entryId: number }>(
    sql`select h.academic_year_id as year, h.kind as ws, to_char(h.starts_on, 'YYYY-MM-DD') as "startsOn",
          to_char(h.ends_on, 'YYYY-MM-DD') as "endsOn", e.id as "entryId"
        from schedule_entries e join half_years h on h.academic_year_id = e.academic_year_id
          and h.kind = e.half_year_kind
        join users tu on tu.id = e.teacher_id and tu.login = 'teacher1'
        join student_profiles sp on sp.group_id = e.group_id join users s on s.id = sp.user_id and s.login = 'student1'
        order by e.id limit 1`,
  );
  expect(found, "a lesson of teacher1 with student1's group").toBeDefined();
  const { entryId, ...period } = found as typeof half & { entryId: number };
  half = period;
  // Every Monday has a lesson of teacher1 with student1's group.
  mondayLesson = await lessonOnDay(t.database.db, entryId, 1);
  clock = bishkek(addDays(mondayOf(half.startsOn), 14), '07:00');
  [student, teacher, staff] = await Promise.all([t.signIn('student1'), t.signIn('teacher1'), t.sessionOf('staff1')]);
});

afterAll(async () => {
  await t?.close();
});

describe('lessons on a fixed clock (Asia/Bishkek)', () => {
  it('on a Monday morning the lesson in progress is "now", those before it done, the one after it next', async () => {
    const monday = addDays(mondayOf(half.startsOn), 14);
    clock = bishkek(monday, '07:00');
    const lessons = await scheduleOf(monday);
    expect(lessons.length).toBeGreaterThan(0);
    const on = lessons.at(-1) as (typeof lessons)[number];
    const [h, m] = on.start.split(':').map(Number) as [number, number];
    const during = `${String(h).padStart(2, '0')}:${String(m + 5).padStart(2, '0')}`;
    clock = bishkek(monday, during);
    const card = (await summary(student)).cards.lessons;
    expect(card?.date).toBe(monday);
    expect(card?.today).toBe(true);
    // Exactly the schedule screen's lessons of the day, in its order.
    expect(card?.items.map((l) => l.id)).toEqual(lessons.map((l) => l.id));
    expect(card?.items.at(-1)?.state).toBe('now');
    for (const l of card?.items.slice(0, -1) ?? []) expect(l.state).toBe('done');
    const shown = card?.items.at(-1);
    expect(shown?.room.number).toBe(on.room.number);
    expect(shown?.t_fio).toBe(on.t_fio);
    expect(shown?.lessonKind).toEqual(on.lessonKind);
    expect(shown?.checkin).toBeNull();

    // Before the first lesson it is next; the same instant in UTC (an hour earlier in Bishkek's terms) is not now.
    clock = bishkek(monday, '00:30');
    const early = (await summary(teacher)).cards.lessons;
    expect(early?.today).toBe(true);
    expect(early?.items[0]?.state).toBe('next');
    expect(early?.items.filter((l) => l.state === 'now')).toEqual([]);
  });

  it('on a Saturday without lessons it shows the next day that has some', async () => {
    const saturday = addDays(mondayOf(half.startsOn), 19);
    clock = bishkek(saturday, '10:00');
    const card = (await summary(student)).cards.lessons;
    let expected: { date: string; ids: number[] } | null = null;
    for (let d = 0; d < 14 && !expected; d++) {
      const date = addDays(saturday, d);
      const ids = (await scheduleOf(date)).map((l) => l.id);
      if (ids.length) expected = { date, ids };
    }
    expect(expected).not.toBeNull();
    expect(card?.date).toBe(expected?.date);
    expect(card?.today).toBe(expected?.date === saturday);
    expect(card?.items.map((l) => l.id)).toEqual(expected?.ids);
    if (!card?.today) {
      expect(card?.items[0]?.state).toBe('next');
      expect(card?.items.slice(1).every((l) => l.state === 'later')).toBe(true);
    }
  });

  it('on the last day of a half-year, after its lessons, nothing of its timetable is shown for the days after', async () => {
    clock = bishkek(half.endsOn, '23:00');
    const ended = new Set(
      (
        await rows<{ id: number }>(
          sql`select id from schedule_entries where academic_year_id = ${half.year} and half_year_kind = ${half.ws}`,
        )
      ).map((r) => r.id),
    );
    for (const cookie of [student, teacher]) {
      const card = (await summary(cookie)).cards.lessons;
      if (card) {
        expect(card.date > half.endsOn).toBe(true);
        expect(card.items.some((l) => ended.has(l.id))).toBe(false);
      }
    }
  });

  it("a teacher's check-in started from home shows as running on the teacher's and the student's home", async () => {
    const monday = addDays(mondayOf(half.startsOn), 28);
    clock = bishkek(monday, '07:00');
    const lesson = (await summary(teacher)).cards.lessons?.items.find((l) => l.id === mondayLesson);
    expect(lesson, 'the Monday lesson of teacher1 with student1').toBeDefined();
    if (!lesson) return;
    const [h, m] = lesson.start.split(':').map(Number) as [number, number];
    clock = bishkek(monday, `${String(h).padStart(2, '0')}:${String(m + 1).padStart(2, '0')}`);
    expect((await summary(teacher)).cards.lessons?.items.find((l) => l.id === lesson.id)?.checkin).toBeNull();
    const start = await t.call(qrStart, { id: lesson.id }, { cookie: teacher });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    // A start is not announced on the change path: home shows it once its few seconds have passed.
    clock = new Date(clock.getTime() + 6_000);
    const teacherCard = (await summary(teacher)).cards.lessons?.items.find((l) => l.id === lesson.id);
    expect(teacherCard?.state).toBe('now');
    expect(teacherCard?.checkin).toEqual({ running: true, checkedIn: null });
    const studentCard = (await summary(student)).cards.lessons?.items.find((l) => l.id === lesson.id);
    expect(studentCard?.checkin).toEqual({ running: true, checkedIn: false });
  });
});

describe("each role's cards, and only what their screens show them", () => {
  it('a student: lessons, actions, grades, unread, news; never the staff or teacher cards', async () => {
    clock = bishkek(addDays(mondayOf(half.startsOn), 15), '09:00');
    const s = await summary(student);
    for (const key of Object.keys(s.cards)) {
      expect(['lessons', 'actions', 'attendance', 'grades', 'unread', 'news']).toContain(key);
    }
    const news = (await t.call(newsData, { page: 1 }, { cookie: student })).body.data.items.slice(0, 3);
    expect(s.cards.news?.map((n) => n.id)).toEqual(news.map((n) => n.id_eventMessage));
    const payments = (await t.call(paymentHistory, {}, { cookie: student })).body.data;
    const open = payments.filter((p) => p.status === 'pending' || p.status === 'partial').map((p) => p.id);
    expect(
      (s.cards.actions ?? []).filter((a) => a.kind === 'payment').map((a) => a.kind === 'payment' && a.id),
    ).toEqual(open);
    const contacts = (await t.call(chatContacts, {}, { cookie: student })).body.data.contacts;
    for (const person of s.cards.unread?.people ?? []) {
      expect(contacts.find((c) => c.idid === person.id)?.countMessages).toBe(person.count);
    }
  });

  it('a teacher: no actions, orders, payments or audit', async () => {
    const s = await summary(teacher);
    for (const key of Object.keys(s.cards)) {
      expect(['lessons', 'journalGaps', 'gradingSheets', 'unread', 'news']).toContain(key);
    }
  });

  it("staff: the queue, today's payments and the audit log as their screens count them; no lessons or news", async () => {
    clock = bishkek(addDays(mondayOf(half.startsOn), 15), '09:00');
    const s = await summary(staff);
    for (const key of Object.keys(s.cards))
      expect(['orders', 'payments', 'audit', 'corrections', 'imports']).toContain(key);
    expect(s.cards.orders).toBeDefined();
    expect(s.cards.payments).toBeDefined();
    const queue = (await t.call(orderQueue, { status: 'waiting' }, { cookie: staff })).body.data;
    expect(s.cards.orders?.waiting).toBe(queue.counts.waiting);
    expect(s.cards.orders?.oldestWaitingSince).toBe(queue.items[0]?.created ?? null);
    const today = s.today;
    const day = (await t.call(staffPayments, { from: today, to: today, page: 1 }, { cookie: staff })).body.data;
    expect(s.cards.payments).toEqual({ count: day.total, paidTotal: day.paidTotal });
  });
});

describe("a student's registration window and absences, a teacher's journal gaps", () => {
  it('the registration window open shows what is still unchosen, as the registration screen lists it', async () => {
    clock = bishkek(addDays(mondayOf(half.startsOn), 15), '09:00');
    const found = (await t.call(registrationList, {}, { cookie: student })).body.data;
    if (!found?.window) return;
    // student1 holds every plan discipline: one of them is dropped, so that one is left to choose.
    const dropped = found.disciplines[0]?.id_discipline;
    if (dropped !== undefined) {
      await t.database.db.execute(
        sql`delete from registrations where student_id = (select id from users where login = 'student1')
              and academic_year_id = ${found.id_a_year} and half_year_kind = ${found.ws} and discipline_id = ${dropped}`,
      );
    }
    // Two hours before it closes: open, and closing within a day.
    clock = new Date(Date.parse(found.window.closesAt) - 2 * 3_600_000);
    const list = (await t.call(registrationList, {}, { cookie: student })).body.data;
    const unchosen = list.disciplines.filter((d) => d.registeredKinds.length === 0).map((d) => d.id_discipline);
    const action = (await summary(student)).cards.actions?.find((a) => a.kind === 'registration');
    expect(unchosen).toContain(dropped);
    if (!list.window?.open) {
      expect(action).toBeUndefined();
      return;
    }
    expect(action).toMatchObject({ kind: 'registration', closesAt: list.window.closesAt, closingSoon: true });
    expect(action?.kind === 'registration' && action.unchosen.map((d) => d.id_discipline)).toEqual(unchosen);
    // A week before, not closing soon.
    clock = new Date(Date.parse(found.window.closesAt) - 7 * 86_400_000);
    const earlier = (await summary(student)).cards.actions?.find((a) => a.kind === 'registration');
    if (earlier?.kind === 'registration') expect(earlier.closingSoon).toBe(false);
  });

  it("absences past the share (ATTENDANCE_WARNING_SHARE, 0.25) of a discipline's recorded lessons, as the journal counts them", async () => {
    clock = bishkek(addDays(mondayOf(half.startsOn), 15), '09:00');
    const journals = (await t.call(studentJournal, {}, { cookie: student })).body.data;
    const by = new Map<number, { absences: number; lessons: number }>();
    for (const j of journals) {
      const d = by.get(j.id_discipline) ?? { absences: 0, lessons: 0 };
      by.set(j.id_discipline, { absences: d.absences + j.absences, lessons: d.lessons + j.dates.length });
    }
    const expected = [...by]
      .filter(([, d]) => d.absences > 0 && d.absences / d.lessons > 0.25)
      .map(([id]) => id)
      .sort();
    const shown = (await summary(student)).cards.attendance ?? [];
    expect(shown.map((d) => d.id_discipline).sort()).toEqual(expected);
    for (const d of shown) expect(by.get(d.id_discipline)).toEqual({ absences: d.absences, lessons: d.lessons });
  });

  it("a teacher's lessons of the last two weeks with no journal entry on their day", async () => {
    const today = addDays(mondayOf(half.startsOn), 36);
    clock = bishkek(today, '23:00');
    // The Monday lesson of these tests goes unrecorded in the last two weeks.
    const [added] = await rows<{ disciplineId: number }>(
      sql`select discipline_id as "disciplineId" from schedule_entries where id = ${mondayLesson}`,
    );
    await t.database.db.execute(
      sql`delete from journal_lessons l using schedule_entries e where e.id = ${mondayLesson}
            and l.discipline_id = e.discipline_id and l.lesson_kind_id = e.lesson_kind_id
            and l.group_id is not distinct from e.group_id and l.subgroup_id is not distinct from e.subgroup_id
            and l.stream_id is not distinct from e.stream_id
            and l.visit_date between ${addDays(today, -14)}::date and ${today}::date`,
    );
    const gaps = (await summary(teacher)).cards.journalGaps ?? [];
    expect(gaps.length).toBeGreaterThan(0);
    for (const gap of gaps) {
      expect(gap.date >= addDays(today, -14) && gap.date <= today).toBe(true);
      const column = { group: 'group_id', subgroup: 'subgroup_id', stream: 'stream_id' }[gap.audience.kind];
      const recorded = await rows<{ n: number }>(
        sql`select count(*)::int as n from journal_lessons where discipline_id = ${gap.id_discipline}
              and lesson_kind_id = ${gap.id_vid_zaniatiy} and visit_date = ${gap.date}::date
              and ${sql.raw(column)} = ${gap.audience.id}`,
      );
      expect(recorded[0]?.n).toBe(0);
    }
    expect(gaps.some((g) => g.id_discipline === added?.disciplineId)).toBe(true);
  });
});

describe('grades', () => {
  it("a student's points of the last two weeks, as the grading screen sums them; a teacher's open sheets as the half-year ends", async () => {
    clock = bishkek(addDays(mondayOf(half.startsOn), 20), '09:00');
    const me = (await rows<{ id: number }>(sql`select id from users where login = 'student1'`))[0]?.id as number;
    const mine = (await t.call(myPoints, {}, { cookie: student })).body.data;
    // Points written now, on one discipline's sheet; the other open sheets' cells made long before (a closed sheet's
    // cells are locked).
    await t.database.db.execute(sql`update grading_cells set updated_at = ${new Date(clock.getTime() - 30 * 86_400_000).toISOString()}
      where student_id = ${me} and sheet_id in (select id from grading_sheets where status = 'open')`);
    const target = mine.find((d) => d.status === 'open');
    if (!target) throw new Error('student1 has no open sheet');
    const column = target.columns.findIndex((c) => c.kind === 'module');
    const wrote = await t.call(
      cellSave,
      { id: target.sheetId, studentId: me, column, points: 7, version: 0 },
      { cookie: teacher },
    );
    if (wrote.status === 409) {
      const current = wrote.body.data as unknown as { version: number };
      await t.call(
        cellSave,
        { id: target.sheetId, studentId: me, column, points: 7, version: current.version },
        { cookie: teacher },
      );
    }
    await t.database.db.execute(sql`update grading_cells set updated_at = ${clock.toISOString()}
      where student_id = ${me} and sheet_id = ${target.sheetId}`);
    clock = new Date(clock.getTime() + 6_000);
    const sums = (await t.call(myPoints, {}, { cookie: student })).body.data.find((d) => d.sheetId === target.sheetId);
    const grades = (await summary(student)).cards.grades ?? [];
    const since = new Date(clock.getTime() - 14 * 86_400_000).toISOString();
    const recent = await rows<{ id: number }>(sql`select distinct sheet_id as id from grading_cells
      where student_id = ${me} and points is not null and updated_at >= ${since}`);
    for (const g of grades) expect(recent.map((r) => r.id)).toContain(g.sheetId);
    expect(grades.find((g) => g.sheetId === target.sheetId)).toEqual({
      sheetId: target.sheetId,
      discipline: {
        id: target.discipline.id,
        name: target.discipline.name,
        nameKg: target.discipline.nameKg,
        nameEn: target.discipline.nameEn,
      },
      total: sums?.totals.total,
      letter: sums?.totals.letter,
      closed: false,
    });

    // Early in the half-year a teacher gets no sheets card; a week before its end, every sheet still open.
    expect((await summary(teacher)).cards.gradingSheets).toBeUndefined();
    clock = bishkek(addDays(half.endsOn, -7), '09:00');
    const open = (await t.call(teacherSheets, {}, { cookie: teacher })).body.data.filter((x) => x.status === 'open');
    const due = (await summary(teacher)).cards.gradingSheets ?? [];
    expect(due.map((x) => x.id).sort()).toEqual(open.map((x) => x.id).sort());
    expect(due[0]?.endsOn).toBe(half.endsOn);
    expect((await summary(student)).cards.gradingSheets).toBeUndefined();
  });
});

describe("a student's tests and questionnaires", () => {
  it('a test open now and a questionnaire waiting are actions, as the testing and questionnaire screens list them', async () => {
    clock = bishkek(addDays(mondayOf(half.startsOn), 16), '10:00');
    const local = (at: Date) => new Date(at.getTime() + 6 * 3_600_000).toISOString().slice(0, 16);
    const from = local(new Date(clock.getTime() - 3_600_000));
    const to = local(new Date(clock.getTime() + 3 * 3_600_000));
    // teacher1's test for student1's group, open now.
    const offered = (await t.call(testingDisciplines, {}, { cookie: teacher })).body.data;
    const [group] = await rows<{ id: number }>(
      sql`select group_id as id from student_profiles where user_id = (select id from users where login = 'student1')`,
    );
    const discipline = offered.find((d) => d.audiences.some((a) => a.kind === 'group' && a.id === group?.id));
    if (!discipline) throw new Error("teacher1 teaches no discipline to student1's group");
    const question = await t.call(
      questionSave,
      {
        id: -1,
        id_discipline: discipline.id_discipline,
        topic: '',
        kind: 'single',
        text: '2 + 2?',
        options: ['3', '4'],
        correct: [1],
      },
      { cookie: teacher },
    );
    const test = await t.call(
      testSave,
      {
        id: -1,
        id_discipline: discipline.id_discipline,
        title: 'Проверка на главной',
        audienceKind: 'group',
        audienceId: group?.id as number,
        questionIds: [question.body.data.id],
        timeLimit: 10,
        from,
        to,
      },
      { cookie: teacher },
    );
    expect(test.status, JSON.stringify(test.body)).toBe(200);
    // A questionnaire for all students, open now.
    const survey = await t.call(
      questionnaireSave,
      { id: -1, title: 'Библиотека', target: 'all', from, to, questions: [{ kind: 'scale', text: 'Удобно?' }] },
      { cookie: staff },
    );
    expect(survey.status, JSON.stringify(survey.body)).toBe(200);

    const actions = async () => (await summary(student)).cards.actions ?? [];
    // Kept a few seconds: a fresh summary after the clock moves on.
    clock = new Date(clock.getTime() + 6_000);
    const listed = (await t.call(myTests, {}, { cookie: student })).body.data.find((x) => x.id === test.body.data.id);
    expect(listed?.state).toBe('open');
    expect((await actions()).find((a) => a.kind === 'test' && a.id === test.body.data.id)).toMatchObject({
      title: 'Проверка на главной',
      closesAt: listed?.closesAt,
      inProgress: false,
    });
    const open = (await t.call(questionnaireOpen, {}, { cookie: student })).body.data;
    expect(open.some((x) => x.id === survey.body.data.id)).toBe(true);
    expect((await actions()).find((a) => a.kind === 'questionnaire' && a.id === survey.body.data.id)).toMatchObject({
      unanswered: 1,
    });
    // Answered, and the test's one attempt used: neither asks anything any more.
    const answered = await t.call(
      questionnaireAnswer,
      {
        id: survey.body.data.id,
        id_teacher: 0,
        id_discipline: 0,
        answers: [{ id_question: survey.body.data.questions[0]?.id as number, value: 4 }],
      },
      { cookie: student },
    );
    expect(answered.status, JSON.stringify(answered.body)).toBe(200);
    const attempt = (await t.call(attemptStart, { id: test.body.data.id }, { cookie: student })).body.data;
    expect((await t.call(attemptSubmit, { id: attempt.id }, { cookie: student })).status).toBe(200);
    clock = new Date(clock.getTime() + 6_000);
    const after = await actions();
    expect(after.some((a) => a.kind === 'test' && a.id === test.body.data.id)).toBe(false);
    expect(after.some((a) => a.kind === 'questionnaire' && a.id === survey.body.data.id)).toBe(false);
    // Never for a teacher.
    expect((await summary(teacher)).cards.actions).toBeUndefined();
  });
});

describe('kept a few seconds, dropped on the changes it shows', () => {
  it("a reference staff issue appears on the student's home at once", async () => {
    clock = new Date();
    const before = await summary(student);
    const placed = await t.call(
      orderSave,
      { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
      { cookie: student },
    );
    expect(placed.status).toBe(200);
    const id = placed.body.data.id_order;
    expect(before.cards.actions?.some((a) => a.kind === 'reference' && a.id_order === id)).toBeFalsy();
    expect((await t.call(orderStatus, { id_order: id, status: 'preparing' }, { cookie: staff })).status).toBe(200);
    expect((await t.call(orderStatus, { id_order: id, status: 'prepared' }, { cookie: staff })).status).toBe(200);
    const after = await summary(student);
    const shown = after.cards.actions?.find((a) => a.kind === 'reference' && a.id_order === id);
    const listed = (await t.call(orderList, {}, { cookie: student })).body.data.find((o) => o.id_order === id);
    expect(shown).toMatchObject({ kind: 'reference', documentUrl: listed?.documentUrl, issued: listed?.issued });
    // Another student's home never shows it.
    const other = await summary(await t.signIn('student2'));
    expect(other.cards.actions?.some((a) => a.kind === 'reference' && a.id_order === id)).toBeFalsy();
  });
});
