import { auditActions } from '@okuu/contracts/audit-actions';
import type { Endpoint } from '@okuu/contracts/endpoint';
import { registry } from '@okuu/contracts/registry';
import { importColumns } from '@okuu/contracts/staff/import';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoLogoPng } from '../src/seed/logo.ts';
import { databaseDigest } from './callers.ts';
import { createTestApp, type TestApp } from './harness.ts';

/**
 * Every staff call, made once as staff1 with an input that succeeds: a call whose contract declares `audit` writes
 * audit rows of its declared actions in its own transaction; every other staff call changes nothing at all. A staff
 * endpoint without an input below fails here: whoever adds one adds its input, and so its audit check.
 */
let t: TestApp;
let staff: string;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const one = async <T>(query: SQL): Promise<T> => {
  const [row] = await rows<T>(query);
  if (!row) throw new Error(`Nothing found: ${JSON.stringify(query)}`);
  return row;
};
const idOf = (login: string) => one<{ id: number }>(sql`select id from users where login = ${login}`);

/** A call's input (and for an upload, its file); setup made directly in the database, as the call's precondition. */
type Sample = () => Promise<{ input: Record<string, unknown>; file?: { name: string; content: Buffer } }>;

const samples: Record<string, Sample> = {
  'staff.peopleSearch': async () => ({ input: { q: 'student' } }),
  'staff.peopleOptions': async () => ({ input: {} }),
  'staff.person': async () => ({ input: { id: (await idOf('student5')).id } }),
  'staff.personCreate': async () => {
    const group = await one<{ id: number }>(sql`select id from groups order by id limit 1`);
    return { input: { role: 2, lastName: 'Аудитов', firstName: 'Тест', patronymic: '', id_group: group.id } };
  },
  'staff.personMove': async () => {
    const s = await one<{ id: number; groupId: number }>(sql`select user_id as id, group_id as "groupId"
      from student_profiles sp join users u on u.id = sp.user_id where u.login = 'student6'`);
    const other = await one<{ id: number }>(sql`select id from groups where id <> ${s.groupId} order by id limit 1`);
    return { input: { id: s.id, id_group: other.id } };
  },
  'staff.personNewsPerms': async () => ({ input: { id: (await idOf('teacher3')).id, newsPerms: true } }),
  'staff.personBlock': async () => ({ input: { id: (await idOf('student7')).id, blocked: true } }),
  'staff.personReset': async () => ({ input: { id: (await idOf('student8')).id } }),
  'staff.importTemplate': async () => ({ input: { kind: 'groups', format: 'csv' } }),
  'staff.importCheck': async () => ({ input: { kind: 'groups' }, file: await groupsFile() }),
  'staff.importStart': async () => ({ input: { kind: 'groups' }, file: await groupsFile() }),
  'staff.importStatus': async () => {
    const job = await one<{ id: string }>(sql`select id from import_jobs order by updated_at desc limit 1`);
    return { input: { job: job.id } };
  },
  'staff.audit': async () => ({ input: {} }),

  'settings.institution': async () => ({ input: {} }),
  'settings.institutionSave': async () => ({
    input: {
      name: 'Университет Окуу',
      nameKg: 'Окуу университети',
      nameEn: 'Okuu University',
      width: 30,
      fontsize: 16,
    },
  }),
  'settings.logoUpload': async () => ({ input: {}, file: { name: 'logo.png', content: demoLogoPng() } }),
  'settings.calendar': async () => ({ input: {} }),
  'settings.yearSave': async () => {
    const y = await one<{ year: number; from: string; to: string }>(sql`select id as year,
      to_char(starts_on, 'YYYY-MM-DD') as "from", to_char(ends_on, 'YYYY-MM-DD') as "to"
      from academic_years order by id desc limit 1`);
    return { input: y };
  },
  'settings.yearDelete': async () => {
    await rows(
      sql`insert into academic_years (id, name, starts_on, ends_on) values (2090, '2090-91', '2090-09-01', '2091-08-31')`,
    );
    return { input: { year: 2090 } };
  },
  'settings.halfYearSave': async () => {
    const h = await one<{ year: number; ws: number; from: string; to: string }>(sql`select academic_year_id as year,
      kind as ws, to_char(starts_on, 'YYYY-MM-DD') as "from", to_char(ends_on, 'YYYY-MM-DD') as "to"
      from half_years order by academic_year_id desc, kind limit 1`);
    return { input: h };
  },
  'settings.halfYearDelete': async () => {
    await rows(
      sql`insert into academic_years (id, name, starts_on, ends_on) values (2092, '2092-93', '2092-09-01', '2093-08-31')`,
    );
    await rows(
      sql`insert into half_years (academic_year_id, kind, starts_on, ends_on) values (2092, 1, '2092-09-01', '2093-01-31')`,
    );
    return { input: { year: 2092, ws: 1 } };
  },
  'settings.campus': async () => ({ input: {} }),
  'settings.slotSave': async () => {
    const s = await one<{ id: number; number: number; from: string; to: string }>(sql`select id, number,
      to_char(starts_at, 'HH24:MI') as "from", to_char(ends_at, 'HH24:MI') as "to" from time_slots order by number limit 1`);
    return { input: s };
  },
  'settings.slotDelete': async () => {
    const s = await one<{ id: number }>(sql`insert into time_slots (number, starts_at, ends_at)
      values (30, '23:10', '23:40') returning id`);
    return { input: { id: s.id } };
  },
  'settings.roomSave': async () => {
    const r = await one<Record<string, unknown>>(sql`select id, building_id as id_building, number, capacity,
      latitude, longitude, checkin_radius_m as radius from rooms order by id limit 1`);
    return { input: r };
  },
  'settings.roomDelete': async () => {
    const r = await one<{ id: number }>(sql`insert into rooms (building_id, number, capacity, latitude, longitude,
      checkin_radius_m) select building_id, 'АУДИТ-1', 10, latitude, longitude, 60 from rooms order by id limit 1
      returning id`);
    return { input: { id: r.id } };
  },
  'rooms.staffCancel': async () => {
    const b = await one<{ id: number }>(sql`insert into room_bookings (room_id, teacher_id, date, time_slot_id, purpose)
      select (select id from rooms order by id limit 1), (select id from users where login = 'teacher2'),
        '2099-01-04', (select id from time_slots order by number limit 1), 'event' returning id`);
    return { input: { id: b.id, reason: 'Ремонт' } };
  },
  'documents.register': async () => ({ input: { q: 'student', kind: 'any' } }),
  'documents.revoke': async () => {
    // An issued reference: an order taken up and prepared, as the database's status machine requires.
    const o = await one<{ id: number }>(sql`insert into document_orders (student_id, document_type_id, region_id,
      district_id, purpose_id) select (select id from users where login = 'student4'), 1, 1, 1, 1 returning id`);
    await rows(sql`update document_orders set status = 'preparing' where id = ${o.id}`);
    await rows(sql`update document_orders set status = 'prepared', number = 'AUDIT-1', issued_at = now(),
      verification_code = 'AAAA-BBBB-CCCC', issued = '{}'::jsonb where id = ${o.id}`);
    return { input: { kind: 'reference', id: o.id, reason: 'Выдана по ошибке' } };
  },
  'settings.registration': async () => ({ input: {} }),
  'settings.windowSave': async () => {
    const w = await one<Record<string, unknown>>(sql`select academic_year_id as year, half_year_kind as ws,
      to_char(opens_at at time zone 'Asia/Bishkek', 'YYYY-MM-DD"T"HH24:MI') as "from",
      to_char(closes_at at time zone 'Asia/Bishkek', 'YYYY-MM-DD"T"HH24:MI') as "to", credit_cap as kredits
      from registration_windows order by academic_year_id desc limit 1`);
    return { input: w };
  },
  'settings.windowDelete': async () => {
    const w = await one<Record<string, unknown>>(sql`select academic_year_id as year, half_year_kind as ws
      from registration_windows order by academic_year_id, half_year_kind limit 1`);
    return { input: w };
  },
  'settings.electiveSwitch': async () => ({ input: { isElective: true } }),
  'settings.orderWaiting': async () => ({ input: {} }),
  'settings.orderWaitingSave': async () => ({ input: { hours: 36 } }),
  'settings.webinarBase': async () => ({ input: {} }),
  'settings.webinarBaseSave': async () => ({ input: { base: 'https://meet.jit.si/' } }),
  'workload.teachers': async () => ({ input: {} }),
  'workload.teacher': async () => ({ input: { teacherId: (await idOf('teacher1')).id } }),
  'workload.teacherXlsx': async () => ({ input: { teacherId: (await idOf('teacher1')).id, lang: 'ru' } }),
  'settings.permissions': async () => ({ input: await someHalfYear() }),
  'settings.permissionGrant': async () => ({
    input: { ...(await someHalfYear()), id_student: (await idOf('student9')).id },
  }),
  'settings.permissionRevoke': async () => ({
    input: { ...(await someHalfYear()), id_student: (await idOf('student9')).id },
  }),
  'settings.services': async () => ({ input: {} }),
  'settings.serviceSave': async () => {
    const s = await one<Record<string, unknown>>(sql`select id, name, name_kg as "nameKg", name_en as "nameEn",
      price as amount, amount_editable as "amountEditable", min_amount as "minAmount", max_amount as "maxAmount",
      active, sort_order as "sortOrder" from paid_services order by id limit 1`);
    return { input: s };
  },
  'settings.serviceDelete': async () => {
    const s = await one<{
      id: number;
    }>(sql`insert into paid_services (name, name_kg, name_en, price, min_amount, max_amount)
      values ('Аудит', 'Аудит', 'Audit', 1000, 1000, 1000) returning id`);
    return { input: { id: s.id } };
  },

  'singleWindow.orderQueue': async () => ({ input: { status: 'waiting' } }),
  'singleWindow.orderStatus': async () => {
    const o = await one<{ id: number }>(
      sql`select id from document_orders where status = 'waiting' order by id limit 1`,
    );
    return { input: { id_order: o.id, status: 'preparing' } };
  },
  'transcript.ofStudent': async () => ({ input: { id_student: (await idOf('student1')).id } }),
  'transcript.ofStudentPdf': async () => ({ input: { id_student: String((await idOf('student1')).id), lang: 'ru' } }),
  'transcript.gradeScaleSave': async () => {
    const bands = await rows(sql`select letter, min_points as "minPoints", max_points as "maxPoints",
      numeric_x100 / 100.0 as numeric from grade_scale order by min_points desc`);
    return {
      input: { bands: bands.map((b) => ({ ...(b as object), numeric: Number((b as { numeric: string }).numeric) })) },
    };
  },
  'questionnaire.list': async () => ({ input: {} }),
  'questionnaire.save': async () => ({
    input: {
      id: -1,
      title: 'Аудит анкеты',
      target: 'all',
      from: '2026-01-10T09:00',
      to: '2026-01-20T18:00',
      questions: [{ kind: 'scale', text: 'Оцените' }],
    },
  }),
  'questionnaire.delete': async () => ({ input: { id: (await closedQuestionnaire()).id } }),
  'questionnaire.results': async () => ({ input: { id: (await closedQuestionnaire()).id } }),
  'questionnaire.export': async () => ({ input: { id: String((await closedQuestionnaire()).id) } }),
  'grading.staffSheets': async () => ({ input: {} }),
  'grading.staffSheet': async () => ({
    input: { id: (await one<{ id: number }>(sql`select id from grading_sheets order by id limit 1`)).id },
  }),
  'grading.reopen': async () => {
    const s = await one<{ id: number }>(sql`select id from grading_sheets where status = 'closed' and kind = 'retake'
      order by id limit 1`);
    return { input: { id: s.id, reason: 'Апелляция' } };
  },
  'grading.scheme': async () => ({ input: { disciplineId: 1 } }),
  'grading.staffRating': async () => ({ input: { scope: 'group', id: 1, whole: true } }),
  'grading.staffRatingXlsx': async () => ({ input: { scope: 'faculty', id: '1', lang: 'kg' } }),
  'grading.ratingScopes': async () => ({ input: {} }),
  'grading.schemeSave': async () => ({
    input: {
      disciplineId: 1,
      columns: [
        { kind: 'module', max: 30 },
        { kind: 'module', max: 30 },
        { kind: 'exam', max: 40 },
      ],
      admissionMin: 30,
    },
  }),
  'grading.retakeIssue': async () => {
    const s = await one<{ id: number; groupId: number }>(sql`select id, group_id as "groupId" from grading_sheets
      where status = 'closed' and kind = 'regular' order by id limit 1`);
    const student = await one<{ id: number }>(
      sql`select user_id as id from student_profiles where group_id = ${s.groupId} order by user_id limit 1`,
    );
    return { input: { id: s.id, studentId: student.id } };
  },
  'card.person': async () => ({ input: { id: (await idOf('student1')).id } }),
  'card.correctionQueue': async () => ({ input: { status: 'new' } }),
  'card.correctionStatus': async () => {
    const c = await one<{ id: number }>(sql`insert into correction_requests (user_id, topic, text)
      values ((select id from users where login = 'student2'), 'personal', 'Ошибка в дате рождения') returning id`);
    return { input: { id: c.id, status: 'in_progress' } };
  },
  'payment.staffList': async () => ({ input: {} }),
  'payment.staffExport': async () => ({ input: { format: 'csv' } }),
};

