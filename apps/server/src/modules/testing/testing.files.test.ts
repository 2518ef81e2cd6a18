import { deflateSync } from 'node:zlib';
import type { Endpoint } from '@okuu/contracts/endpoint';
import { bankList, questionDelete, questionSave, testingDisciplines } from '@okuu/contracts/testing/bank';
import { bankExport, bankImport, bankTemplate } from '@okuu/contracts/testing/bank-file';
import { attemptImageFile, questionImageFile, questionImageSave } from '@okuu/contracts/testing/images';
import { testResultsXlsx } from '@okuu/contracts/testing/results';
import { answerSave, attemptStart, attemptSubmit } from '@okuu/contracts/testing/taking';
import { testSave } from '@okuu/contracts/testing/tests';
import { type SQL, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { setFileTime, storageDigest, storedFiles } from '../../../test/multipart.ts';
import { academicYearOf } from '../../lib/academic-calendar.ts';
import { createFilesRepository } from '../files/files.repository.ts';
import { createFilesService } from '../files/files.service.ts';
import { splitList } from './testing.bank-file.ts';

/** The server's clock, fixed: a day of the seeded fall half-year, 13:10 in Bishkek (the tests' window is 13–14). */
const year = academicYearOf(new Date());
const day = `${year}-11-25`;
const clock = new Date(`${day}T07:10:00Z`);

let t: TestApp;
let teacher: string;
let otherTeacher: string;
let student: string;
let classmate: string;
let disciplineId = 0;
let groupId = 0;

async function rows<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** A multipart call with one file part. */
async function upload(
  endpoint: Endpoint,
  fields: Record<string, string>,
  file: Buffer | null,
  name: string,
  cookie: string,
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('files', new Blob([file]), name);
  const res = await t.app.inject({ method: 'POST', url: endpoint.path, payload: form, headers: { cookie } });
  return { status: res.statusCode, body: res.json() };
}

/** A GET of a file endpoint: status, headers and bytes. */
async function download(endpoint: Endpoint, query: Record<string, string | number>, cookie: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: endpoint.path,
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
    headers: { cookie },
  });
  return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
}

const importFile = (file: Buffer, name: string, cookie = teacher) =>
  upload(bankImport, { id_discipline: String(disciplineId) }, file, name, cookie);

/** The bank as its content: no ids, use counts or images (what a file carries). */
const content = async () =>
  (await t.call(bankList, { id_discipline: disciplineId }, { cookie: teacher })).body.data.map(
    ({ id: _i, used: _u, image: _m, ...q }) => q,
  );

async function clearBank() {
  for (const q of (await t.call(bankList, { id_discipline: disciplineId }, { cookie: teacher })).body.data)
    expect((await t.call(questionDelete, { id: q.id }, { cookie: teacher })).status).toBe(200);
}

/** A 2×1 PNG, made here (a signature, IHDR, IDAT and IEND with their CRCs). */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), body.length + 4);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(2, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 255, 0, 0, 0, 0, 255]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

beforeAll(async () => {
  t = await createTestApp({}, { now: () => clock });
  teacher = await t.signIn('teacher1');
  otherTeacher = await t.signIn('teacher2');
  student = await t.signIn('student1');
  classmate = await t.signIn('student2');
  const [group] = await rows<{ groupId: number }>(sql`select group_id as "groupId" from student_profiles sp
    join users u on u.id = sp.user_id where u.login = 'student1'`);
  groupId = (group as { groupId: number }).groupId;
  const list = (await t.call(testingDisciplines, {}, { cookie: teacher })).body.data;
  const d = list.find((x) => x.audiences.some((a) => a.kind === 'group' && a.id === groupId));
  disciplineId = (d as { id_discipline: number }).id_discipline;
});
afterAll(() => t.close());

describe('list cells', () => {
  it('splits at | and reads \\| and \\\\ as the item’s own', () => {
    expect(splitList('a | b|c ')).toEqual(['a', 'b', 'c']);
    expect(splitList(String.raw`x \| y | back\\slash`)).toEqual(['x | y', 'back\\slash']);
    expect(splitList('  ')).toEqual([]);
  });
});

