import { type HomeSummary, homeSummary } from '@okuu/contracts/home/summary';
import { scheduleTeacher } from '@okuu/contracts/schedule/schedule';
import { importCheck, importKinds, importStart, importStatus, importTemplate } from '@okuu/contracts/staff/import';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, type TestApp, testChanges } from '../../../test/harness.ts';
import { inlineRow, xlsxOf } from '../../../test/xlsx.ts';
import { auditLog } from '../../db/schema/audit.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { finalResults } from '../../db/schema/transcript.ts';
import { academicYears, departments, disciplines, groups } from '../../db/schema/university.ts';
import { positions, users } from '../../db/schema/users.ts';
import type { AuthUser } from '../../lib/session.ts';
import { createCardRepository } from '../card/card.repository.ts';
import { groupMovesRecorder } from '../card/card.service.ts';
import { createImportRepository } from './import.repository.ts';
import { createImportService } from './import.service.ts';
import { readCsv } from './read-table.ts';

let t: TestApp;
/** Another instance on the same database: it answers the polls of imports the first one runs. */
let second: Awaited<ReturnType<TestApp['secondInstance']>>;
let staff: string;
let group: string;

async function upload(
  endpoint: typeof importCheck | typeof importStart,
  kind: string,
  content: Buffer | string,
  name = 'students.csv',
  cookie: string | null = staff,
) {
  const form = new FormData();
  form.append('kind', kind);
  form.append('files', new Blob([content]), name);
  const res = await t.app.inject({
    method: 'POST',
    url: endpoint.path,
    payload: form,
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

/** Starts an import and follows it to the end, as the web app does, its polls answered by the other instance. */
async function runImport(kind: string, content: Buffer | string, name = 'students.csv') {
  const started = await upload(importStart, kind, content, name);
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const job = started.body.data.job as string | null;
  if (!job) return { report: started.body.data.report, status: null };
  const seen: number[] = [];
  for (;;) {
    const polled = await second.app.inject({
      method: 'POST',
      url: importStatus.path,
      payload: { job },
      headers: { cookie: staff },
    });
    expect(polled.statusCode, polled.body).toBe(200);
    const res = { body: polled.json() };
    seen.push(res.body.data.done);
    if (res.body.data.state !== 'running') return { report: started.body.data.report, status: res.body.data, seen };
    await new Promise((r) => setTimeout(r, 50));
  }
}

const csv = (rows: string[][], sep = ',') => `${rows.map((r) => r.join(sep)).join('\r\n')}\r\n`;
const header = ['record_book', 'last_name', 'first_name', 'patronymic', 'group'];
const unique = () => `T${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}`;

beforeAll(async () => {
  t = await createTestApp();
  second = await t.secondInstance();
  staff = await t.sessionOf('staff1');
  const [g] = await t.database.db.select({ name: groups.name }).from(groups).orderBy(groups.id).limit(1);
  group = g?.name as string;
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('the CSV reader', () => {
  it('reads quoted values, "" and line breaks inside quotes, and either separator', () => {
    expect(readCsv(Buffer.from('a;b\r\n"x;1";"say ""hi"""\n'), 10)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['x;1', 'say "hi"'] },
    ]);
    expect(readCsv(Buffer.from('\ufeffa,b\n"two\nlines",c\nd,e'), 10)).toEqual([
      { line: 1, cells: ['a', 'b'] },
      { line: 2, cells: ['two\nlines', 'c'] },
      { line: 4, cells: ['d', 'e'] },
    ]);
  });
});

describe('templates', () => {
  it.each(importKinds)('of %s, filled as shown, pass their dry run as CSV and as XLSX', async (kind) => {
    for (const format of ['csv', 'xlsx'] as const) {
      const template = await t.app.inject({
        method: 'GET',
        url: importTemplate.path,
        query: { kind, format },
        headers: { cookie: staff },
      });
      expect(template.statusCode).toBe(200);
      const res = await upload(importCheck, kind, template.rawPayload, `${kind}.${format}`);
      expect(res.status).toBe(200);
      expect(res.body.data.problems, `${kind}.${format}`).toEqual([]);
      expect(res.body.data.lines).toBe(1);
    }
  });
});

describe('students import', () => {
  it('answers a template in XLSX and CSV', async () => {
    const x = await t.app.inject({
      method: 'GET',
      url: importTemplate.path,
      query: { kind: 'students', format: 'xlsx' },
      headers: { cookie: staff },
    });
    expect(x.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(x.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets[0]?.getRow(1).getCell(1).text).toBe('record_book');
    const c = await t.app.inject({
      method: 'GET',
      url: importTemplate.path,
      query: { kind: 'groups', format: 'csv' },
      headers: { cookie: staff },
    });
    expect(c.body).toContain('name,speciality_code,study_form,admission_year');
  });

  it('dry run reports bad lines by line and column, and changes nothing', async () => {
    const before = await databaseDigest(t);
    const rb = unique();
    const res = await upload(
      importCheck,
      'students',
      csv([
        header,
        [`${rb}-1`, 'Асанов', 'Нурбек', '', group],
        [`${rb}-2`, '', 'Айгүл', 'Өмүрбековна', 'NO-SUCH-GROUP'],
        [`${rb}-1`, 'Бекова', 'Жаңыл', '', group],
      ]),
    );
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.lines).toBe(3);
    expect(r.problemCount).toBe(3);
    expect(r.problems).toEqual([
      { line: 3, column: 'last_name', code: 'required', params: {} },
      { line: 3, column: 'group', code: 'unknown_group', params: { value: 'NO-SUCH-GROUP' } },
      { line: 4, column: 'record_book', code: 'duplicate_in_file', params: { line: 2 } },
    ]);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('reports a missing column and an unknown one on the header line', async () => {
    const res = await upload(
      importCheck,
      'students',
      csv([
        ['record_book', 'surname'],
        ['1', 'x'],
      ]),
    );
    expect(
      res.body.data.problems.map((p: { line: number; code: string; column: string }) => [p.line, p.code, p.column]),
    ).toEqual([
      [1, 'missing_column', 'last_name'],
      [1, 'missing_column', 'first_name'],
      [1, 'missing_column', 'patronymic'],
      [1, 'missing_column', 'group'],
      [1, 'unknown_column', 'surname'],
    ]);
  });

  it('a file with one bad line imports nothing', async () => {
    const before = await databaseDigest(t);
    const rb = unique();
    const { status, report } = await runImport(
      'students',
      csv([header, [`${rb}-1`, 'Асанов', 'Нурбек', '', group], [`${rb}-2`, 'Асанова', '', '', group]]),
    );
    expect(status).toBeNull();
    expect(report.problems).toEqual([{ line: 3, column: 'first_name', code: 'required', params: {} }]);
    expect(await databaseDigest(t)).toBe(before);
  });

  it('imports ; and , files with issued credentials, idempotently, with an audit row', async () => {
    const rb = unique();
    const rows = [
      header,
      [`${rb}-1`, 'Асанов', 'Нурбек', 'Бакытович', group],
      [`${rb}-2`, 'Өмүрова', 'Айгүл', '', group],
    ];
    const auditsBefore = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    const first = await runImport('students', csv(rows, ';'));
    expect(first.status?.state).toBe('done');
    expect(first.status?.result?.created).toBe(2);
    const creds = first.status?.result?.credentials ?? [];
    expect(creds.map((c: { key: string }) => c.key)).toEqual([`${rb}-1`, `${rb}-2`]);
    expect(creds[1]?.fullName).toBe('Өмүрова Айгүл');
    // The new student must change the issued credentials at first sign-in.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/orize.json',
      payload: { login: creds[0]?.login, password: creds[0]?.password },
    });
    expect(signIn.json().error?.code).toBe('credentials_change_required');
    const [account] = await t.database.db
      .select()
      .from(users)
      .where(eq(users.login, creds[0]?.login as string));
    expect(account?.mustChangeCredentials).toBe(true);
    expect(account?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=1024,p=1,t=1\$/);

    // The same lines again, comma-separated now: nothing changes, nothing is reissued.
    const digest = await databaseDigest(t);
    const check = await upload(importCheck, 'students', csv(rows, ','));
    expect(check.body.data).toMatchObject({ lines: 2, create: 0, update: 0, unchanged: 2, problemCount: 0 });
    const again = await runImport('students', csv(rows, ','));
    expect(again.status?.result).toMatchObject({ created: 0, updated: 0, unchanged: 2, credentials: [] });
    // Only the second audit row differs, the change path's record that the import ended (its notification), and the
    // import's own row.
    const strip = (d: string) =>
      d.replace(/^(audit_log|change_events|change_cursors|notifications|import_jobs)=.*$/gm, '');
    expect(strip(await databaseDigest(t))).toBe(strip(digest));

    // A changed name updates the student in place.
    const changed = await runImport('students', csv([header, [`${rb}-2`, 'Өмүрова', 'Айгүлүм', '', group]]));
    expect(changed.status?.result).toMatchObject({ created: 0, updated: 1 });

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'import.students'))
      .orderBy(auditLog.id);
    const auditsAfter = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog);
    expect((auditsAfter[0]?.n ?? 0) - (auditsBefore[0]?.n ?? 0)).toBe(3);
    expect(audits.at(-3)?.after).toMatchObject({ fileName: 'students.csv', lines: 2, created: 2 });
    expect(audits.at(-2)?.after).toMatchObject({ created: 0, unchanged: 2 });
  });

  it('imports XLSX', async () => {
    const rb = unique();
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('s');
    ws.addRow(header);
    ws.addRow([`${rb}-1`, 'Токтогулов', 'Эрмек', '', group]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    const done = await runImport('students', buf, 'students.xlsx');
    expect(done.status?.result?.created).toBe(1);
  });

  it('flags a Windows-1251 file and mojibake, line by line', async () => {
    // "Асанов" in Windows-1251 bytes: not UTF-8.
    const cp1251 = Buffer.concat([
      Buffer.from(`${header.join(',')}\r\n1,`),
      Buffer.from([0xc0, 0xf1, 0xe0, 0xed, 0xee, 0xe2]),
      Buffer.from(`,X,,${group}\r\n`),
    ]);
    const a = await upload(importCheck, 'students', cp1251);
    expect(a.body.data.problems[0]).toMatchObject({ line: 2, code: 'bad_encoding' });
    // UTF-8 read as Windows-1251 and saved again: "РђСЃР°РЅРѕРІ".
    const garbled = new TextDecoder('windows-1251').decode(Buffer.from('Асанов'));
    const b = await upload(importCheck, 'students', csv([header, ['1', garbled, 'X', '', group]]));
    expect(b.body.data.problems[0]).toMatchObject({ line: 2, code: 'bad_encoding' });
    // Kyrgyz letters are fine.
    const c = await upload(importCheck, 'students', csv([header, [unique(), 'Үсөнбаев', 'Ңурбек', 'Сёмин', group]]));
    expect(c.body.data.problemCount).toBe(0);
  });

  it('is for staff only', async () => {
    const student = await t.signIn('student1');
    expect((await upload(importCheck, 'students', csv([header]), 'a.csv', student)).status).toBe(403);
    expect((await upload(importCheck, 'students', csv([header]), 'a.csv', null)).status).toBe(401);
  });
});

describe('teachers import', () => {
  it('creates teachers with issued tch logins, keyed by personnel number, idempotently', async () => {
    const [d] = await t.database.db
      .select({ name: departments.name })
      .from(departments)
      .orderBy(departments.id)
      .limit(1);
    const [p] = await t.database.db
      .select({ name_en: positions.nameEn })
      .from(positions)
      .orderBy(positions.id)
      .limit(1);
    const n = unique();
    const head = ['staff_number', 'last_name', 'first_name', 'patronymic', 'department', 'position'];
    const bad = await upload(importCheck, 'teachers', csv([head, [n, 'Осмонова', 'Гүлнара', '', 'No dept', 'No pos']]));
    expect(bad.body.data.problems.map((x: { code: string }) => x.code)).toEqual([
      'unknown_department',
      'unknown_position',
    ]);
    // The position by its English name: any of the three names will do.
    const file = csv([head, [n, 'Осмонова', 'Гүлнара', 'Асановна', d?.name as string, p?.name_en as string]]);
    const first = await runImport('teachers', file, 'teachers.csv');
    expect(first.status?.result?.created).toBe(1);
    expect(first.status?.result?.credentials[0]?.login).toMatch(/^tch\d{6}$/);
    const again = await runImport('teachers', file, 'teachers.csv');
    expect(again.status?.result).toMatchObject({ created: 0, unchanged: 1, credentials: [] });
    const [row] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(teacherProfiles)
      .where(eq(teacherProfiles.staffNumber, n));
    expect(row?.n).toBe(1);
  });
});

describe('final grades import', () => {
  it('records final results keyed by student, discipline, year and half-year; re-import changes nothing', async () => {
    const rb = unique();
    await runImport('students', csv([header, [rb, 'Жумабаева', 'Нуриза', '', group]]));
    const [d] = await t.database.db
      .select({ code: disciplines.code })
      .from(disciplines)
      .orderBy(disciplines.id)
      .limit(1);
    const [y] = await t.database.db
      .select({ id: academicYears.id })
      .from(academicYears)
      .orderBy(academicYears.id)
      .limit(1);
    const head = ['record_book', 'discipline_code', 'academic_year', 'half_year', 'semester', 'credits', 'points'];
    const year = `${y?.id}-${(y?.id ?? 0) + 1}`;
    const bad = await upload(
      importCheck,
      'grades',
      csv([head, ['nobody', 'NOPE', '1900', '4', '1', '0', '101']]),
      'grades.csv',
    );
    expect(bad.body.data.problems.map((p: { column: string; code: string }) => `${p.column}:${p.code}`)).toEqual([
      'record_book:unknown_student',
      'discipline_code:unknown_discipline',
      'academic_year:unknown_year',
      'half_year:out_of_range',
      'credits:out_of_range',
      'points:out_of_range',
    ]);
    const file = csv([head, [rb, d?.code as string, year, '1', '1', '5', '87']]);
    expect((await runImport('grades', file, 'grades.csv')).status?.result).toMatchObject({ created: 1 });
    expect((await runImport('grades', file, 'grades.csv')).status?.result).toMatchObject({ created: 0, unchanged: 1 });
    const changed = csv([head, [rb, d?.code as string, String(y?.id), '1', '1', '5', '91']]);
    expect((await runImport('grades', changed, 'grades.csv')).status?.result).toMatchObject({ updated: 1 });
    const rows = await t.database.db
      .select({ points: finalResults.points })
      .from(finalResults)
      .innerJoin(studentProfiles, eq(studentProfiles.userId, finalResults.studentId))
      .where(eq(studentProfiles.recordBook, rb));
    expect(rows).toEqual([{ points: 91 }]);
  });
});

describe('timetable import', () => {
  it("adds a whole group's lesson once; a clash is reported by line and nothing imported", async () => {
    const assignments = (
      (await t.database.db.execute(sql`
        select a.id, g.name as "group", a.academic_year_id as year, a.half_year_kind as half, d.code, k.name as kind,
               u.login, a.teacher_id as teacher
        from teaching_assignments a join groups g on g.id = a.group_id join disciplines d on d.id = a.discipline_id
        join lesson_kinds k on k.id = a.lesson_kind_id join users u on u.id = a.teacher_id
        where a.subgroup_id is null order by a.id`)) as unknown as {
        rows: {
          group: string;
          year: number;
          half: number;
          code: string;
          kind: string;
          login: string;
          teacher: number;
        }[];
      }
    ).rows;
    const a = assignments[0];
    // Another group's lesson, with another teacher, in the same half-year: it can only clash by its room.
    const b = assignments.find(
      (x) => x.group !== a?.group && x.teacher !== a?.teacher && x.year === a?.year && x.half === a?.half,
    );
    const rooms = (
      (await t.database.db.execute(
        sql`select b.short_name || '-' || r.number as label from rooms r join buildings b on b.id = r.building_id order by r.id`,
      )) as unknown as { rows: { label: string }[] }
    ).rows;
    if (!a || !b || rooms.length < 3) throw new Error('The seed has no assignments or rooms to use');
    const head = [
      'group',
      'academic_year',
      'half_year',
      'day',
      'slot',
      'week',
      'discipline_code',
      'lesson_kind',
      'teacher',
      'room',
    ];
    // Sunday, the last slot: free in the demo timetable.
    const [slot] = (
      (await t.database.db.execute(sql`select max(number)::int as n from time_slots`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    const cell = ['7', String(slot?.n), 'every'];
    const lineA = [
      a.group,
      String(a.year),
      String(a.half),
      ...cell,
      a.code,
      a.kind,
      a.login,
      rooms[0]?.label as string,
    ];
    const lineB = [
      b.group,
      String(b.year),
      String(b.half),
      ...cell,
      b.code,
      b.kind,
      b.login,
      rooms[0]?.label as string,
    ];

    const before = await databaseDigest(t);
    const clash = await runImport('timetable', csv([head, lineA, lineB]), 'timetable.csv');
    expect(clash.status).toBeNull();
    expect(clash.report.problems).toEqual([{ line: 3, column: '', code: 'room_busy', params: {} }]);
    const wrong = await upload(
      importCheck,
      'timetable',
      csv([head, [...lineA.slice(0, 8), b.login, rooms[1]?.label as string]]),
    );
    expect(wrong.body.data.problems.map((p: { code: string }) => p.code)).toEqual(
      b.teacher === a.teacher ? [] : ['no_assignment'],
    );
    expect(await databaseDigest(t)).toBe(before);

    // The teacher's week, kept ready from before the import, shows the new lesson at once.
    const teacher = await t.signIn(a.login);
    const sunday = async () =>
      (await t.call(scheduleTeacher, { year: a.year, ws: a.half }, { cookie: teacher })).body.data.days[6]?.lessons
        .length ?? 0;
    const sundayBefore = await sunday();
    const file = csv([head, lineA, [...lineB.slice(0, 9), rooms[1]?.label as string]]);
    expect((await runImport('timetable', file, 'timetable.csv')).status?.result).toMatchObject({ created: 2 });
    expect(await sunday()).toBe(sundayBefore + 1);
    expect((await runImport('timetable', file, 'timetable.csv')).status?.result).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 2,
    });
    // A takes B's room as B moves on to a third: a chain of moves, in either order; the lessons change in place.
    const moved = csv([
      head,
      [...lineA.slice(0, 9), rooms[1]?.label as string],
      [...lineB.slice(0, 9), rooms[2]?.label as string],
    ]);
    expect((await runImport('timetable', moved, 'timetable.csv')).status?.result).toMatchObject({ updated: 2 });
  });
});

describe('groups import', () => {
  it('creates a group, then changes nothing on re-import', async () => {
    const name = `G-${unique()}`;
    const file = csv([
      ['name', 'speciality_code', 'study_form', 'admission_year'],
      [name, '710400', 'full_time', '2025'],
    ]);
    const bad = await upload(
      importCheck,
      'groups',
      csv([
        ['name', 'speciality_code', 'study_form', 'admission_year'],
        [name, 'nope', 'evening', '1800'],
      ]),
    );
    expect(bad.body.data.problems.map((p: { column: string }) => p.column)).toEqual([
      'speciality_code',
      'study_form',
      'admission_year',
    ]);
    expect((await runImport('groups', file, 'groups.csv')).status?.result?.created).toBe(1);
    expect((await runImport('groups', file, 'groups.csv')).status?.result).toMatchObject({ created: 0, unchanged: 1 });
  });
});

describe('ten thousand students', () => {
  it('imports within a minute, with progress', async () => {
    const rb = unique();
    const rows = [header];
    for (let i = 0; i < 10_000; i++) rows.push([`${rb}-${i}`, `Фамилия${i}`, `Имя${i}`, '', group]);
    const started = Date.now();
    const done = await runImport('students', csv(rows));
    const ms = Date.now() - started;
    console.log(`10k students imported in ${ms} ms; progress seen: ${done.seen?.length} polls`);
    expect(done.status?.state).toBe('done');
    expect(done.status?.result?.created).toBe(10_000);
    expect(new Set(done.status?.result?.credentials.map((c: { login: string }) => c.login)).size).toBe(10_000);
  }, 180_000);
});

describe('large and hostile files', () => {
  /** The dry run of an XLSX, timed. */
  async function checkXlsx(buf: Buffer) {
    const started = Date.now();
    const res = await upload(importCheck, 'students', buf, 'big.xlsx');
    return { ...res, ms: Date.now() - started };
  }

  it('stops a sheet of 3.8 million one-cell rows at the line limit, quickly, with the usual report', async () => {
    function* rows() {
      for (let i = 1; i <= 3_800_000; i++) yield `<row r="${i}"><c><v>${i}</v></c></row>`;
    }
    const buf = await xlsxOf(rows());
    console.log(`3.8 million rows: ${(buf.length / 1e6).toFixed(1)} MB of XLSX`);
    const res = await checkXlsx(buf);
    console.log(`3.8 million rows: refused in ${res.ms} ms`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      problemCount: 1,
      problems: [{ line: 0, column: '', code: 'too_many_lines', params: { max: 20_000 } }],
    });
    expect(res.ms).toBeLessThan(10_000);
  }, 120_000);

  it('refuses a zip bomb (a cell or a shared string that inflates to 200 MB) quickly, with the usual report', async () => {
    function* giant() {
      const mb = 'A'.repeat(1024 * 1024);
      for (let i = 0; i < 200; i++) yield mb;
    }
    const header = inlineRow(1, ['record_book', 'last_name', 'first_name', 'patronymic', 'group']);
    const inCell = await xlsxOf([
      header,
      '<row r="2"><c r="A2" t="inlineStr"><is><t>',
      ...giant(),
      '</t></is></c></row>',
    ]);
    const inShared = await xlsxOf(
      [header, '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'],
      ['<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>', ...giant(), '</t></si></sst>'],
    );
    for (const bomb of [inCell, inShared]) {
      expect(bomb.length).toBeLessThan(1_000_000);
      const res = await checkXlsx(bomb);
      console.log(`a ${(bomb.length / 1e3).toFixed(0)} kB zip bomb: refused in ${res.ms} ms`);
      expect(res.status).toBe(200);
      expect(res.body.data.problems).toEqual([{ line: 0, column: '', code: 'too_large', params: { max: 64 } }]);
      expect(res.ms).toBeLessThan(5_000);
    }
  }, 120_000);

  it('answers /healthz while a sheet of 20,000 lines is read', async () => {
    const rb = unique();
    function* rows() {
      yield inlineRow(1, header);
      for (let i = 0; i < 20_000; i++) {
        yield inlineRow(i + 2, [`${rb}-${i}`, `Фамилия${i} Длинная`, `Имя${i} Двойное`, `Отчество${i}`, group]);
      }
    }
    const buf = await xlsxOf(rows());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
    const form = new FormData();
    form.append('kind', 'students');
    form.append('files', new Blob([buf]), 'students.xlsx');
    let checking = true;
    const checked = fetch(`${base}${importCheck.path}`, { method: 'POST', body: form, headers: { cookie: staff } })
      .then(async (r) => ({ status: r.status, body: (await r.json()) as { data: unknown } }))
      .finally(() => {
        checking = false;
      });
    const waits: number[] = [];
    while (checking) {
      const sent = performance.now();
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      waits.push(performance.now() - sent);
      await new Promise((r) => setTimeout(r, 25));
    }
    const res = await checked;
    console.log(
      `20,000 lines checked while /healthz answered ${waits.length} times, the slowest in ${Math.round(Math.max(...waits))} ms`,
    );
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ lines: 20_000, create: 20_000, problemCount: 0 });
    expect(waits.length).toBeGreaterThan(5);
    expect(Math.max(...waits)).toBeLessThan(600);
  }, 120_000);

  it('refuses control, zero-width and bidirectional-control characters by line and column, in the dry run and the import', async () => {
    const before = await databaseDigest(t);
    const rb = unique();
    const file = csv([
      header,
      [`${rb}-1`, 'Ива\u0000нов', 'Иван', '', group],
      [`${rb}-2`, 'Петров', 'Айбек\u200b', '', group],
      [`${rb}-3`, 'Сидоров', 'Нурлан', '\u202eчивокат', group],
      [`${rb}-4`, 'Асанов', 'Бакыт', '', `${group}\u2066`],
      [`${rb}-5`, 'Чистый', 'Ряд', '', group],
    ]);
    const expected = [
      { line: 2, column: 'last_name', code: 'invisible_character', params: { char: 'U+0000' } },
      { line: 3, column: 'first_name', code: 'invisible_character', params: { char: 'U+200B' } },
      { line: 4, column: 'patronymic', code: 'invisible_character', params: { char: 'U+202E' } },
      { line: 5, column: 'group', code: 'invisible_character', params: { char: 'U+2066' } },
    ];
    const checked = await upload(importCheck, 'students', file);
    expect(checked.body.data.problems).toEqual(expected);
    const started = await upload(importStart, 'students', file);
    expect(started.body.data).toMatchObject({ job: null, report: { problems: expected } });
    expect(await databaseDigest(t)).toBe(before);
  });
});