/** A closed questionnaire nobody answered (made directly, as the precondition of the calls that read one). */
async function closedQuestionnaire() {
  return one<{ id: number }>(sql`insert into questionnaires (title, target, opens_at, closes_at, created_by)
    values ('Закрытая', 'all', '2020-01-01T00:00Z', '2020-01-31T00:00Z', (select id from users where login = 'staff1'))
    returning id`);
}

/** A groups file that names an existing group as it is: the import changes nothing and still records itself. */
async function groupsFile() {
  const g = await one<{ name: string; code: string; form: string; year: number }>(sql`select g.name, s.code,
    g.study_form as form, g.admission_year as year from groups g join specialities s on s.id = g.speciality_id
    order by g.id limit 1`);
  const csv = `${importColumns.groups.join(',')}\n${g.name},${g.code},${g.form},${g.year}\n`;
  return { name: 'groups.csv', content: Buffer.from(csv) };
}

async function someHalfYear() {
  return one<{ year: number; ws: number }>(sql`select academic_year_id as year, kind as ws
    from half_years order by academic_year_id desc, kind limit 1`);
}

/**
 * The database's content, but for the import jobs' bookkeeping: a job's status is read once it has ended and then
 * forgotten (it holds one-time passwords), which is no change of the university's data.
 */