describe('question bank import', () => {
  it('imports the template (CSV and XLSX): a question of every kind, topics and points', async () => {
    for (const format of ['csv', 'xlsx'] as const) {
      await clearBank();
      const template = await download(bankTemplate, { format }, teacher);
      expect(template.status).toBe(200);
      expect(template.headers['content-disposition']).toContain(`question-bank-template.${format}`);
      const res = await importFile(template.bytes, `template.${format}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toEqual({ rows: 5, imported: 5, problemCount: 0, problems: [] });
      const bank = await content();
      expect(bank.map((q) => q.kind).sort()).toEqual(['matching', 'multiple', 'number', 'single', 'text']);
      const byKind = Object.fromEntries(bank.map((q) => [q.kind, q]));
      expect(byKind.single).toMatchObject({ topic: 'География', options: ['Бишкек', 'Ош', 'Каракол'], correct: [0] });
      expect(byKind.multiple).toMatchObject({ points: 2, correct: [0, 1, 3] });
      expect(byKind.text).toMatchObject({ topic: 'История', accepted: ['Манас', 'эпос Манас'] });
      expect(byKind.number).toMatchObject({ value: 3.14, tolerance: 0.01 });
      expect(byKind.matching?.pairs).toEqual([
        { left: 'Бишкек', right: 'Кыргызстан' },
        { left: 'Алматы', right: 'Казахстан' },
        { left: 'Ташкент', right: 'Узбекистан' },
      ]);
    }
  });

  it('refuses a file with bad rows, naming each by row and column, and changes nothing', async () => {
    const header = 'topic,kind,text,points,options,correct,accepted,value,tolerance,left,right';
    const lines = [
      header,
      'T,essay,Какой?,1,,,,,,,', // 2 an unknown kind
      'T,single,Выберите,1,a|b|c,1|2,,,,,', // 3 two correct options of a single choice
      'T,multiple,Выберите,1,a|b|c,1|5,,,,,', // 4 an option number past the options
      'T,text,Назовите,1,,,,,,,', // 5 no accepted answer
      'T,number,Сколько?,1,,,,abc,,,', // 6 a value that is no number
      'T,matching,Сопоставьте,1,,,,,,a|b|c,x|y', // 7 columns of different lengths
      'T,single,Выберите,0,a|b,1,,,,,', // 8 points out of range
      'T,single,Выберите,1,a|b,1,да,,,,', // 9 a column the kind does not use
      'T,text,,1,,,да,,,,', // 10 no question text
      'T,multiple,Выберите,1,a,1,,,,,', // 11 one option only
      'T,single,Хороший вопрос,1,a|b,2,,,,,', // 12 good: still not imported
      'T,multiple,Выберите,1,a|a|b,1,,,,,', // 13 an option twice
      'T,number,Сколько?,1,,,,5,-1,,', // 14 a negative tolerance
      'T,single,Выберите,1.5,a|b,1,,,,,', // 15 points not whole
    ];
    const before = `${await databaseDigest(t)}\n${await storageDigest(t)}`;
    const res = await importFile(Buffer.from(lines.join('\n'), 'utf8'), 'bad.csv');
    expect(res.status).toBe(200);
    const found = res.body.data.problems.map((p: { row: number; column: string; code: string }) =>
      [p.row, p.column, p.code].join(' '),
    );
    expect(found).toEqual([
      '2 kind invalid_choice',
      '3 correct one_correct',
      '4 correct out_of_range',
      '5 accepted required',
      '6 value not_a_number',
      '7 right count_mismatch',
      '8 points out_of_range',
      '9 accepted not_used',
      '10 text required',
      '11 options too_few',
      '13 options repeated',
      '14 tolerance out_of_range',
      '15 points not_integer',
    ]);
    expect(res.body.data).toMatchObject({ rows: 14, imported: 0, problemCount: 13 });
    expect(`${await databaseDigest(t)}\n${await storageDigest(t)}`).toBe(before);
  });

  it('refuses files it cannot read, with a wrong header or empty, changing nothing', async () => {
    const before = await databaseDigest(t);
    const codes = async (file: Buffer, name: string) =>
      (await importFile(file, name)).body.data.problems.map((p: { code: string; params: object }) => p.code);
    expect(await codes(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3, 4, 5]), 'broken.xlsx')).toEqual(['unreadable']);
    expect(await codes(Buffer.from('', 'utf8'), 'empty.csv')).toEqual(['empty']);
    expect(await codes(Buffer.from('kind,text\n', 'utf8'), 'header-only.csv')).toEqual(['empty']);
    expect(await codes(Buffer.from('kind,question\nsingle,x\n', 'utf8'), 'header.csv')).toEqual([
      'unknown_column',
      'missing_column',
    ]);
    expect(await codes(Buffer.from('kind,text,text\nsingle,x,y\n', 'utf8'), 'twice.csv')).toEqual(['duplicate_column']);
    // Windows-1251 bytes are no UTF-8: the row is named, not imported as garbage.
    const cp1251 = Buffer.concat([
      Buffer.from('kind,text,accepted\ntext,', 'utf8'),
      Buffer.from([0xc4, 0xe0]),
      Buffer.from(',x\n'),
    ]);
    expect(await codes(cp1251, 'cp1251.csv')).toEqual(['bad_encoding']);
    const many = ['kind,text,accepted', ...Array.from({ length: 1001 }, (_, i) => `text,Q${i},a`)].join('\n');
    expect(await codes(Buffer.from(many, 'utf8'), 'many.csv')).toEqual(['too_many_rows']);
    expect(await databaseDigest(t)).toBe(before);
    // Only the discipline's teachers import into its bank.
    const foreign = await importFile(Buffer.from('kind,text,accepted\ntext,x,y\n'), 'x.csv', otherTeacher);
    expect(foreign.status).toBe(400);
    expect(await databaseDigest(t)).toBe(before);
  });
});

describe('question bank export', () => {
  it('round trip: an exported bank, imported into an emptied bank, is the same bank (CSV and XLSX)', async () => {
    await clearBank();
    // Texts that test the file: quotes, commas, semicolons, line breaks, a formula-like start, | and \ in items.
    const tricky = [
      {
        kind: 'single',
        topic: 'Тема, с запятой',
        text: 'Строка 1\nСтрока "2"; и ещё',
        options: ['=1+1', 'a | b', 'c\\d'],
        correct: [1],
      },
      { kind: 'multiple', topic: '', text: '-минус в начале', points: 3, options: ['@x', '+y', 'z'], correct: [0, 2] },
      { kind: 'text', topic: 'Ü ң ө ү', text: 'Ответ?', accepted: ['Манас', 'a|b'] },
      { kind: 'number', topic: 'Числа', text: 'Сколько?', value: -12.5, tolerance: 0.25 },
      { kind: 'number', topic: 'Числа', text: 'Ноль?', value: 0 },
      {
        kind: 'matching',
        topic: 'Пары',
        text: 'Сопоставьте',
        points: 4,
        pairs: [
          { left: 'один', right: '1' },
          { left: 'два; три', right: '"2"' },
        ],
      },
    ];
    for (const q of tricky) {
      const saved = await t.call(questionSave, { id: -1, id_discipline: disciplineId, ...q }, { cookie: teacher });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const original = await content();
    expect(original).toHaveLength(tricky.length);
    for (const format of ['csv', 'xlsx'] as const) {
      const file = await download(bankExport, { id_discipline: disciplineId, format }, teacher);
      expect(file.status).toBe(200);
      await clearBank();
      expect(await content()).toEqual([]);
      const res = await importFile(file.bytes, `bank.${format}`);
      expect(res.body.data, JSON.stringify(res.body)).toMatchObject({ imported: tricky.length, problemCount: 0 });
      expect(await content()).toEqual(original);
    }
    // The XLSX holds points, value and tolerance as numbers.
    const xlsx = await download(bankExport, { id_discipline: disciplineId, format: 'xlsx' }, teacher);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.bytes as unknown as ArrayBuffer);
    const sheet = book.worksheets[0] as ExcelJS.Worksheet;
    const numberRow = sheet.getRows(2, sheet.rowCount - 1)?.find((r) => r.getCell(2).value === 'number');
    expect(typeof numberRow?.getCell(4).value).toBe('number');
    expect(typeof numberRow?.getCell(8).value).toBe('number');
  });

  it('is only for the discipline’s teachers', async () => {
    expect((await download(bankExport, { id_discipline: disciplineId, format: 'csv' }, otherTeacher)).status).toBe(400);
    expect((await download(bankExport, { id_discipline: disciplineId, format: 'csv' }, student)).status).toBe(403);
  });
});

describe('question images and results export', () => {
  let questionId = 0;
  let testId = 0;
  let attemptId = 0;
  const image = png();

  it('stores an image with its alt text; refuses what is not a picture or too large', async () => {
    await clearBank();
    const saved = await t.call(
      questionSave,
      {
        id: -1,
        id_discipline: disciplineId,
        topic: 'Картинки',
        kind: 'single',
        text: 'Что на рисунке?',
        options: ['Флаг', 'Герб'],
        correct: [0],
      },
      { cookie: teacher },
    );
    questionId = saved.body.data.id;
    const before = `${await databaseDigest(t)}\n${await storageDigest(t)}`;
    const html = await upload(
      questionImageSave,
      { id: String(questionId), alt: 'x' },
      Buffer.from('<svg onload=alert(1)>'),
      'a.png',
      teacher,
    );
    expect(html.status).toBe(415);
    const big = Buffer.concat([image, Buffer.alloc(2 * 1024 * 1024)]);
    const large = await upload(questionImageSave, { id: String(questionId), alt: 'x' }, big, 'big.png', teacher);
    expect(large.status).toBe(413);
    const foreign = await upload(questionImageSave, { id: String(questionId), alt: 'x' }, image, 'a.png', otherTeacher);
    expect(foreign.status).toBe(404);
    expect(`${await databaseDigest(t)}\n${await storageDigest(t)}`).toBe(before);

    const res = await upload(
      questionImageSave,
      { id: String(questionId), alt: 'Красный и синий' },
      image,
      'flag.png',
      teacher,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.image.alt).toBe('Красный и синий');
    const own = await download(questionImageFile, { id: questionId }, teacher);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(own.bytes, image)).toBe(0);
    // Editing the question keeps its image; the alt text changes alone.
    const edited = await t.call(
      questionSave,
      {
        id: questionId,
        id_discipline: disciplineId,
        topic: 'Картинки',
        kind: 'single',
        text: 'Что это?',
        options: ['Флаг', 'Герб'],
        correct: [0],
      },
      { cookie: teacher },
    );
    expect(edited.body.data.image?.alt).toBe('Красный и синий');
    const alt = await upload(questionImageSave, { id: String(questionId), alt: 'Флаг' }, null, '', teacher);
    expect(alt.body.data.image.alt).toBe('Флаг');
  });

  it('an image counts toward its teacher’s storage quota, and the orphan sweep keeps it', async () => {
    const [me] = await rows<{ id: number }>(sql`select id from users where login = 'teacher1'`);
    const [stored] = await rows<{ key: string; size: string }>(
      sql`select body->'image'->>'key' as key, body->'image'->>'size' as size from test_questions
        where id = ${questionId}`,
    );
    const filesRepo = createFilesRepository(t.database.db);
    const used = await filesRepo.usedBy(me?.id as number);
    const files = (quotaBytes: number) => createFilesService({ repo: filesRepo, storage: t.storage, quotaBytes });
    // A quota the teacher's files already fill refuses the next image, and nothing changes.
    const before = `${await databaseDigest(t)}\n${await storageDigest(t)}`;
    await expect(files(used).checkQuota(me?.id as number, image.length)).rejects.toMatchObject({
      code: 'storage_quota',
    });
    await expect(files(used + image.length).checkQuota(me?.id as number, image.length)).resolves.toBeUndefined();
    // Without the image, the teacher's files take its bytes less.
    await rows(sql`update test_questions set body = body - 'image' where id = ${questionId}`);
    expect(await filesRepo.usedBy(me?.id as number)).toBe(used - Number(stored?.size));
    await rows(
      sql`update test_questions set body = jsonb_set(body, '{image}', ${JSON.stringify({
        key: stored?.key,
        type: 'image/png',
        size: Number(stored?.size),
        alt: 'Флаг',
        by: me?.id,
      })}::jsonb) where id = ${questionId}`,
    );
    expect(`${await databaseDigest(t)}\n${await storageDigest(t)}`).toBe(before);

    // Two hours old, the image stays; a file under testing/ that no question names goes.
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    const stray = `testing/${disciplineId}/0123456789abcdef0123456789abcdef`;
    await t.storage.put(stray, Buffer.from('x'));
    await setFileTime(t, stray, hoursAgo);
    await setFileTime(t, stored?.key as string, hoursAgo);
    expect(await files(used).sweepOrphans()).toBeGreaterThanOrEqual(1);
    const left = await storedFiles(t);
    expect(left).toContain(stored?.key);
    expect(left).not.toContain(stray);
    expect((await download(questionImageFile, { id: questionId }, teacher)).status).toBe(200);
  });

  it('a student reaches a question’s image only inside their own started attempt', async () => {
    // Before any attempt: the bank's address is a teacher's, and no attempt of theirs names the question.
    expect((await download(questionImageFile, { id: questionId }, student)).status).toBe(403);
    const [other] = await rows<{ id: number }>(sql`select id from test_attempts order by id limit 1`);
    for (const attempt of [1, other?.id ?? 1])
      expect((await download(attemptImageFile, { id: attempt, question: questionId }, student)).status).toBe(404);

    const made = await t.call(
      testSave,
      {
        id: -1,
        id_discipline: disciplineId,
        title: 'С картинкой',
        audienceKind: 'group',
        audienceId: groupId,
        questionIds: [questionId],
        timeLimit: 30,
        from: `${day}T13:00`,
        to: `${day}T14:00`,
        attempts: 1,
      },
      { cookie: teacher },
    );
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    testId = made.body.data.id;
    const started = await t.call(attemptStart, { id: testId }, { cookie: student });
    expect(started.status).toBe(200);
    attemptId = started.body.data.id;
    const shown = started.body.data.questions[0];
    expect(shown?.image).toEqual({
      url: expect.stringContaining(`id=${attemptId}&question=${questionId}`),
      alt: 'Флаг',
    });
    const inside = await download(attemptImageFile, { id: attemptId, question: questionId }, student);
    expect(inside.status).toBe(200);
    expect(inside.headers['content-type']).toBe('image/png');
    expect(inside.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(inside.bytes, image)).toBe(0);
    // Not through another's attempt.
    expect((await download(attemptImageFile, { id: attemptId, question: questionId }, classmate)).status).toBe(404);
  });

  it('exports the test’s attempts as XLSX, numbers as numbers', async () => {
    const saved = await t.call(
      answerSave,
      { id: attemptId, id_question: questionId, response: 0 },
      { cookie: student },
    );
    expect(saved.status).toBe(200);
    expect((await t.call(attemptSubmit, { id: attemptId }, { cookie: student })).status).toBe(200);
    const file = await download(testResultsXlsx, { id: testId, lang: 'en' }, teacher);
    expect(file.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Attempts') as ExcelJS.Worksheet;
    expect(sheet.getRow(4).values).toEqual([
      undefined,
      'Student',
      'Attempt',
      'Started',
      'Closed',
      'Minutes',
      'Score',
      'Out of',
      'Q1',
    ]);
    const row = sheet.getRow(5);
    expect(String(row.getCell(1).value)).toMatch(/\S/);
    expect(row.getCell(2).value).toBe(1);
    expect(row.getCell(3).value).toBeInstanceOf(Date);
    expect(row.getCell(5).value).toBe(0);
    expect(row.getCell(6).value).toBe(1);
    expect(row.getCell(7).value).toBe(1);
    expect(row.getCell(8).value).toBe(1);
    const questions = book.getWorksheet('Questions') as ExcelJS.Worksheet;
    expect(questions.getRow(2).values).toEqual([undefined, 'Q1', 'Что это?', 'single choice', 1, 1, 1, 1]);
    // Only for the test's teacher.
    expect((await download(testResultsXlsx, { id: testId }, otherTeacher)).status).toBe(404);
    expect((await download(testResultsXlsx, { id: testId }, student)).status).toBe(403);
  });
});