describe('a failed import', () => {
  const logged: Record<string, unknown>[] = [];
  let service: ReturnType<typeof createImportService>;
  let actor: AuthUser;
  beforeAll(async () => {
    service = createImportService({
      repo: createImportRepository(t.database.db, testChanges(t.database)),
      log: { error: (details, message) => logged.push({ ...details, message }) },
      recordGroupMoves: groupMovesRecorder(createCardRepository(t.database.db, testChanges(t.database))),
    });
    const [u] = await t.database.db.select().from(users).where(eq(users.login, 'staff1'));
    actor = { id: u?.id as number, role: 3, login: 'staff1', fullName: 'Staff' } as AuthUser;
  });

  it('says the data changed since the check, and logs it with its job id', async () => {
    const name = `CHG-${unique()}`;
    expect(
      (
        await runImport(
          'groups',
          csv([
            ['name', 'speciality_code', 'study_form', 'admission_year'],
            [name, '710400', 'full_time', '2024'],
          ]),
          'g.csv',
        )
      ).status?.state,
    ).toBe('done');
    const rb = unique();
    const rows = [header];
    for (let i = 0; i < 1500; i++) rows.push([`${rb}-${i}`, `Фамилия${i}`, `Имя${i}`, '', name]);
    const { job } = await service.start(actor, 'students', 'students.csv', Buffer.from(csv(rows)));
    expect(job).not.toBeNull();
    // While its passwords are hashed, the group is renamed: inside its transaction the file no longer matches.
    await t.database.db
      .update(groups)
      .set({ name: `${name}-renamed` })
      .where(eq(groups.name, name));
    await service.idle();
    const status = await service.status(actor, job as string);
    expect(status).toMatchObject({ state: 'failed', reason: 'changed', result: null });
    // Staff's home lists it, by what it imported and from which file.
    expect((await service.failedImports(10))?.latest[0]).toMatchObject({
      kind: 'students',
      fileName: 'students.csv',
      reason: 'changed',
    });
    expect(logged).toContainEqual(expect.objectContaining({ jobId: job, reason: 'changed', message: 'import failed' }));
  }, 120_000);

  it('two imports of the same new students at once: one creates them, the other changes nothing or fails as a conflict', async () => {
    const rb = unique();
    const rows = [header];
    for (let i = 0; i < 400; i++) rows.push([`${rb}-${i}`, `Фамилия${i}`, `Имя${i}`, '', group]);
    const file = Buffer.from(csv(rows));
    const jobs = await Promise.all([1, 2].map(() => service.start(actor, 'students', 'same.csv', file)));
    await service.idle();
    const ends = await Promise.all(jobs.map((j) => service.status(actor, j.job as string)));
    // On PostgreSQL the second runs into the first's rows (unique record books): a conflict, said and logged. Where
    // the two transactions take turns (PGlite), the second finds the students there and changes nothing.
    console.log(
      `two imports at once: ${ends.map((e) => (e.reason ? `${e.state} (${e.reason})` : e.state)).join(', ')}`,
    );
    expect(ends.map((e) => e.result?.created ?? 0).sort()).toEqual([0, 400]);
    for (const [i, end] of ends.entries()) {
      if (end.state === 'failed') {
        expect(end.reason).toBe('conflict');
        expect(logged).toContainEqual(expect.objectContaining({ jobId: jobs[i]?.job, reason: 'conflict' }));
      } else expect(end).toMatchObject({ state: 'done', reason: null });
    }
  }, 120_000);

  it("stays on staff's home until a successful import of its kind follows; a lost one counts too", async () => {
    // A students import failed ten minutes ago; a grades import's instance went quiet two minutes ago.
    await t.database.db.execute(sql`delete from import_jobs`);
    await t.database.db.execute(
      sql`insert into import_jobs (id, actor_id, kind, file_name, state, done, total, reason, updated_at) values
          ('failed-students', ${actor.id}, 'students', 'students.csv', 'failed', 0, 5, 'changed', now() - interval '10 minutes'),
          ('lost-grades', ${actor.id}, 'grades', 'grades.xlsx', 'running', 1, 5, null, now() - interval '2 minutes')`,
    );
    const home = await second.app.inject({ method: 'GET', url: homeSummary.path, headers: { cookie: staff } });
    const imports = (home.json() as { data: HomeSummary }).data.cards.imports;
    expect(imports?.latest[0]).toMatchObject({ kind: 'grades', fileName: 'grades.xlsx', reason: 'interrupted' });
    expect(imports?.latest).toContainEqual(
      expect.objectContaining({ kind: 'students', fileName: 'students.csv', reason: 'changed' }),
    );
    expect(imports?.count).toBe(2);

    // A successful import of students takes the students' failures off the queue; its passwords go once answered.
    const done = await runImport('students', csv([header, [unique(), 'Алиева', 'Айгерим', '', group]]));
    expect(done.status?.state).toBe('done');
    const after = (await service.failedImports(10)) ?? { count: 0, latest: [] };
    expect(after.latest.map((f) => f.kind)).toEqual(['grades']);
    const [kept] = (
      (await t.database.db.execute(
        sql`select result from import_jobs where kind = 'students' and state = 'done' order by updated_at desc limit 1`,
      )) as unknown as { rows: { result: unknown }[] }
    ).rows;
    expect(kept).toEqual({ result: null });
    // Another role's home has no such card.
    const teacherHome = await t.call(homeSummary, {}, { cookie: await t.sessionOf('teacher1') });
    expect(teacherHome.body.data.cards.imports).toBeUndefined();
  }, 120_000);

  it('says it was interrupted when its instance stopped writing, and logs it', async () => {
    await t.database.db.execute(
      sql`insert into import_jobs (id, actor_id, state, done, total, updated_at)
          values ('lost-job', ${actor.id}, 'running', 3, 10, now() - interval '2 minutes')`,
    );
    expect(await service.status(actor, 'lost-job')).toMatchObject({ state: 'failed', reason: 'interrupted' });
    expect(logged).toContainEqual(expect.objectContaining({ jobId: 'lost-job', reason: 'interrupted' }));
  });
});
