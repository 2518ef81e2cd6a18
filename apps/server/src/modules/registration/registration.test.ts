import type { Endpoint } from '@okuu/contracts/endpoint';
import {
  registrationDefaultYear,
  registrationSemesters,
  registrationYears,
} from '@okuu/contracts/registration/calendar';
import type { RegistrationDiscipline, RegistrationOffering } from '@okuu/contracts/registration/common';
import { deleteRegistration, deleteRegistrationByKind } from '@okuu/contracts/registration/delete';
import {
  electiveDisciplines,
  electiveOfferings,
  electiveTeachers,
  offeringsByKind,
  registrationOfferings,
  registrationTeachers,
  teachersByKind,
} from '@okuu/contracts/registration/offerings';
import { electivePermission } from '@okuu/contracts/registration/permission';
import { registrationList } from '@okuu/contracts/registration/reg-list';
import { saveRegistration, saveRegistrationByKind } from '@okuu/contracts/registration/save';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CallerName, callers, databaseDigest, signInAll } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
let cookies: Record<CallerName, string | undefined>;
const ids: Record<string, number> = {};
let period: { id_a_year: number; ws: number };
/** A plan discipline of student1's semester, with its offerings. */
let plan: RegistrationDiscipline;
let planOfferings: RegistrationOffering[];
let semesterId: number;
/** A registration of another student than student1 and student2. */
let foreignRegistration: number;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function ok<E extends Endpoint>(endpoint: E, caller: CallerName, input: Record<string, unknown> = {}) {
  const res = await t.call(endpoint, input, { cookie: cookies[caller] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A call's status and error code. */
async function refusal(endpoint: Endpoint, caller: CallerName, input: Record<string, unknown>) {
  const res = await t.call(endpoint, input, { cookie: cookies[caller] });
  return { status: res.status, code: res.body.error?.code ?? null, body: res.body };
}

/** What a save of `offering` of discipline `d` sends, as the form does. */
function saveInput(d: RegistrationDiscipline, offering: RegistrationOffering) {
  return {
    ...period,
    id_semester: d.id_semester,
    id_discipline: d.id_discipline,
    id_teacher: offering.id_teacher,
    subgroup: offering.subgroup,
    id_vid_zaniatiy: offering.id_vid_zaniatiy,
    kredits: d.kredits,
    id_examination: d.id_examination,
    isSelect: d.isSelect,
  };
}

async function offeringRow(id: number) {
  const [row] = await rows<{ capacity: number; taken: number; registered: number }>(sql`
    select o.capacity, o.taken, (select count(*)::int from registrations r where r.offering_id = o.teaching_assignment_id)
      as registered
    from registration_offerings o where o.teaching_assignment_id = ${id}`);
  return row;
}

async function registrationsOf(login: string) {
  return rows<{ id: number; discipline_id: number; lesson_kind_id: number; offering_id: number | null }>(sql`
    select id, discipline_id, lesson_kind_id, offering_id from registrations
    where student_id = ${ids[login]} and academic_year_id = ${period.id_a_year} and half_year_kind = ${period.ws}
    order by id`);
}

beforeAll(async () => {
  t = await createTestApp();
  cookies = await signInAll(t);
  for (const u of await rows<{ id: number; login: string }>(sql`select id, login from users`)) ids[u.login] = u.id;
  const def = await ok(registrationDefaultYear, 'student');
  period = { id_a_year: def.id_a_year, ws: def.ws };
  const list = await ok(registrationList, 'student', period);
  plan = list.disciplines[0] as RegistrationDiscipline;
  semesterId = plan.id_semester;
  planOfferings = await ok(registrationOfferings, 'student', { ...period, id_discipline: plan.id_discipline });
  const [other] = await rows<{ id: number }>(
    sql`select r.id from registrations r join users u on u.id = r.student_id where u.login = 'student5' limit 1`,
  );
  foreignRegistration = other?.id as number;
});
afterAll(() => t.close());

describe('the registration lists', () => {
  it('default to the half-year whose window is open, with the six years and the half-years of the year', async () => {
    const [window] = await rows<{ academic_year_id: number; half_year_kind: number }>(
      sql`select academic_year_id, half_year_kind from registration_windows where opens_at <= now() and closes_at > now()`,
    );
    expect(period).toEqual({ id_a_year: window?.academic_year_id, ws: window?.half_year_kind });
    expect(await ok(registrationDefaultYear, 'student')).toMatchObject({
      name: expect.stringMatching(/^\d{4}-\d{2}$/),
    });
    const years = await ok(registrationYears, 'student');
    expect(years).toHaveLength(6);
    expect(years.map((y) => y.id)).toContain(period.id_a_year);

    const { halfYears } = await ok(registrationSemesters, 'student', { id_a_year: period.id_a_year });
    expect(halfYears.map((h) => h.ws)).toEqual([1, 2, 3]);
    const current = halfYears.find((h) => h.ws === period.ws);
    expect(current?.window).toMatchObject({ open: true, creditCap: 35 });
    expect(current?.semester).toMatchObject({ id_semester: semesterId, number: semesterId });
    // No semester of study in summer; other half-years have no window.
    expect(halfYears.find((h) => h.ws === 3)?.semester).toBeNull();
    expect(halfYears.filter((h) => h.window !== null)).toHaveLength(1);
    expect((await t.call(registrationSemesters, { id_a_year: 1995 }, { cookie: cookies.student })).status).toBe(404);
  });

  it("gives a student's registrations, the plan disciplines of their semester and their credits", async () => {
    const list = await ok(registrationList, 'student', period);
    const held = await registrationsOf('student1');
    expect(list.registrations.map((r) => r.id_disciplineForStudent).sort()).toEqual(held.map((r) => r.id).sort());
    expect(list.registrations[0]).toMatchObject({
      id_a_year: period.id_a_year,
      ws: period.ws,
      id_semester: semesterId,
      id_group: 1,
      isByPlan: true,
      isSelect: false,
      id_vid_zaniatiy: 1,
      audience: { kind: 'group' },
      t_fio: expect.any(String),
      examination: { name: expect.any(String), nameKg: expect.any(String), nameEn: expect.any(String) },
    });
    const curriculum = await rows<{ discipline_id: number; credits: number; is_elective: boolean }>(sql`
      select c.discipline_id, c.credits, c.is_elective from curriculum c
      join groups g on g.speciality_id = c.speciality_id where g.id = 1 and c.semester_id = ${semesterId}`);
    expect(list.disciplines.map((d) => d.id_discipline).sort()).toEqual(
      curriculum
        .filter((c) => !c.is_elective)
        .map((c) => c.discipline_id)
        .sort(),
    );
    // Each discipline counted once.
    const byDiscipline = new Map(list.registrations.map((r) => [r.id_discipline, r.kredits]));
    expect(list.kredits).toBe([...byDiscipline.values()].reduce((a, b) => a + b, 0));
    expect(list.window).toMatchObject({ open: true, creditCap: 35 });
    expect(plan.registeredKinds).toEqual([1]);
    expect(plan.offerings).toBe(planOfferings.length);
    expect(plan.seatsLeft).toBe(planOfferings.reduce((n, o) => n + o.seatsLeft, 0));
  });

  it('lists the teachers and the streams, groups and subgroups of a discipline with their seats', async () => {
    expect(planOfferings.length).toBeGreaterThanOrEqual(3);
    for (const o of planOfferings) {
      const row = await offeringRow(o.subgroup);
      expect(o.capacity).toBe(row?.capacity);
      expect(o.seatsLeft).toBe((row?.capacity as number) - (row?.taken as number));
      expect(o.full).toBe(o.seatsLeft === 0);
    }
    // The group's lecture is the student's; an open practice section is another teacher's.
    // (Another group of the speciality, in the same semester, has its own lecture: not the student's.)
    const lectures = planOfferings.filter((o) => o.id_vid_zaniatiy === 1);
    expect(lectures.filter((o) => o.mine)).toMatchObject([{ audience: { kind: 'group', name: 'ПИ-1-25' } }]);
    const section = planOfferings.find((o) => o.audience.kind === 'open');
    expect(section).toMatchObject({ id_vid_zaniatiy: 2, capacity: 6, mine: false, descGroupNum: '' });

    const teachers = await ok(registrationTeachers, 'student', { ...period, id_discipline: plan.id_discipline });
    expect(teachers.map((x) => x.id_teacher).sort()).toEqual(
      [...new Set(planOfferings.map((o) => o.id_teacher))].sort(),
    );
    const teacher1 = teachers.find((x) => x.id_teacher === ids.teacher1);
    expect(teacher1?.kinds.map((k) => k.id_vid_zaniatiy)).toEqual([1, 2]);
    expect(teacher1?.position).toMatchObject({ name: 'Доцент' });

    const own = await ok(registrationOfferings, 'student', {
      ...period,
      id_discipline: plan.id_discipline,
      id_teacher: section?.id_teacher,
    });
    expect(own.every((o) => o.id_teacher === section?.id_teacher)).toBe(true);
    const practices = await ok(offeringsByKind, 'student', {
      ...period,
      id_discipline: plan.id_discipline,
      id_vid_zaniatiy: 2,
    });
    expect(practices.length).toBeGreaterThanOrEqual(2);
    expect(practices.every((o) => o.id_vid_zaniatiy === 2)).toBe(true);
    const practiceTeachers = await ok(teachersByKind, 'student', {
      ...period,
      id_discipline: plan.id_discipline,
      id_vid_zaniatiy: 3,
    });
    expect(practiceTeachers).toEqual([]);
  });

  it('gives electives only with the permission: student1 has it, student2 not', async () => {
    expect(await ok(electivePermission, 'student', period)).toEqual({ permission: true });
    expect(await ok(electivePermission, 'otherStudent', period)).toEqual({ permission: false });
    expect(await ok(electiveDisciplines, 'otherStudent', period)).toEqual([]);
    const electives = await ok(electiveDisciplines, 'student', period);
    expect(electives.length).toBeGreaterThan(0);
    expect(electives.every((d) => d.isSelect && d.offerings === 2)).toBe(true);
    const elective = electives[0] as RegistrationDiscipline;
    const input = { ...period, id_discipline: elective.id_discipline };
    const teachers = await ok(electiveTeachers, 'student', input);
    expect(teachers.length).toBeGreaterThan(0);
    const sections = await ok(electiveOfferings, 'student', input);
    expect(sections.map((s) => s.capacity).sort((a, b) => a - b)).toEqual([8, 12]);

    // The lists keep to their kind: an elective is not a plan discipline, nor the other way round.
    expect(await refusal(registrationTeachers, 'student', input)).toMatchObject({
      status: 403,
      code: 'not_in_curriculum',
    });
    expect(await refusal(electiveTeachers, 'student', { ...period, id_discipline: plan.id_discipline })).toMatchObject({
      status: 403,
      code: 'not_in_curriculum',
    });
    // Without the permission an elective's lists are refused.
    expect(await refusal(electiveOfferings, 'otherStudent', input)).toMatchObject({
      status: 403,
      code: 'elective_not_permitted',
    });
    expect(await refusal(offeringsByKind, 'otherStudent', { ...input, id_vid_zaniatiy: 1 })).toMatchObject({
      status: 403,
      code: 'elective_not_permitted',
    });
  });

  it('refuses a discipline outside the curriculum, another semester and an unknown half-year', async () => {
    const [foreign] = await rows<{ id: number }>(sql`
      select d.id from disciplines d where not exists (select 1 from curriculum c join groups g
        on g.speciality_id = c.speciality_id where g.id = 1 and c.semester_id = ${semesterId}
        and c.discipline_id = d.id) order by d.id limit 1`);
    for (const endpoint of [registrationTeachers, registrationOfferings, teachersByKind]) {
      const res = await refusal(endpoint, 'student', { ...period, id_discipline: foreign?.id, id_vid_zaniatiy: 1 });
      expect(res, endpoint.path).toMatchObject({ status: 403, code: 'not_in_curriculum' });
    }
    const otherSemester = await refusal(registrationTeachers, 'student', {
      ...period,
      id_semester: semesterId + 1,
      id_discipline: plan.id_discipline,
    });
    expect(otherSemester).toMatchObject({ status: 403, code: 'not_in_curriculum' });
    expect((await refusal(registrationList, 'student', { id_a_year: 1995, ws: 1 })).status).toBe(404);
    expect((await refusal(registrationList, 'student', { id_a_year: period.id_a_year, ws: 4 })).status).toBe(400);
    // Summer: no semester of study, nothing to register for.
    const summer = await ok(registrationList, 'student', { id_a_year: period.id_a_year, ws: 3 });
    expect(summer).toMatchObject({ semester: null, window: null, disciplines: [], registrations: [] });
  });
});

describe('saving and deleting', () => {
  it('registers for a practice, lists it and takes a seat; deleting gives the seat back', async () => {
    const section = planOfferings.find((o) => o.audience.kind === 'open') as RegistrationOffering;
    const before = await offeringRow(section.subgroup);
    const kreditsBefore = (await ok(registrationList, 'student', period)).kredits;

    const saved = await ok(saveRegistration, 'student', saveInput(plan, section));
    expect(saved.seatsLeft).toBe((before?.capacity as number) - (before?.taken as number) - 1);
    expect(saved.registration).toMatchObject({
      id_discipline: plan.id_discipline,
      id_teacher: section.id_teacher,
      id_vid_zaniatiy: 2,
      subgroup: section.subgroup,
      audience: { kind: 'open' },
      kredits: plan.kredits,
      isSelect: false,
      isByPlan: true,
    });
    expect(await offeringRow(section.subgroup)).toMatchObject({ taken: (before?.taken as number) + 1 });

    const list = await ok(registrationList, 'student', period);
    expect(list.registrations.map((r) => r.id_disciplineForStudent)).toContain(
      saved.registration.id_disciplineForStudent,
    );
    // The discipline was held already (its lecture): no credits added.
    expect(list.kredits).toBe(kreditsBefore);
    expect(list.disciplines.find((d) => d.id_discipline === plan.id_discipline)?.registeredKinds).toEqual([1, 2]);
    const offerings = await ok(registrationOfferings, 'student', { ...period, id_discipline: plan.id_discipline });
    expect(offerings.find((o) => o.subgroup === section.subgroup)).toMatchObject({ mine: true });

    const deleted = await ok(deleteRegistration, 'student', {
      id_disciplineForStudent: saved.registration.id_disciplineForStudent,
    });
    expect(deleted).toEqual({
      id_disciplineForStudent: saved.registration.id_disciplineForStudent,
      deleted: true,
      seatsLeft: (before?.capacity as number) - (before?.taken as number),
    });
    expect(await offeringRow(section.subgroup)).toMatchObject({ taken: before?.taken, registered: before?.taken });
    expect((await registrationsOf('student1')).map((r) => r.id)).not.toContain(
      saved.registration.id_disciplineForStudent,
    );
    // Deleting again: there is no such registration.
    expect(
      await refusal(deleteRegistration, 'student', {
        id_disciplineForStudent: saved.registration.id_disciplineForStudent,
      }),
    ).toMatchObject({ status: 404 });
  });

  it('answers a retry with the same Idempotency-Key with the first reply and registers once', async () => {
    const section = planOfferings.find((o) => o.audience.kind === 'open') as RegistrationOffering;
    const post = (body: object, key: string) =>
      t.app.inject({
        method: 'POST',
        url: saveRegistration.path,
        payload: body,
        headers: { cookie: cookies.otherStudent as string, 'idempotency-key': key },
      });
    const body = saveInput(plan, section);
    const first = await post(body, 'registration-retry-1');
    expect(first.statusCode, first.body).toBe(200);
    const again = await post(body, 'registration-retry-1');
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first.json().data);
    expect((await registrationsOf('student2')).filter((r) => r.offering_id === section.subgroup)).toHaveLength(1);
    // Without the key (or with a new one) the second save is a duplicate.
    const fresh = await post(body, 'registration-retry-2');
    expect(fresh.statusCode).toBe(409);
    expect(fresh.json().error.code).toBe('already_registered');
    // The same key for another request is refused.
    const other = await post({ ...body, kredits: plan.kredits === 60 ? 59 : plan.kredits + 1 }, 'registration-retry-1');
    expect(other.json().error.code).toBe('idempotency_conflict');
    await ok(deleteRegistration, 'otherStudent', {
      id_disciplineForStudent: first.json().data.registration.id_disciplineForStudent,
    });
  });

  it('registers for an elective with the permission; refuses it without', async () => {
    const [elective] = await ok(electiveDisciplines, 'student', period);
    const [section] = await ok(electiveOfferings, 'student', {
      ...period,
      id_discipline: elective?.id_discipline,
    });
    const input = saveInput(elective as RegistrationDiscipline, section as RegistrationOffering);
    const before = await databaseDigest(t);
    expect(await refusal(saveRegistration, 'otherStudent', input)).toMatchObject({
      status: 403,
      code: 'elective_not_permitted',
    });
    // The portal's switch off: nobody may.
    await t.database.db.execute(sql`update settings set value = 'false'::jsonb where key = 'electiveRegistration'`);
    expect(await refusal(saveRegistration, 'student', input)).toMatchObject({
      status: 403,
      code: 'elective_not_permitted',
    });
    expect(await ok(electivePermission, 'student', period)).toEqual({ permission: false });
    await t.database.db.execute(sql`update settings set value = 'true'::jsonb where key = 'electiveRegistration'`);
    expect(await databaseDigest(t)).toBe(before);

    const kredits = (await ok(registrationList, 'student', period)).kredits;
    const saved = await ok(saveRegistration, 'student', input);
    expect(saved.registration).toMatchObject({ isSelect: true, isByPlan: false, kredits: elective?.kredits });
    const list = await ok(registrationList, 'student', period);
    expect(list.kredits).toBe(kredits + (elective?.kredits as number));
    expect(list.registrations.find((r) => r.isSelect)?.id_discipline).toBe(elective?.id_discipline);
    // Saying it is not an elective does not match.
    await ok(deleteRegistration, 'student', { id_disciplineForStudent: saved.registration.id_disciplineForStudent });
    const wrong = await refusal(saveRegistration, 'student', { ...input, isSelect: false });
    expect(wrong).toMatchObject({ status: 400, code: 'validation' });
    expect(wrong.body.error.issues).toEqual([{ path: ['isSelect'], rule: 'not_as_offered' }]);
  });

  it('refuses a second registration for the same discipline and lesson kind', async () => {
    const lecture = planOfferings.find((o) => o.id_vid_zaniatiy === 1) as RegistrationOffering;
    // The group's lecture is held already (the seed registered it).
    const before = await databaseDigest(t);
    expect(await refusal(saveRegistration, 'student', saveInput(plan, lecture))).toMatchObject({
      status: 409,
      code: 'already_registered',
    });
    expect(await databaseDigest(t)).toBe(before);
  });

  it('keeps to the credit cap (each discipline counted once)', async () => {
    const [elective] = await ok(electiveDisciplines, 'student', period);
    const [section] = await ok(electiveOfferings, 'student', { ...period, id_discipline: elective?.id_discipline });
    const used = (await ok(registrationList, 'student', period)).kredits;
    await t.database.db.execute(sql`update registration_windows set credit_cap = ${used}
      where academic_year_id = ${period.id_a_year} and half_year_kind = ${period.ws}`);
    try {
      const res = await refusal(
        saveRegistration,
        'student',
        saveInput(elective as RegistrationDiscipline, section as RegistrationOffering),
      );
      expect(res).toMatchObject({ status: 409, code: 'credit_limit' });
      expect(res.body.error.params).toEqual({ cap: used, used, credits: elective?.kredits });
      // A practice of a discipline held already adds no credits.
      const practice = planOfferings.find((o) => o.audience.kind === 'open') as RegistrationOffering;
      const saved = await ok(saveRegistration, 'student', saveInput(plan, practice));
      await ok(deleteRegistration, 'student', { id_disciplineForStudent: saved.registration.id_disciplineForStudent });
    } finally {
      await t.database.db.execute(sql`update registration_windows set credit_cap = 35
        where academic_year_id = ${period.id_a_year} and half_year_kind = ${period.ws}`);
    }
  });

  it('refuses saves and deletes outside the window, changing nothing', async () => {
    const practice = planOfferings.find((o) => o.audience.kind === 'open') as RegistrationOffering;
    const saved = await ok(saveRegistration, 'student', saveInput(plan, practice));
    const where = sql`academic_year_id = ${period.id_a_year} and half_year_kind = ${period.ws}`;
    await t.database.db.execute(sql`update registration_windows set closes_at = now() - interval '1 hour',
      opens_at = now() - interval '1 day' where ${where}`);
    try {
      const before = await databaseDigest(t);
      expect(await refusal(saveRegistration, 'otherStudent', saveInput(plan, practice))).toMatchObject({
        status: 409,
        code: 'registration_closed',
      });
      expect(
        await refusal(deleteRegistration, 'student', {
          id_disciplineForStudent: saved.registration.id_disciplineForStudent,
        }),
      ).toMatchObject({ status: 409, code: 'registration_closed' });
      expect(await databaseDigest(t)).toBe(before);
      expect((await ok(registrationList, 'student', period)).window?.open).toBe(false);
    } finally {
      await t.database.db.execute(sql`update registration_windows set opens_at = now() - interval '14 days',
        closes_at = now() + interval '60 days' where ${where}`);
    }
    // No window at all: closed too.
    await ok(deleteRegistration, 'student', { id_disciplineForStudent: saved.registration.id_disciplineForStudent });
  });

  it('refuses what does not match the offering or the curriculum', async () => {
    const practice = planOfferings.find((o) => o.audience.kind === 'open') as RegistrationOffering;
    const input = saveInput(plan, practice);
    const before = await databaseDigest(t);
    const wrong = await refusal(saveRegistration, 'student', {
      ...input,
      id_teacher: ids.teacher2,
      kredits: input.kredits + 1,
      id_vid_zaniatiy: 3,
    });
    expect(wrong).toMatchObject({ status: 400, code: 'validation' });
    expect((wrong.body.error.issues ?? []).map((i) => i.path[0]).sort()).toEqual([
      'id_teacher',
      'id_vid_zaniatiy',
      'kredits',
    ]);
    // An offering of another discipline, or none.
    const other = (await ok(registrationList, 'student', period)).disciplines[1] as RegistrationDiscipline;
    expect(await refusal(saveRegistration, 'student', { ...input, id_discipline: other.id_discipline })).toMatchObject({
      status: 404,
    });
    expect(await refusal(saveRegistration, 'student', { ...input, subgroup: 999_999 })).toMatchObject({ status: 404 });
    expect(await refusal(saveRegistration, 'student', { ...input, id_semester: semesterId + 2 })).toMatchObject({
      status: 403,
      code: 'not_in_curriculum',
    });
    expect(await refusal(saveRegistration, 'student', { ...input, ws: 3 })).toMatchObject({
      status: 409,
      code: 'registration_closed',
    });
    expect((await refusal(saveRegistration, 'student', { ...input, subgroup: undefined })).status).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('refuses a full offering with no_seats', async () => {
    const practice = planOfferings.find((o) => o.audience.kind === 'open') as RegistrationOffering;
    const saved = await ok(saveRegistration, 'otherStudent', saveInput(plan, practice));
    const taken = (await offeringRow(practice.subgroup))?.taken as number;
    await t.database.db.execute(
      sql`update registration_offerings set capacity = ${taken} where teaching_assignment_id = ${practice.subgroup}`,
    );
    const before = await databaseDigest(t);
    expect(await refusal(saveRegistration, 'student', saveInput(plan, practice))).toMatchObject({
      status: 409,
      code: 'no_seats',
    });
    expect(await databaseDigest(t)).toBe(before);
    const offerings = await ok(registrationOfferings, 'student', { ...period, id_discipline: plan.id_discipline });
    expect(offerings.find((o) => o.subgroup === practice.subgroup)).toMatchObject({ seatsLeft: 0, full: true });
    await ok(deleteRegistration, 'otherStudent', {
      id_disciplineForStudent: saved.registration.id_disciplineForStudent,
    });
    await t.database.db.execute(
      sql`update registration_offerings set capacity = 6 where teaching_assignment_id = ${practice.subgroup}`,
    );
  });

  it("deletes only the student's own registrations; by lesson kind too", async () => {
    const [mine] = await registrationsOf('student1');
    const before = await databaseDigest(t);
    expect(await refusal(deleteRegistration, 'otherStudent', { id_disciplineForStudent: mine?.id })).toMatchObject({
      status: 404,
    });
    expect(await databaseDigest(t)).toBe(before);

    const practice = planOfferings.find((o) => o.audience.kind === 'open') as RegistrationOffering;
    const saved = await ok(saveRegistrationByKind, 'student', saveInput(plan, practice));
    expect(saved.registration.id_vid_zaniatiy).toBe(2);
    const byKind = { ...period, id_discipline: plan.id_discipline, id_vid_zaniatiy: 2 };
    expect(await refusal(deleteRegistrationByKind, 'otherStudent', byKind)).toMatchObject({ status: 404 });
    expect(await ok(deleteRegistrationByKind, 'student', byKind)).toMatchObject({
      id_disciplineForStudent: saved.registration.id_disciplineForStudent,
      deleted: true,
    });
    expect(await refusal(deleteRegistrationByKind, 'student', byKind)).toMatchObject({ status: 404 });
    // bytype/actionegistration needs the lesson kind.
    const { id_vid_zaniatiy: _kind, ...withoutKind } = saveInput(plan, practice);
    expect((await refusal(saveRegistrationByKind, 'student', withoutKind)).status).toBe(400);
  });
});

describe('who may call registration', () => {
  const calls: [Endpoint, () => Record<string, unknown>][] = [
    [registrationDefaultYear, () => ({})],
    [registrationYears, () => ({})],
    [registrationSemesters, () => ({})],
    [registrationList, () => period],
    [registrationTeachers, () => ({ ...period, id_discipline: plan.id_discipline })],
    [registrationOfferings, () => ({ ...period, id_discipline: plan.id_discipline })],
    [electivePermission, () => period],
    [electiveDisciplines, () => period],
    [teachersByKind, () => ({ ...period, id_discipline: plan.id_discipline, id_vid_zaniatiy: 2 })],
    [offeringsByKind, () => ({ ...period, id_discipline: plan.id_discipline, id_vid_zaniatiy: 2 })],
    [
      saveRegistration,
      () => saveInput(plan, planOfferings.find((o) => o.audience.kind === 'open') as RegistrationOffering),
    ],
    [deleteRegistration, () => ({ id_disciplineForStudent: foreignRegistration })],
    [deleteRegistrationByKind, () => ({ ...period, id_discipline: plan.id_discipline, id_vid_zaniatiy: 2 })],
  ];

  it('students only: teachers and staff 403, anonymous 401, and nothing changes for them', async () => {
    for (const caller of Object.keys(callers) as CallerName[]) {
      const isStudent = caller === 'student' || caller === 'otherStudent';
      const before = isStudent ? '' : await databaseDigest(t);
      for (const [endpoint, input] of calls) {
        const res = await t.call(endpoint, input(), { cookie: cookies[caller] });
        if (isStudent) {
          // Allowed: a data-dependent answer (a save or delete of someone else's may be refused), never by role.
          expect([200, 404, 409], `${caller} ${endpoint.path} ${JSON.stringify(res.body)}`).toContain(res.status);
        } else {
          expect(res.status, `${caller} ${endpoint.path}`).toBe(caller === 'anonymous' ? 401 : 403);
          expect(res.body.data).toBeNull();
        }
      }
      if (!isStudent) expect(await databaseDigest(t)).toBe(before);
    }
    // Clean up the saves the students made.
    for (const login of ['student1', 'student2']) {
      for (const r of (await registrationsOf(login)).filter((x) => x.lesson_kind_id === 2)) {
        await ok(deleteRegistration, login === 'student1' ? 'student' : 'otherStudent', {
          id_disciplineForStudent: r.id,
        });
      }
    }
  });
});

describe('the semester-start rush', () => {
  it('50 saves at once for an offering of 10 seats, through two server instances: 10 registrations, 40 refusals', async () => {
    const offering = planOfferings.find((o) => o.id_vid_zaniatiy === 2 && o.audience.kind === 'group');
    if (!offering) throw new Error('No practice of the group');
    // Fifty students of one speciality and semester (moved into the demo group), none registered for the practice.
    const students = await rows<{ id: number; login: string }>(sql`
      select u.id, u.login from users u join student_profiles sp on sp.user_id = u.id
      where u.login ~ '^student[0-9]+$' and u.login not in ('student1', 'student2') order by u.id limit 50`);
    expect(students).toHaveLength(50);
    await t.database.db.execute(sql`update student_profiles set group_id = 1
      where user_id in (select id from users where login ~ '^student[0-9]+$' and login not in ('student1', 'student2')
        order by id limit 50)`);
    await t.database.db.execute(sql`update registration_windows set credit_cap = 200
      where academic_year_id = ${period.id_a_year} and half_year_kind = ${period.ws}`);
    await t.database.db.execute(
      sql`update registration_offerings set capacity = 10, taken = 0 where teaching_assignment_id = ${offering.subgroup}`,
    );
    const sessions = await Promise.all(students.map((s) => t.sessionOf(s.login)));
    const second = await t.secondInstance();
    try {
      const apps: FastifyInstance[] = [t.app, second.app];
      const body = saveInput(plan, offering);
      const replies = await Promise.all(
        sessions.map((cookie, i) =>
          (apps[i % 2] as FastifyInstance).inject({
            method: 'POST',
            url: saveRegistration.path,
            payload: body,
            headers: { cookie, 'idempotency-key': `rush-${i}` },
          }),
        ),
      );
      const statuses = replies.map((r) => r.statusCode);
      expect(statuses.filter((s) => s === 200)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      for (const r of replies.filter((x) => x.statusCode === 409)) {
        expect(r.json()).toMatchObject({ result: 1, data: null, error: { code: 'no_seats' } });
      }
      expect(await offeringRow(offering.subgroup)).toEqual({ capacity: 10, taken: 10, registered: 10 });
      // Every acknowledged registration is there, and no other.
      const acknowledged = replies
        .filter((r) => r.statusCode === 200)
        .map((r) => r.json().data.registration.id_disciplineForStudent as number)
        .sort((a, b) => a - b);
      const stored = await rows<{ id: number }>(
        sql`select id from registrations where offering_id = ${offering.subgroup} order by id`,
      );
      expect(stored.map((r) => r.id)).toEqual(acknowledged);
    } finally {
      await second.close();
    }
  });
});