const contentDigest = async () =>
  (await databaseDigest(t))
    .split('\n')
    .filter((line) => !line.startsWith('import_jobs='))
    .join('\n');

async function call(endpoint: Endpoint, sample: Awaited<ReturnType<Sample>>) {
  const headers = { cookie: staff };
  if (endpoint.requestKind === 'multipart') {
    const form = new FormData();
    for (const [k, v] of Object.entries(sample.input)) form.append(k, String(v));
    if (sample.file) form.append('files', new Blob([sample.file.content]), sample.file.name);
    return t.app.inject({ method: endpoint.method, url: endpoint.path, payload: form, headers });
  }
  return endpoint.method === 'GET'
    ? t.app.inject({ method: 'GET', url: endpoint.path, query: sample.input as Record<string, string>, headers })
    : t.app.inject({ method: 'POST', url: endpoint.path, payload: sample.input, headers });
}

/** Waits for the staff imports running in the background to end. */
async function importsDone() {
  for (let i = 0; i < 200; i++) {
    const [running] = await rows<{ n: number }>(
      sql`select count(*)::int as n from import_jobs where state = 'running'`,
    );
    if (running?.n === 0) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('An import did not end');
}

beforeAll(async () => {
  t = await createTestApp();
  staff = await t.sessionOf('staff1');
});
afterAll(() => t.close());

const staffEndpoints = registry.filter((e) => e.access === 'staff');

it('names every audit action by some staff endpoint, and every endpoint action is a known one', () => {
  const declared = new Set(staffEndpoints.flatMap((e) => e.audit ?? []));
  expect([...declared].sort()).toEqual([...auditActions].sort());
  expect(registry.filter((e) => e.audit && e.access !== 'staff').map((e) => e.id)).toEqual([]);
});

describe.each(staffEndpoints.map((e) => [e.id, e] as const))('%s', (id, endpoint) => {
  it(endpoint.audit ? 'writes its audit row in its own transaction' : 'changes nothing', async () => {
    const sample = samples[id];
    if (!sample) throw new Error(`No input for the staff endpoint ${id}: add one to test/audit.test.ts`);
    const given = await sample();
    const before = await contentDigest();
    const [{ last }] = (await rows<{ last: number }>(sql`select coalesce(max(id), 0)::int as last from audit_log`)) as [
      { last: number },
    ];
    const res = await call(endpoint, given);
    expect(res.statusCode, res.body).toBe(200);
    if (endpoint.id === 'staff.importStart') {
      expect(res.json().data.job, res.body).toBeTruthy();
      await importsDone();
    }
    if (endpoint.audit) {
      const written = await rows<{ action: string; actorLogin: string }>(
        sql`select action, actor_login as "actorLogin" from audit_log where id > ${last} order by id`,
      );
      expect(written.length).toBeGreaterThan(0);
      for (const row of written) {
        expect(endpoint.audit).toContain(row.action);
        expect(row.actorLogin).toBe('staff1');
      }
    } else {
      expect(await contentDigest()).toBe(before);
    }
  });
});

it('keeps each row in the transaction of its change: a refused change leaves no row', async () => {
  const [{ n }] = (await rows<{ n: number }>(sql`select count(*)::int as n from audit_log`)) as [{ n: number }];
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/staff/settings/calendar/year-delete.json',
    payload: { year: 2095 },
    headers: { cookie: staff },
  });
  expect(res.statusCode).toBe(404);
  const [after] = await rows<{ n: number }>(sql`select count(*)::int as n from audit_log`);
  expect(after?.n).toBe(n);
});
