import { createHash } from 'node:crypto';
import { currentHalfYear, currentYear } from '@okuu/contracts/discipline/current';
import { calendarEnable, calendarFeed, calendarRevoke, calendarStatus } from '@okuu/contracts/schedule/calendar';
import { scheduleStudent, scheduleTeacher, type WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { addDays, weekOfHalfYear } from '@okuu/contracts/schedule/weeks';
import { eq, type SQL, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerName, signInAll } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { rooms, scheduleCalendarFeeds, scheduleEntries, timeSlots } from '../../db/schema/schedule.ts';
import { streamGroups, streams, subgroups, teachingAssignments } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';

let t: TestApp;
let cookies: Record<CallerName, string | undefined>;
const ids: Record<string, number> = {};
let year: number;
let ws: number;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signInAll(t);
  for (const u of await t.database.db.select({ id: users.id, login: users.login }).from(users)) ids[u.login] = u.id;
  year = (await t.call(currentYear, {}, { cookie: cookies.student })).body.data.year;
  ws = (await t.call(currentHalfYear, {}, { cookie: cookies.student })).body.data.ws;
});
afterAll(() => t.close());

const lessonIds = (week: WeekSchedule) => week.days.flatMap((d) => d.lessons.map((l) => l.id)).sort((a, b) => a - b);

