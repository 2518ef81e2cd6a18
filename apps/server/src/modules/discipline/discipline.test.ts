import { currentHalfYear, currentYear } from '@okuu/contracts/discipline/current';
import {
  disciplineList,
  groupList,
  semesterList,
  studentDisciplineList,
  studentGroupList,
  studentSemesterList,
  studentsList,
  teachersList,
} from '@okuu/contracts/discipline/lists';
import type { Endpoint } from '@okuu/contracts/endpoint';
import { getGroups } from '@okuu/contracts/misc/groups';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerName, callers, databaseDigest, signInAll } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema/users.ts';

let t: TestApp;
let cookies: Record<CallerName, string | undefined>;
const ids: Record<string, number> = {};
let year: number;
let ws: number;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function ok<E extends Endpoint>(endpoint: E, caller: CallerName, input: Record<string, unknown> = {}) {
  const res = await t.call(endpoint, input, { cookie: cookies[caller] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signInAll(t);
  for (const u of await t.database.db.select({ id: users.id, login: users.login }).from(users)) ids[u.login] = u.id;
  year = (await t.call(currentYear, {}, { cookie: cookies.student })).body.data.year;
  ws = (await t.call(currentHalfYear, {}, { cookie: cookies.student })).body.data.ws;
});
afterAll(() => t.close());

/** What a teacher teaches in the current half-year, worked out from the teaching assignments. */
async function taught(teacher: string) {
  return rows<{ discipline_id: number; semester_id: number; credits: number; group_id: number }>(sql`
    select ta.discipline_id, ta.semester_id, ta.credits,
      coalesce(ta.group_id, s.group_id, sg.group_id) as group_id
    from teaching_assignments ta
    left join subgroups s on s.id = ta.subgroup_id
    left join stream_groups sg on sg.stream_id = ta.stream_id
    where ta.teacher_id = ${ids[teacher]} and ta.academic_year_id = ${year} and ta.half_year_kind = ${ws}`);
}

describe('a teacher’s lists', () => {
  it('lists only what the teacher teaches, with the spec’s fields', async () => {
    const mine = await taught('teacher1');
    const disciplines = await ok(disciplineList, 'teacher', { year, ws, uid: ids.teacher1 });
    expect(disciplines.length).toBeGreaterThan(0);
    expect(new Set(disciplines.map((d) => `${d.id_discipline}/${d.id_semester}/${d.kredit}`))).toEqual(
      new Set(mine.map((m) => `${m.discipline_id}/${m.semester_id}/${m.credits}`)),
    );
    for (const d of disciplines) {
      expect(d).toMatchObject({ name: expect.any(String), nameKg: expect.any(String), nameEn: expect.any(String) });
      expect(typeof d.isSelect).toBe('boolean');
    }

    const semesters = await ok(semesterList, 'teacher', { year, ws });
    expect(semesters.map((s) => s.id_semester)).toEqual([...new Set(mine.map((m) => m.semester_id))].sort());

    const groups = await ok(groupList, 'teacher', { year, ws });
    expect(groups.map((g) => g.id_group).sort()).toEqual([...new Set(mine.map((m) => m.group_id))].sort());
    expect(groups.some((g) => g.id_group === 1)).toBe(true);

    // Another teacher's lists are theirs alone.
    const others = await ok(disciplineList, 'otherTeacher', { year, ws });
    const theirs = await taught('teacher2');
    expect(new Set(others.map((d) => d.id_discipline))).toEqual(new Set(theirs.map((m) => m.discipline_id)));
  });

  it('narrows by semester, discipline, credits and group', async () => {
    const all = await ok(disciplineList, 'teacher');
    const first = all[0] as (typeof all)[number];
    const bySemester = await ok(disciplineList, 'teacher', { id_semester: first.id_semester });
    expect(bySemester.every((d) => d.id_semester === first.id_semester)).toBe(true);
    const byCredits = await ok(disciplineList, 'teacher', { kredit: first.kredit });
    expect(byCredits.every((d) => d.kredit === first.kredit)).toBe(true);
    expect(await ok(disciplineList, 'teacher', { kredit: -1, id_semester: -1, id_discipline: '' })).toEqual(all);
    const groups = await ok(groupList, 'teacher', { id_discipline: first.id_discipline });
    expect(groups.length).toBeGreaterThan(0);
    const onlyGroup1 = await ok(disciplineList, 'teacher', { id_group: 1 });
    expect(onlyGroup1.length).toBeGreaterThan(0);
  });

  it('lists the students of a group the teacher teaches, and refuses a group they do not teach', async () => {
    const students = await ok(studentsList, 'teacher', { id_group: 1 });
    const members = await rows<{ user_id: number }>(sql`select user_id from student_profiles where group_id = 1`);
    expect(students.map((s) => s.id_student).sort((a, b) => a - b)).toEqual(
      members.map((m) => m.user_id).sort((a, b) => a - b),
    );
    expect(students.map((s) => s.id_student)).toContain(ids.student1);
    expect(students.every((s) => s.id_group === 1 && s.subgroups.length === 1 && s.fio.length > 0)).toBe(true);

    const notTaught = (
      await rows<{ id: number }>(sql`
        select g.id from groups g where not exists (
          select 1 from teaching_assignments ta left join stream_groups sg on sg.stream_id = ta.stream_id
          where ta.teacher_id = ${ids.teacher1} and (ta.group_id = g.id or sg.group_id = g.id)) order by g.id limit 1`)
    )[0]?.id as number;
    const refused = await t.call(studentsList, { id_group: notTaught }, { cookie: cookies.teacher });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    expect((await t.call(studentsList, { id_group: 999_999 }, { cookie: cookies.teacher })).status).toBe(404);
    expect((await t.call(studentsList, {}, { cookie: cookies.teacher })).status).toBe(400);
  });

  it('answers 403 for another teacher’s discipline or semester, 404 for one that does not exist', async () => {
    const mine = new Set((await taught('teacher1')).map((m) => m.discipline_id));
    const foreign = (await rows<{ id: number }>(sql`select id from disciplines order by id`))
      .map((d) => d.id)
      .find((id) => !mine.has(id));
    for (const endpoint of [disciplineList, groupList, semesterList]) {
      const res = await t.call(endpoint, { id_discipline: foreign }, { cookie: cookies.teacher });
      expect(res.status, endpoint.path).toBe(403);
      expect((await t.call(endpoint, { id_discipline: 99_999 }, { cookie: cookies.teacher })).status).toBe(404);
      expect((await t.call(endpoint, { id_semester: 99 }, { cookie: cookies.teacher })).status).toBe(404);
    }
    // A half-year the calendar does not have.
    expect((await t.call(disciplineList, { year: 1995, ws: 1 }, { cookie: cookies.teacher })).status).toBe(404);
    // A half-year without teaching: empty lists.
    expect(await ok(disciplineList, 'teacher', { year: year - 1, ws: 1 })).toEqual([]);
  });
});

describe('a student’s lists', () => {
  it('lists the student’s own disciplines, semesters, group and teachers', async () => {
    const registered = await rows<{ discipline_id: number }>(sql`
      select discipline_id from registrations
      where student_id = ${ids.student1} and academic_year_id = ${year} and half_year_kind = ${ws}`);
    const disciplines = await ok(studentDisciplineList, 'student', { year, ws });
    expect(new Set(disciplines.map((d) => d.id_discipline))).toEqual(new Set(registered.map((r) => r.discipline_id)));

    const semesters = await ok(studentSemesterList, 'student');
    expect(semesters.length).toBe(1);

    const groups = await ok(studentGroupList, 'student');
    const [profile] = await rows<{ group_id: number }>(
      sql`select group_id from student_profiles where user_id = ${ids.student1}`,
    );
    expect(groups).toHaveLength(1);
    expect(groups[0]).toMatchObject({ id_group: profile?.group_id, studyForm: 'full_time' });
    expect(groups[0]?.subgroups).toHaveLength(1);

    const teachers = await ok(teachersList, 'student');
    expect(teachers.map((x) => x.id_teacher)).toContain(ids.teacher1);
    const teacher1 = teachers.find((x) => x.id_teacher === ids.teacher1);
    expect(teacher1?.position).toMatchObject({ name: 'Доцент' });
    expect(teacher1?.disciplines.length).toBeGreaterThan(0);
    const byDiscipline = await ok(teachersList, 'student', { id_discipline: disciplines[0]?.id_discipline });
    expect(byDiscipline.every((x) => x.disciplines.includes(disciplines[0]?.id_discipline as number))).toBe(true);
  });

  it('refuses another group or a discipline that is not the student’s', async () => {
    const other = await t.call(studentGroupList, { id_group: 2 }, { cookie: cookies.student });
    expect(other.status).toBe(403);
    const mine = new Set((await ok(studentDisciplineList, 'student')).map((d) => d.id_discipline));
    const foreign = (await rows<{ id: number }>(sql`select id from disciplines order by id`))
      .map((d) => d.id)
      .find((id) => !mine.has(id));
    expect((await t.call(teachersList, { id_discipline: foreign }, { cookie: cookies.student })).status).toBe(403);
    expect((await t.call(teachersList, { id_discipline: 99_999 }, { cookie: cookies.student })).status).toBe(404);
    expect((await t.call(studentDisciplineList, { ws: 5 }, { cookie: cookies.student })).status).toBe(400);
    expect((await t.call(studentDisciplineList, { isSelect: 'maybe' }, { cookie: cookies.student })).status).toBe(400);
  });
});

describe('who may call the lists', () => {
  const teacherLists: Endpoint[] = [disciplineList, semesterList, groupList, studentsList];
  const studentLists: Endpoint[] = [studentDisciplineList, studentSemesterList, studentGroupList, teachersList];

  it('teachers the teacher lists, students the student lists; staff neither; anonymous 401; nothing changes', async () => {
    const before = await databaseDigest(t);
    for (const caller of Object.keys(callers) as CallerName[]) {
      for (const endpoint of [...teacherLists, ...studentLists]) {
        const res = await t.call(endpoint, { id_group: 1 }, { cookie: cookies[caller] });
        const role = teacherLists.includes(endpoint) ? 'teacher' : 'student';
        const expected =
          caller === 'anonymous'
            ? 401
            : (role === 'teacher' && (caller === 'teacher' || caller === 'otherTeacher')) ||
                (role === 'student' && (caller === 'student' || caller === 'otherStudent'))
              ? [200, 403]
              : 403;
        if (Array.isArray(expected)) expect(expected, `${caller} ${endpoint.path}`).toContain(res.status);
        else expect(res.status, `${caller} ${endpoint.path}`).toBe(expected);
      }
    }
    expect(await databaseDigest(t)).toBe(before);
  });
});

describe('misc/getgroups', () => {
  it('gives a student their group in a year, and nothing before their admission', async () => {
    const [group] = await ok(getGroups, 'student', { id_a_year: year });
    const [profile] = await rows<{ group_id: number; admission_year: number }>(sql`
      select sp.group_id, g.admission_year from student_profiles sp join groups g on g.id = sp.group_id
      where sp.user_id = ${ids.student1}`);
    expect(group).toMatchObject({
      id_group: profile?.group_id,
      id_a_year: year,
      course: year - (profile?.admission_year as number) + 1,
    });
    expect(await ok(getGroups, 'student', { id_a_year: (profile?.admission_year as number) - 1 })).toEqual([]);
    expect(await ok(getGroups, 'student', { id_student: ids.student1 })).toHaveLength(1);
  });

  it("refuses another student's id to a student, and to a teacher who does not teach them", async () => {
    expect((await t.call(getGroups, { id_student: ids.student2 }, { cookie: cookies.student })).status).toBe(403);
    expect(await ok(getGroups, 'teacher', { id_student: ids.student1, id_a_year: year })).toHaveLength(1);
    const stranger = (
      await rows<{ id: number }>(sql`
        select sp.user_id as id from student_profiles sp where not exists (
          select 1 from teaching_assignments ta left join stream_groups sg on sg.stream_id = ta.stream_id
          where ta.teacher_id = ${ids.teacher1} and (ta.group_id = sp.group_id or sg.group_id = sp.group_id))
        order by sp.user_id limit 1`)
    )[0]?.id;
    expect((await t.call(getGroups, { id_student: stranger }, { cookie: cookies.teacher })).status).toBe(403);
    expect(await ok(getGroups, 'staff', { id_student: stranger })).toHaveLength(1);
    expect((await t.call(getGroups, { id_student: ids.teacher1 }, { cookie: cookies.staff })).status).toBe(404);
    expect((await t.call(getGroups, {}, { cookie: cookies.staff })).status).toBe(400);
    expect((await t.call(getGroups, { id_a_year: 'last' }, { cookie: cookies.student })).status).toBe(400);
    expect((await t.call(getGroups, {})).status).toBe(401);
  });
});