describe('the demo timetable', () => {
  it('gives every group a full week that agrees with the teaching assignments', async () => {
    const perGroup = await rows<{ group_id: number; part_time: boolean; days: number; lessons: number }>(sql`
      select g.id as group_id, g.study_form = 'part_time' as part_time,
        count(distinct e.day_number)::int as days, count(e.id)::int as lessons
      from groups g left join schedule_audience_groups ag on ag.group_id = g.id
        left join schedule_entries e on e.id = ag.entry_id
      group by g.id`);
    expect(perGroup.length).toBeGreaterThan(0);
    for (const g of perGroup) {
      expect(g.days, `group ${g.group_id}`).toBeGreaterThanOrEqual(5);
      expect(g.lessons, `group ${g.group_id}`).toBeGreaterThanOrEqual(8);
    }
    // Every assignment of the current half-year with an audience is on the timetable (open registration sections,
    // with no group yet, are not); every entry is of that half-year.
    const [unscheduled] = await rows<{ n: number }>(sql`
      select count(*)::int as n from teaching_assignments ta
      where num_nonnulls(ta.group_id, ta.stream_id, ta.subgroup_id) > 0
        and not exists (select 1 from schedule_entries e where e.teaching_assignment_id = ta.id)`);
    expect(unscheduled?.n).toBe(0);
    const periods = await rows<{ y: number; k: number }>(
      sql`select distinct academic_year_id as y, half_year_kind as k from schedule_entries`,
    );
    expect(periods).toEqual([{ y: year, k: ws }]);
    // Full-time groups study in the day (slots 1–6) Monday to Friday; part-time groups in the evening.
    const [misplaced] = await rows<{ n: number }>(sql`
      select count(*)::int as n from schedule_audience_groups ag join groups g on g.id = ag.group_id
        join time_slots ts on ts.id = ag.time_slot_id
      where (g.study_form = 'full_time' and (ag.day_number > 5 or ts.number > 6))
         or (g.study_form = 'part_time' and ts.number < 5)`);
    expect(misplaced?.n).toBe(0);
  });

  it('has rooms around one campus in Bishkek, each with a check-in radius, and the bell schedule', async () => {
    const all = await t.database.db.select().from(rooms);
    expect(all.length).toBeGreaterThan(10);
    for (const r of all) {
      // Within about a kilometre of the centre of Bishkek.
      expect(Math.abs(r.latitude - 42.8765)).toBeLessThan(0.01);
      expect(Math.abs(r.longitude - 74.605)).toBeLessThan(0.01);
      expect(r.checkinRadiusM).toBeGreaterThanOrEqual(5);
      expect(r.capacity).toBeGreaterThan(0);
    }
    // No lesson has more people than its room holds.
    const [crowded] = await rows<{ n: number }>(sql`
      select count(*)::int as n from schedule_entries e join rooms r on r.id = e.room_id
      where r.capacity < (select count(*) from schedule_audience_groups ag
        join student_profiles sp on sp.group_id = ag.group_id
        where ag.entry_id = e.id
          and (ag.subgroup_id is null or sp.user_id in (select student_id from subgroup_members where subgroup_id = ag.subgroup_id)))`);
    expect(crowded?.n).toBe(0);
    const slots = await t.database.db.select().from(timeSlots).orderBy(timeSlots.number);
    expect(slots.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(slots[0]).toMatchObject({ startsAt: '08:00:00', endsAt: '09:20:00' });
    for (let i = 1; i < slots.length; i++) {
      expect((slots[i] as { startsAt: string }).startsAt > (slots[i - 1] as { endsAt: string }).endsAt).toBe(true);
    }
  });
});

describe('schedule/student and schedule/teacher', () => {
  it("gives a student their group's, their subgroups' and their streams' lessons, by day and slot", async () => {
    const res = await t.call(scheduleStudent, { year, ws, id: ids.student1 }, { cookie: cookies.student });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const week = res.body.data;
    expect(week).toMatchObject({ year, ws });
    expect(week.days.map((d) => d.day_number)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(week.timeSlots.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7]);

    // Worked out independently from the entries: the group's own, the group's streams', the student's subgroups'.
    const expected = await rows<{ id: number }>(sql`
      select e.id from schedule_entries e, student_profiles sp
      where sp.user_id = ${ids.student1} and e.academic_year_id = ${year} and e.half_year_kind = ${ws}
        and (e.group_id = sp.group_id
          or e.stream_id in (select stream_id from stream_groups where group_id = sp.group_id)
          or e.subgroup_id in (select subgroup_id from subgroup_members where student_id = sp.user_id))
      order by e.id`);
    expect(lessonIds(week)).toEqual(expected.map((r) => r.id));
    expect(expected.length).toBeGreaterThanOrEqual(8);

    for (const day of week.days) {
      const order = day.lessons.map((l) => l.number);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      for (const lesson of day.lessons) {
        expect(lesson.t_fio).toMatch(/\S+ \S+/);
        expect(lesson.room.number).toMatch(/^\d{3}$/);
        expect(lesson.room.building.shortName).toMatch(/^[АБВГ]$/);
        expect(lesson.groups.length).toBeGreaterThan(0);
        expect(['every', 'odd', 'even']).toContain(lesson.parity);
      }
    }
    // The demo group has subgroup lessons: each student sees only their own subgroup's (student1 is in the first
    // half of the group; a student of the second half sees the other half's).
    const [secondHalf] = await rows<{ login: string }>(sql`
      select u.login from subgroup_members sm join users u on u.id = sm.student_id
      where sm.subgroup_id = (select s.id from subgroups s, student_profiles sp
        where sp.user_id = ${ids.student1} and s.group_id = sp.group_id order by s.id desc limit 1)
      order by u.id limit 1`);
    const other = await t.call(scheduleStudent, {}, { cookie: await t.signIn(secondHalf?.login as string) });
    const mine = week.days.flatMap((d) => d.lessons).filter((l) => l.audience.kind === 'subgroup');
    const theirs = other.body.data.days.flatMap((d) => d.lessons).filter((l) => l.audience.kind === 'subgroup');
    expect(mine.length).toBeGreaterThan(0);
    expect(theirs.length).toBeGreaterThan(0);
    expect(new Set(mine.map((l) => l.audience.id))).not.toEqual(new Set(theirs.map((l) => l.audience.id)));
  });

  it("gives a teacher exactly their lessons, each with its groups and room; today's half-year by default", async () => {
    const res = await t.call(scheduleTeacher, {}, { cookie: cookies.teacher });
    expect(res.status).toBe(200);
    const expected = await rows<{ id: number }>(sql`
      select id from schedule_entries where teacher_id = ${ids.teacher1}
        and academic_year_id = ${year} and half_year_kind = ${ws} order by id`);
    expect(lessonIds(res.body.data)).toEqual(expected.map((r) => r.id));
    const lessons = res.body.data.days.flatMap((d) => d.lessons);
    expect(lessons.every((l) => l.id_teacher === ids.teacher1)).toBe(true);
    expect(lessons.some((l) => l.groups.some((g) => g.id_group === 1))).toBe(true);
  });

  it("refuses another user's id with 403, for students and teachers alike", async () => {
    for (const [caller, endpoint, own, other] of [
      ['student', scheduleStudent, 'student1', 'student2'],
      ['otherStudent', scheduleStudent, 'student2', 'student1'],
      ['teacher', scheduleTeacher, 'teacher1', 'teacher2'],
      ['otherTeacher', scheduleTeacher, 'teacher2', 'teacher1'],
    ] as const) {
      const cookie = cookies[caller];
      expect((await t.call(endpoint, { id: ids[own] }, { cookie })).status, caller).toBe(200);
      const refused = await t.call(endpoint, { id: ids[other] }, { cookie });
      expect(refused.status, caller).toBe(403);
      expect(refused.body).toMatchObject({ result: 1, data: null, error: { code: 'forbidden' } });
    }
  });

  it('lets each role use only its own schedule call; anonymous callers get 401', async () => {
    const cases: [CallerName, number, number][] = [
      ['student', 200, 403],
      ['otherStudent', 200, 403],
      ['teacher', 403, 200],
      ['otherTeacher', 403, 200],
      ['staff', 403, 403],
      ['anonymous', 401, 401],
    ];
    for (const [caller, student, teacher] of cases) {
      const cookie = cookies[caller];
      expect((await t.call(scheduleStudent, {}, { cookie })).status, caller).toBe(student);
      expect((await t.call(scheduleTeacher, {}, { cookie })).status, caller).toBe(teacher);
    }
  });

  it('answers another half-year of the calendar (empty here), 404 for one it does not have, 400 for bad input', async () => {
    const other = await t.call(scheduleStudent, { year: year - 1, ws: 1 }, { cookie: cookies.student });
    expect(other.status).toBe(200);
    expect(other.body.data.days.every((d) => d.lessons.length === 0)).toBe(true);
    const missing = await t.call(scheduleStudent, { year: 1995, ws: 1 }, { cookie: cookies.student });
    expect(missing.status).toBe(404);
    for (const bad of [{ ws: 4 }, { ws: 0 }, { year: 'next' }, { id: -1 }, { id: 'me' }]) {
      const res = await t.call(scheduleStudent, bad, { cookie: cookies.student });
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
  });

  it('counts weeks from the week the half-year starts in: week 1 is odd (numerator)', () => {
    // 1 September 2026 is a Tuesday: its week runs from Monday 31 August.
    expect(weekOfHalfYear('2026-09-01', '2026-09-01')).toEqual({ number: 1, parity: 'odd' });
    expect(weekOfHalfYear('2026-08-31', '2026-09-01')).toEqual({ number: 1, parity: 'odd' });
    expect(weekOfHalfYear('2026-09-06', '2026-09-01')).toEqual({ number: 1, parity: 'odd' });
    expect(weekOfHalfYear('2026-09-07', '2026-09-01')).toEqual({ number: 2, parity: 'even' });
    expect(weekOfHalfYear('2026-11-25', '2026-09-01')).toEqual({ number: 13, parity: 'odd' });
    expect(weekOfHalfYear('2027-01-31', '2026-09-01')).toEqual({ number: 22, parity: 'even' });
  });
});

/** The error a query failed with: its SQLSTATE and constraint (both engines report them alike). */
async function failure(query: Promise<unknown>): Promise<{ code: string; constraint?: string } | null> {
  try {
    await query;
    return null;
  } catch (err) {
    const cause = ((err as { cause?: unknown }).cause ?? err) as { code: string; constraint?: string };
    return { code: cause.code, constraint: cause.constraint };
  }
}

describe('the database refuses double bookings', () => {
  // A half-year of its own (the fall of the year before), with assignments made here.
  let y: number;
  const a: Record<string, typeof teachingAssignments.$inferSelect> = {};
  const room: number[] = [];
  let group1: number;
  let group2: number;
  let group3: number;
  let sub1: number;
  let sub2: number;
  let stream: number;

  beforeAll(async () => {
    y = year - 1;
    const db = t.database.db;
    const someGroups = await rows<{ id: number }>(sql`select id from groups order by id limit 3`);
    [group1, group2, group3] = someGroups.map((g) => g.id) as [number, number, number];
    const halves = await db.select().from(subgroups).where(eq(subgroups.groupId, group1)).orderBy(subgroups.id);
    [sub1, sub2] = halves.map((s) => s.id) as [number, number];
    const [s] = await db.insert(streams).values({ name: 'Поток для проверки' }).returning();
    stream = (s as { id: number }).id;
    await db.insert(streamGroups).values([
      { streamId: stream, groupId: group1 },
      { streamId: stream, groupId: group2 },
    ]);
    const assign = async (
      name: string,
      teacher: string,
      lessonKindId: number,
      audience: { groupId?: number; streamId?: number; subgroupId?: number },
    ) => {
      const [row] = await db
        .insert(teachingAssignments)
        .values({
          academicYearId: y,
          halfYearKind: 1,
          semesterId: 1,
          teacherId: ids[teacher] as number,
          disciplineId: 1 + (Object.keys(a).length % 5),
          lessonKindId,
          credits: 4,
          ...audience,
        })
        .returning();
      a[name] = row as typeof teachingAssignments.$inferSelect;
    };
    await assign('t1g1', 'teacher1', 2, { groupId: group1 });
    await assign('t1g2', 'teacher1', 2, { groupId: group2 });
    await assign('t2g1', 'teacher2', 2, { groupId: group1 });
    await assign('t3stream', 'teacher3', 1, { streamId: stream });
    await assign('t4lab', 'teacher4', 3, { groupId: group1 });
    await assign('t5lab', 'teacher5', 3, { groupId: group1 });
    await assign('t6g2', 'teacher6', 2, { groupId: group2 });
    await assign('t7g3', 'teacher7', 2, { groupId: group3 });
    room.push(
      ...(await rows<{ id: number }>(sql`select id from rooms order by capacity desc, id limit 4`)).map((r) => r.id),
    );
  });

  const entry = (
    name: string,
    day: number,
    slot: number,
    parity: 'every' | 'odd' | 'even',
    roomIndex: number,
    audience: { groupId?: number; subgroupId?: number; streamId?: number } = {},
  ) => {
    const assignment = a[name] as typeof teachingAssignments.$inferSelect;
    return t.database.db.insert(scheduleEntries).values({
      teachingAssignmentId: assignment.id,
      academicYearId: assignment.academicYearId,
      halfYearKind: assignment.halfYearKind,
      teacherId: assignment.teacherId,
      disciplineId: assignment.disciplineId,
      lessonKindId: assignment.lessonKindId,
      ...(Object.keys(audience).length
        ? audience
        : assignment.streamId
          ? { streamId: assignment.streamId }
          : { groupId: assignment.groupId as number }),
      dayNumber: day,
      timeSlotId: slot,
      weekParity: parity,
      roomId: room[roomIndex] as number,
    });
  };

  it('a teacher: every week meets odd and even weeks; odd and even weeks do not meet', async () => {
    expect(await failure(entry('t1g1', 1, 1, 'every', 0))).toBeNull();
    for (const parity of ['every', 'odd', 'even'] as const) {
      expect(await failure(entry('t1g2', 1, 1, parity, 1))).toEqual({
        code: '23P01',
        constraint: 'schedule_entries_teacher_free',
      });
    }
    expect(await failure(entry('t1g1', 1, 2, 'odd', 0))).toBeNull();
    expect(await failure(entry('t1g2', 1, 2, 'even', 1))).toBeNull();
    expect(await failure(entry('t1g2', 1, 2, 'every', 2))).toMatchObject({
      constraint: 'schedule_entries_teacher_free',
    });
    expect(await failure(entry('t1g2', 1, 2, 'odd', 2))).toMatchObject({ constraint: 'schedule_entries_teacher_free' });
    // Another day or slot is free.
    expect(await failure(entry('t1g2', 2, 1, 'every', 1))).toBeNull();
  });

  it('a room', async () => {
    expect(await failure(entry('t6g2', 1, 3, 'every', 0))).toBeNull();
    expect(await failure(entry('t7g3', 1, 3, 'odd', 0))).toEqual({
      code: '23P01',
      constraint: 'schedule_entries_room_free',
    });
    expect(await failure(entry('t7g3', 1, 3, 'odd', 1))).toBeNull();
  });

  it('an audience: a group, its stream and its subgroups', async () => {
    expect(await failure(entry('t1g1', 3, 1, 'every', 0))).toBeNull();
    // Another teacher with the same group, in another room.
    expect(await failure(entry('t2g1', 3, 1, 'even', 1))).toEqual({
      code: '23P01',
      constraint: 'schedule_audience_free',
    });
    // A lecture of a stream the group is in.
    expect(await failure(entry('t3stream', 3, 1, 'odd', 2))).toMatchObject({ constraint: 'schedule_audience_free' });
    // Its subgroups may have laboratories at the same time, in two rooms, with two teachers...
    expect(await failure(entry('t4lab', 3, 2, 'every', 0, { subgroupId: sub1 }))).toBeNull();
    expect(await failure(entry('t5lab', 3, 2, 'every', 1, { subgroupId: sub2 }))).toBeNull();
    // ...but then neither the whole group nor one of those subgroups again.
    expect(await failure(entry('t2g1', 3, 2, 'odd', 2))).toMatchObject({ constraint: 'schedule_audience_free' });
    expect(await failure(entry('t2g1', 3, 2, 'odd', 2, { subgroupId: sub1 }))).toMatchObject({
      constraint: 'schedule_audience_free',
    });
    // A subgroup's odd weeks leave its even weeks free.
    expect(await failure(entry('t4lab', 3, 3, 'odd', 0, { subgroupId: sub1 }))).toBeNull();
    expect(await failure(entry('t5lab', 3, 3, 'even', 0, { subgroupId: sub1 }))).toBeNull();
    // A stream's lecture reaches each of its groups.
    expect(await failure(entry('t3stream', 3, 4, 'every', 3))).toBeNull();
    expect(await failure(entry('t6g2', 3, 4, 'every', 1))).toMatchObject({ constraint: 'schedule_audience_free' });
  });

  it("follows a stream's membership: a busy group cannot join, a leaving group is freed", async () => {
    expect(await failure(entry('t3stream', 4, 1, 'every', 0))).toBeNull();
    expect(await failure(entry('t7g3', 4, 1, 'every', 1))).toBeNull();
    expect(
      await failure(t.database.db.insert(streamGroups).values({ streamId: stream, groupId: group3 })),
    ).toMatchObject({ code: '23P01', constraint: 'schedule_audience_free' });
    // group2 leaves the stream: its lessons of the stream go, and the slot is free for it.
    await t.database.db
      .delete(streamGroups)
      .where(sql`${streamGroups.streamId} = ${stream} and ${streamGroups.groupId} = ${group2}`);
    expect(await failure(entry('t6g2', 4, 1, 'every', 2))).toBeNull();
    const reached = await rows<{ group_id: number }>(sql`
      select ag.group_id from schedule_audience_groups ag join schedule_entries e on e.id = ag.entry_id
      where e.stream_id = ${stream} and e.day_number = 4 and e.time_slot_id = 1`);
    expect(reached.map((r) => r.group_id)).toEqual([group1]);
  });

  it("keeps an entry's teacher, discipline, lesson kind and audience those of its assignment", async () => {
    // Another group than the assignment's: refused.
    expect(await failure(entry('t1g1', 5, 1, 'every', 0, { groupId: group2 }))).toEqual({
      code: '23514',
      constraint: 'schedule_entries_assignment_audience',
    });
    // A subgroup of the assignment's group: allowed (a group's laboratory split between its halves).
    expect(await failure(entry('t1g1', 5, 1, 'odd', 0, { subgroupId: sub1 }))).toBeNull();
    // A teacher other than the assignment's: refused by the composite foreign key.
    const assignment = a.t1g1 as typeof teachingAssignments.$inferSelect;
    const wrongTeacher = t.database.db.insert(scheduleEntries).values({
      teachingAssignmentId: assignment.id,
      academicYearId: y,
      halfYearKind: 1,
      teacherId: ids.teacher2 as number,
      disciplineId: assignment.disciplineId,
      lessonKindId: assignment.lessonKindId,
      groupId: group1,
      dayNumber: 5,
      timeSlotId: 2,
      roomId: room[0] as number,
    });
    expect(await failure(wrongTeacher)).toEqual({ code: '23503', constraint: 'schedule_entries_assignment_fk' });
    // Two audiences, a day 8 or an unknown parity: refused by checks.
    expect(await failure(entry('t1g1', 5, 3, 'every', 0, { groupId: group1, subgroupId: sub1 }))).toMatchObject({
      code: '23514',
      constraint: 'schedule_entries_audience_check',
    });
    expect(await failure(entry('t1g1', 8, 3, 'every', 0))).toMatchObject({ constraint: 'schedule_entries_day_check' });
    expect(await failure(entry('t1g1', 5, 3, 'weekly' as 'every', 0))).toMatchObject({
      constraint: 'schedule_entries_parity_check',
    });
  });

  it("follows a change of an assignment's teacher, and refuses one that would double-book the new teacher", async () => {
    const assignment = a.t7g3 as typeof teachingAssignments.$inferSelect;
    await t.database.db
      .update(teachingAssignments)
      .set({ teacherId: ids.teacher8 as number })
      .where(eq(teachingAssignments.id, assignment.id));
    const moved = await rows<{ teacher_id: number }>(
      sql`select distinct teacher_id from schedule_entries where teaching_assignment_id = ${assignment.id}`,
    );
    expect(moved).toEqual([{ teacher_id: ids.teacher8 }]);
    // teacher1 gives a lesson on Monday, slot 1, every week, as t7g3 does (Monday slot 3 and Thursday slot 1).
    expect(await failure(entry('t1g1', 1, 3, 'odd', 3))).toBeNull();
    const clash = t.database.db
      .update(teachingAssignments)
      .set({ teacherId: ids.teacher1 as number })
      .where(eq(teachingAssignments.id, assignment.id));
    expect(await failure(clash)).toMatchObject({ code: '23P01', constraint: 'schedule_entries_teacher_free' });
  });

  it('holds under concurrent writers (PostgreSQL): of two clashing bookings one commits', async () => {
    if (t.database.engine !== 'postgres') return;
    const book = (roomIndex: number, hold: Promise<void>) =>
      t.database.db.transaction(async (tx) => {
        const assignment = a.t2g1 as typeof teachingAssignments.$inferSelect;
        await tx.insert(scheduleEntries).values({
          teachingAssignmentId: assignment.id,
          academicYearId: y,
          halfYearKind: 1,
          teacherId: assignment.teacherId,
          disciplineId: assignment.disciplineId,
          lessonKindId: assignment.lessonKindId,
          groupId: group1,
          dayNumber: 6,
          timeSlotId: 1,
          roomId: room[roomIndex] as number,
        });
        await hold;
      });
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const first = book(0, held);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = book(1, Promise.resolve());
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    const outcomes = await Promise.allSettled([first, second]);
    // One commits and the other is refused, whichever reached the database first (a busy machine may swap them).
    expect(outcomes.map((o) => o.status).sort()).toEqual(['fulfilled', 'rejected']);
    const [count] = await rows<{ n: number }>(
      sql`select count(*)::int as n from schedule_entries where academic_year_id = ${y} and day_number = 6`,
    );
    expect(count?.n).toBe(1);
  });
});

describe('calendar subscription', () => {
  const feed = (query: string) => t.app.inject({ method: 'GET', url: `${calendarFeed.path}?${query}` });

  it('is off at first; turned on it gives a secret address whose hash alone is stored', async () => {
    const cookie = cookies.student;
    expect((await t.call(calendarStatus, {}, { cookie })).body.data).toEqual({ enabled: false, createdAt: null });
    const on = await t.call(calendarEnable, {}, { cookie });
    expect(on.status).toBe(200);
    const token = new URL(on.body.data.url, 'http://x').searchParams.get('token') as string;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [stored] = await t.database.db
      .select()
      .from(scheduleCalendarFeeds)
      .where(eq(scheduleCalendarFeeds.userId, ids.student1 as number));
    expect(Buffer.from(stored?.tokenHash ?? []).equals(createHash('sha256').update(token).digest())).toBe(true);
    expect((await t.call(calendarStatus, {}, { cookie })).body.data).toMatchObject({ enabled: true });
  });

  it("serves the student's lessons as recurring events: a known Monday lesson starts at its time in UTC", async () => {
    const cookie = cookies.student;
    const on = await t.call(calendarEnable, {}, { cookie });
    const res = await t.app.inject({ method: 'GET', url: on.body.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');

    const week = (await t.call(scheduleStudent, {}, { cookie })).body.data;
    const events = new ICAL.Component(ICAL.parse(res.body))
      .getAllSubcomponents('vevent')
      .map((v) => ({ event: new ICAL.Event(v), rrule: v.getFirstPropertyValue('rrule') as ICAL.Recur }));
    expect(events.length).toBe(lessonIds(week).length);

    // The first lesson on Monday of the demo group: slot 1, 08:00 in Bishkek, which is 02:00 UTC.
    const monday = (week.days[0] as WeekSchedule['days'][number]).lessons[0];
    expect(monday).toMatchObject({ number: 1, start: '08:00', end: '09:20' });
    const known = events.find(({ event }) => event.uid.startsWith(`schedule-${monday?.id}-`));
    expect(known).toBeDefined();
    // Its first day: the first Monday of the half-year in a week of its parity.
    let first = week.startsOn;
    while (
      new Date(`${first}T00:00:00Z`).getUTCDay() !== 1 ||
      (monday?.parity !== 'every' && weekOfHalfYear(first, week.startsOn).parity !== monday?.parity)
    ) {
      first = addDays(first, 1);
    }
    expect(known?.event.startDate.toJSDate().toISOString()).toBe(`${first}T02:00:00.000Z`);
    expect(known?.event.endDate.toJSDate().toISOString()).toBe(`${first}T03:20:00.000Z`);
    expect(known?.rrule.freq).toBe('WEEKLY');
    expect(known?.rrule.interval).toBe(monday?.parity === 'every' ? 1 : 2);
    expect(known?.rrule.until?.toJSDate().toISOString()).toBe(`${week.endsOn}T17:59:00.000Z`);
    expect(known?.event.location).toContain(`${monday?.room.building.shortName}-${monday?.room.number}`);
    expect(known?.event.summary).toContain(monday?.discipline.name);
    // The description names the audience by what it is, and the room as the room.
    const audience = { group: 'Группа', subgroup: 'Подгруппа', stream: 'Поток' }[monday?.audience.kind ?? 'group'];
    expect(known?.event.description.split('\n')).toEqual([
      `Преподаватель: ${monday?.t_fio}`,
      `${audience}: ${monday?.audience.name}`,
      `Аудитория: ${monday?.room.building.shortName}-${monday?.room.number}, ${monday?.room.building.name}`,
    ]);

    // A fortnightly lesson repeats every other week.
    const fortnightly = events.find(({ rrule }) => rrule.interval === 2);
    expect(fortnightly).toBeDefined();
    const iterator = fortnightly?.event.iterator();
    const a = iterator?.next()?.toJSDate().getTime() ?? 0;
    const b = iterator?.next()?.toJSDate().getTime() ?? 0;
    expect(b - a).toBe(14 * 86_400_000);
  });

  it('gives a teacher their lessons; staff an empty calendar', async () => {
    const teacherUrl = (await t.call(calendarEnable, {}, { cookie: cookies.teacher })).body.data.url;
    const teacherFeed = (await t.app.inject({ method: 'GET', url: teacherUrl })).body;
    const teacherWeek = (await t.call(scheduleTeacher, {}, { cookie: cookies.teacher })).body.data;
    expect(teacherFeed.match(/BEGIN:VEVENT/g)?.length).toBe(lessonIds(teacherWeek).length);
    const staffUrl = (await t.call(calendarEnable, {}, { cookie: cookies.staff })).body.data.url;
    const staffFeed = await t.app.inject({ method: 'GET', url: staffUrl });
    expect(staffFeed.statusCode).toBe(200);
    expect(staffFeed.body).toContain('BEGIN:VCALENDAR');
    expect(staffFeed.body).not.toContain('BEGIN:VEVENT');
  });

  it('stops an address when it is revoked or replaced; refuses unknown and malformed tokens', async () => {
    const cookie = cookies.otherStudent;
    const first = (await t.call(calendarEnable, {}, { cookie })).body.data.url;
    const second = (await t.call(calendarEnable, {}, { cookie })).body.data.url;
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const off = await t.call(calendarRevoke, {}, { cookie });
    expect(off.body.data).toEqual({ enabled: false, createdAt: null });
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await feed(`token=${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await feed('token=short')).statusCode).toBe(400);
    expect((await feed('')).statusCode).toBe(400);
  });

  it('needs a session to turn on, off or look at', async () => {
    for (const endpoint of [calendarStatus, calendarEnable, calendarRevoke]) {
      expect((await t.call(endpoint, {})).status).toBe(401);
    }
  });
});
