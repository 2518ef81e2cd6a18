import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { portalConfig } from '@okuu/contracts/misc/config';
import { newsCheck } from '@okuu/contracts/news/check';
import { newsData } from '@okuu/contracts/news/data';
import { newsDelete } from '@okuu/contracts/news/delete';
import { newsDownload, newsDownloadUrl } from '@okuu/contracts/news/download';
import { newsInsert } from '@okuu/contracts/news/insert';
import { fileNameSeparator, type NewsItem, newsLimits } from '@okuu/contracts/news/news-item';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { expectNothingStored, storedFiles } from '../../../test/multipart.ts';
import { news, newsAttachments } from '../../db/schema/news.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import { departments, groups, specialities } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';
import { changesChannel } from '../../lib/changes.ts';
import { downloadType, sanitizeFileName, uniqueNames } from '../../lib/files.ts';

type Fields = Record<string, string | string[]>;
type FilePart = { name: string; content: string | Buffer; type?: string };
type Reply = { status: number; body: { result: number; error: { code: string; message: string } | null; data: never } };

/** A multipart request built with the platform's FormData. */
async function post(t: TestApp, cookie: string | undefined, fields: Fields, files: FilePart[] = []): Promise<Reply> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const f of files) form.append('files', new Blob([f.content], { type: f.type ?? 'text/plain' }), f.name);
  const res = await t.app.inject({
    method: 'POST',
    url: newsInsert.path,
    payload: form,
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

/** A multipart body written by hand, for part headers FormData would never produce. */
async function postRaw(t: TestApp, cookie: string, parts: { headers: string; content: string | Buffer }[]) {
  const boundary = 'okuu-test-boundary';
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(
      Buffer.from(`--${boundary}\r\n${p.headers}\r\n\r\n`, 'utf8'),
      Buffer.from(p.content),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  const res = await t.app.inject({
    method: 'POST',
    url: newsInsert.path,
    payload: Buffer.concat(chunks),
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
  });
  return { status: res.statusCode, body: res.json() };
}

const field = (name: string, value: string) => ({
  headers: `Content-Disposition: form-data; name="${name}"`,
  content: value,
});

async function feed(t: TestApp, cookie: string, page = 1) {
  const res = await t.call(newsData, { page }, { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** Every item the caller sees, all pages. */
async function wholeFeed(t: TestApp, cookie: string): Promise<NewsItem[]> {
  const items: NewsItem[] = [];
  for (let page = 1; ; page++) {
    const data = await feed(t, cookie, page);
    items.push(...data.items);
    if (!data.hasMore) return items;
  }
}

async function download(t: TestApp, cookie: string | undefined, filename: string) {
  return t.app.inject({
    method: 'GET',
    url: newsDownload.path,
    query: { filename, type: '4' },
    headers: cookie ? { cookie } : {},
  });
}

async function until(check: () => boolean, ms = 5000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('Timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** Moves a demo student into a new group of a speciality of `facultyId` (the small test university has none there). */
async function studentOfFaculty(t: TestApp, facultyId: number, login: string): Promise<string> {
  const db = t.database.db;
  const [speciality] = await db
    .select({ id: specialities.id })
    .from(specialities)
    .innerJoin(departments, eq(departments.id, specialities.departmentId))
    .where(eq(departments.facultyId, facultyId))
    .orderBy(specialities.id)
    .limit(1);
  if (!speciality) throw new Error(`No speciality in faculty ${facultyId}`);
  const [group] = await db
    .insert(groups)
    .values({ specialityId: speciality.id, name: `test-${facultyId}`, studyForm: 'full_time', admissionYear: 2025 })
    .returning({ id: groups.id });
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.login, login));
  if (!group || !user) throw new Error('Test setup failed');
  await db.update(studentProfiles).set({ groupId: group.id }).where(eq(studentProfiles.userId, user.id));
  return login;
}

let t: TestApp;
let editor: string; // teacher1: news permission, faculty 1
let teacher: string; // teacher2: faculty 1
let student: string; // student1: faculty 1
let economist: string; // a student of faculty 2
let staff: string;
const events: number[] = [];

beforeAll(async () => {
  t = await createTestApp();
  [editor, teacher, student, economist, staff] = await Promise.all([
    t.signIn('teacher1'),
    t.signIn('teacher2'),
    t.signIn('student1'),
    studentOfFaculty(t, 2, 'student50').then((login) => t.signIn(login)),
    t.sessionOf('staff1'),
  ]);
  // What the news module announces on the change path (its topic `news`, the item's id).
  await t.database.listen(changesChannel, (payload) => {
    const { t: topic, p } = JSON.parse(payload);
    if (topic === 'news') events.push(Number(p));
  });
});
afterAll(() => t.close());

const ids = (items: NewsItem[]) => items.map((i) => i.id_eventMessage);

describe('the feed (data.json)', () => {
  it('shows each caller only the demo items for their role and faculty, newest first', async () => {
    // Demo items, oldest first: 1 all · 2 students of faculty 2 · 3 all of faculty 1 · 4 teachers · 5 students · 6 all
    expect(ids((await feed(t, student)).items)).toEqual([6, 5, 3, 1]);
    expect(ids((await feed(t, economist)).items)).toEqual([6, 5, 2, 1]);
    expect(ids((await feed(t, teacher)).items)).toEqual([6, 4, 3, 1]);
    expect(ids((await feed(t, staff)).items)).toEqual([6, 5, 4, 3, 2, 1]);
    // The author sees his own items whatever their audience.
    expect(ids((await feed(t, editor)).items)).toEqual([6, 5, 4, 3, 2, 1]);
  });

  it("carries the spec's fields and the structured ones", async () => {
    const data = await feed(t, student);
    expect(data).toMatchObject({ page: 1, pageSize: 20, hasMore: false });
    const welcome = data.items[0] as NewsItem;
    const [name, title] = welcome['p23-1'].split(' | ');
    expect(name).toBe(welcome.author.name);
    expect(title).toBe('Доцент');
    expect(welcome.author).toMatchObject({
      position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
      group: null,
    });
    expect(welcome.message).toMatch(/Добро пожаловать/);
    expect(welcome.fileName).toBe(['Памятка пользователя.txt', 'Контакты деканатов.txt'].join(fileNameSeparator));
    expect(welcome.attachments).toEqual([
      expect.objectContaining({
        name: 'Памятка пользователя.txt',
        url: newsDownloadUrl(6, 'Памятка пользователя.txt'),
      }),
      expect.objectContaining({ name: 'Контакты деканатов.txt' }),
    ]);
    expect(welcome.attachments[0]?.size).toBeGreaterThan(0);
    expect(welcome.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(welcome).toMatchObject({ audience: 'all', faculties: [], canDelete: false });
    const faculty = data.items.find((i) => i.id_eventMessage === 3);
    expect(faculty?.faculties).toEqual([expect.objectContaining({ id: 1, shortName: 'ФИТ' })]);
    expect(faculty?.fileName).toBe('');
    expect((await feed(t, editor)).items.every((i) => i.canDelete)).toBe(true);
  });

  it('goes out gzipped to a client that accepts it, and the same either way', async () => {
    const ask = (headers: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: newsData.path,
        payload: { page: 1 },
        headers: { cookie: staff, ...headers },
      });
    const plain = await ask({});
    const zipped = await ask({ 'accept-encoding': 'br, gzip, deflate' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('accept-encoding');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString())).toEqual(plain.json());
    expect(plain.json()).toMatchObject({ result: 0, error: null, data: { page: 1 } });
  });

  it('ignores id, uid and role in the body: the session decides', async () => {
    const res = await t.call(newsData, { id: 1, uid: 1, role: 3, page: 1 }, { cookie: student });
    expect(ids(res.body.data.items)).toEqual([6, 5, 3, 1]);
  });

  it('needs a session and a sane page', async () => {
    expect((await t.call(newsData, { page: 1 })).status).toBe(401);
    for (const page of [0, -1, 1.5, 'x', '1e3', 100_001]) {
      expect((await t.call(newsData, { page }, { cookie: student })).status, String(page)).toBe(400);
    }
    expect((await t.call(newsData, { page: '1' }, { cookie: student })).status).toBe(200);
    expect((await t.call(newsData, {}, { cookie: student })).body.data.page).toBe(1);
  });

  it('has the same page size as config.json', async () => {
    expect((await t.call(portalConfig)).body.data.newsPageSize).toBe(newsLimits.pageSize);
  });
});

describe('pagination', () => {
  it('pages by 20, newest first, with hasMore until the last page', async () => {
    const p = await createTestApp();
    try {
      const [author, reader] = await Promise.all([p.signIn('teacher1'), p.signIn('student1')]);
      for (let i = 1; i <= 25; i++) {
        expect((await post(p, author, { text: `Новость ${i}`, audience: 'students' })).status).toBe(200);
      }
      const [one, two, three] = [await feed(p, reader, 1), await feed(p, reader, 2), await feed(p, reader, 3)];
      // 25 new items + 4 demo items the student sees.
      expect([one.items.length, one.hasMore]).toEqual([20, true]);
      expect([two.items.length, two.hasMore]).toEqual([9, false]);
      expect([three.items.length, three.hasMore]).toEqual([0, false]);
      expect(one.items[0]?.message).toBe('Новость 25');
      expect(one.items[19]?.message).toBe('Новость 6');
      expect(two.items[0]?.message).toBe('Новость 5');
      const all = [...one.items, ...two.items];
      expect(new Set(ids(all)).size).toBe(29);
      const order = all.map((i) => [i.created, i.id_eventMessage] as const);
      const sorted = [...order].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
      expect(order).toEqual(sorted);
    } finally {
      await p.close();
    }
  });
});

describe('posting (insert.json)', () => {
  it('refuses callers without the news permission with 403 and stores nothing', async () => {
    for (const cookie of [teacher, student, staff]) {
      await expectNothingStored(t, async () => {
        const res = await post(t, cookie, { text: 'x', audience: 'all' }, [{ name: 'a.txt', content: 'a' }]);
        expect(res.status).toBe(403);
        expect(res.body.error?.code).toBe('forbidden');
      });
    }
    expect((await post(t, undefined, { text: 'x', audience: 'all' })).status).toBe(401);
  });

  it('posts text for an audience, answers with the item and announces it', async () => {
    const res = await post(t, editor, { text: '  Собрание преподавателей\r\nв пятницу  ', audience: 'teachers' });
    expect(res.status).toBe(200);
    const item = res.body.data as NewsItem;
    expect(item).toMatchObject({
      message: 'Собрание преподавателей\nв пятницу',
      audience: 'teachers',
      faculties: [],
      attachments: [],
      fileName: '',
      canDelete: true,
    });
    expect(item['p23-1']).toMatch(/ \| Доцент$/);
    expect(Date.now() - Date.parse(item.created)).toBeLessThan(60_000);
    expect(ids((await feed(t, teacher)).items)[0]).toBe(item.id_eventMessage);
    expect(ids((await feed(t, student)).items)).not.toContain(item.id_eventMessage);
    await until(() => events.includes(item.id_eventMessage));
  });

  it('limits an item to faculties, given repeated or comma-separated', async () => {
    const repeated = await post(t, editor, { text: 'Для ЭФ и ГФ', audience: 'students', faculties: ['2', '3'] });
    const commas = await post(t, editor, { text: 'Тоже для ЭФ и ГФ', audience: 'all', faculties: '2, 3,2' });
    for (const res of [repeated, commas]) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const item = res.body.data as NewsItem;
      expect(item.faculties.map((f) => f.id)).toEqual([2, 3]);
      expect(ids((await feed(t, economist)).items)).toContain(item.id_eventMessage);
      expect(ids((await feed(t, student)).items)).not.toContain(item.id_eventMessage);
    }
  });

  it('refuses unknown faculties and malformed fields with 400, storing nothing', async () => {
    const file = [{ name: 'a.txt', content: 'hello' }];
    const cases: [Fields, FilePart[], RegExp][] = [
      [{ text: 'x', audience: 'all', faculties: '9999' }, file, /faculties: there is no such record/],
      [{ text: 'x', audience: 'all', faculties: ['1', 'abc'] }, file, /faculties/],
      [{ text: 'x', audience: 'everyone' }, file, /audience/],
      [{ text: 'x' }, file, /audience/],
      [{ text: '', audience: 'all' }, [], /text/],
      [{ text: ' \n\t \u0000 ', audience: 'all' }, [], /text/],
      [{ audience: 'all' }, [], /text/],
      [{ text: 'x'.repeat(newsLimits.textMax + 1), audience: 'all' }, [], /5000/],
      [{ text: ['a', 'b'], audience: 'all' }, [], /text/],
      [{ text: 'x', audience: ['all', 'students'] }, [], /audience/],
      [{ text: 'x', audience: 'all', fileName: ['one.txt', 'two.txt'] }, file, /fileName/],
    ];
    for (const [fields, files, message] of cases) {
      await expectNothingStored(t, async () => {
        const res = await post(t, editor, fields, files);
        expect(res.status, JSON.stringify(fields)).toBe(400);
        expect(res.body).toMatchObject({ result: 1, data: null, error: { code: 'validation' } });
        expect(res.body.error?.message).toMatch(message);
      });
    }
    await expectNothingStored(t, async () => {
      const json = await t.call(newsInsert, { text: 'x', audience: 'all' }, { cookie: editor });
      expect(json.status).toBe(400);
      expect(json.body.error.message).toMatch(/multipart/);
    });
  });

  it('takes files without text, stores them under generated keys and keeps the names', async () => {
    const res = await post(t, editor, { audience: 'all' }, [
      { name: 'Отчёт №1 — итог.pdf', content: '%PDF-1.4 demo', type: 'application/pdf' },
      { name: 'data.csv', content: 'a,b\n1,2\n' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const item = res.body.data as NewsItem;
    expect(item.message).toBe('');
    expect(item.fileName).toBe(`Отчёт №1 — итог.pdf${fileNameSeparator}data.csv`);
    expect(item.attachments.map((a) => a.size)).toEqual([13, 8]);
    const rows = await t.database.db
      .select({ key: newsAttachments.storageKey })
      .from(newsAttachments)
      .where(eq(newsAttachments.newsId, item.id_eventMessage));
    for (const { key } of rows) {
      expect(key).toMatch(new RegExp(`^news/${item.id_eventMessage}/[0-9a-f]{32}$`));
      expect(await t.storage.get(key)).not.toBeNull();
    }
    const pdf = await download(t, student, `${item.id_eventMessage}_Отчёт №1 — итог.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.body).toBe('%PDF-1.4 demo');
    expect(pdf.headers['content-type']).toBe('application/pdf');

    // A form that always sends the fileName field, empty, keeps the names of the parts.
    const emptyNames = await post(t, editor, { text: 'x', audience: 'all', fileName: '' }, [
      { name: 'kept.txt', content: 'k' },
    ]);
    expect((emptyNames.body.data as NewsItem).fileName).toBe('kept.txt');
  });

  it('sanitises hostile and odd file names', async () => {
    const res = await post(t, editor, { text: 'Файлы', audience: 'all' }, [
      { name: '../../etc/passwd', content: 'not really' },
      { name: '..\\..\\windows\\win.ini', content: 'ini' },
      { name: 'quote"and\nnewline.txt', content: 'q' },
      { name: 'same.txt', content: '1' },
      { name: 'SAME.txt', content: '2' },
      { name: '...', content: 'dots' },
      { name: `${'д'.repeat(300)}.docx`, content: 'long' },
      { name: `a${fileNameSeparator}b.txt`, content: 'separator' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const names = (res.body.data as NewsItem).attachments.map((a) => a.name);
    expect(names.slice(0, 6)).toEqual([
      'passwd',
      'win.ini',
      'quote%22and%0Anewline.txt', // FormData percent-encodes these in the part header
      'same.txt',
      'SAME (2).txt',
      'file',
    ]);
    expect([...(names[6] as string)]).toHaveLength(newsLimits.fileNameMax);
    expect(names[6]).toMatch(/^д+\.docx$/);
    expect(names[7]).toBe('a_b.txt');
    expect((res.body.data as NewsItem).fileName.split(fileNameSeparator)).toEqual(names);
  });

  it('sanitises names from raw part headers and from the fileName field', async () => {
    const raw = await postRaw(t, editor, [
      field('text', 'Сырые заголовки'),
      field('audience', 'all'),
      {
        headers: `Content-Disposition: form-data; name="files"; filename*=UTF-8''..%2F..%2Fsecret%07%09%E2%80%AEfdp.exe\r\nContent-Type: text/html`,
        content: '<script>alert(1)</script>',
      },
      {
        headers: 'Content-Disposition: form-data; name="files"; filename=""\r\nContent-Type: application/octet-stream',
        content: '',
      },
    ]);
    expect(raw.status, JSON.stringify(raw.body)).toBe(200);
    const rawItem = raw.body.data as NewsItem;
    // The empty file input is ignored; the path, the control characters and the right-to-left override are gone.
    expect(rawItem.attachments.map((a) => a.name)).toEqual(['secretfdp.exe']);
    const exe = await download(t, student, `${rawItem.id_eventMessage}_secretfdp.exe`);
    expect(exe.headers['content-type']).toBe('application/octet-stream');

    const named = await post(
      t,
      editor,
      { text: 'Имена', audience: 'all', fileName: `Приказ\n№ 5.pdf${fileNameSeparator}"quoted" name.txt` },
      [
        { name: 'upload1.bin', content: 'a' },
        { name: 'upload2.bin', content: 'b' },
      ],
    );
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect((named.body.data as NewsItem).attachments.map((a) => a.name)).toEqual([
      'Приказ№ 5.pdf',
      '"quoted" name.txt',
    ]);
  });

  it('takes up to 10 files; more is refused and nothing is stored', async () => {
    const files = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `f${i}.txt`, content: `${i}` }));
    const ten = await post(t, editor, { audience: 'all' }, files(10));
    expect(ten.status).toBe(200);
    expect((ten.body.data as NewsItem).attachments).toHaveLength(10);
    await expectNothingStored(t, async () => {
      const eleven = await post(t, editor, { audience: 'all' }, files(11));
      expect(eleven.status).toBe(400);
      expect(eleven.body.error?.message).toMatch(/files: at most 10 allowed/);
    });
    await expectNothingStored(t, async () => {
      const many = await post(t, editor, { audience: 'all' }, files(25));
      expect(many.status).toBe(413);
      expect(many.body.error?.code).toBe('too_large');
    });
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 and a clear message, storing nothing', async () => {
    const small = await createTestApp({ UPLOAD_MAX_MB: '1' });
    try {
      const cookie = await small.signIn('teacher1');
      await expectNothingStored(small, async () => {
        const res = await post(small, cookie, { text: 'Большой файл', audience: 'all' }, [
          { name: 'ok.txt', content: 'fine' },
          { name: 'big.bin', content: Buffer.alloc(1024 * 1024 + 1) },
        ]);
        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({ result: 1, data: null, error: { code: 'too_large' } });
        expect(res.body.error?.message).toMatch(/at most 1 MB/);
      });
      const fits = await post(small, cookie, { audience: 'all' }, [
        { name: 'fits.bin', content: Buffer.alloc(1024 * 1024) },
      ]);
      expect(fits.status).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('downloads (download.file)', () => {
  let teachersOnly: NewsItem;
  let forAll: NewsItem;
  beforeAll(async () => {
    teachersOnly = (
      await post(t, editor, { text: 'Только преподавателям', audience: 'teachers' }, [
        { name: 'ведомость.xlsx', content: 'grades' },
      ])
    ).body.data;
    forAll = (
      await post(t, editor, { text: 'Всем', audience: 'all' }, [
        { name: 'page.html', content: '<html><script>alert(1)</script></html>', type: 'text/html' },
        { name: 'logo.svg', content: '<svg onload="alert(1)"/>', type: 'image/svg+xml' },
      ])
    ).body.data;
  });

  it('streams an attachment with safe headers to a caller who sees the item', async () => {
    const res = await download(t, teacher, `${teachersOnly.id_eventMessage}_ведомость.xlsx`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('grades');
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('ведомость.xlsx')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The address in the item works as it is.
    const byUrl = await t.app.inject({
      method: 'GET',
      url: teachersOnly.attachments[0]?.url as string,
      headers: { cookie: teacher },
    });
    expect(byUrl.statusCode).toBe(200);
  });

  it('never serves html or svg as such', async () => {
    for (const name of ['page.html', 'logo.svg']) {
      const res = await download(t, student, `${forAll.id_eventMessage}_${name}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-disposition']).toMatch(/^attachment;/);
    }
  });

  it('answers 404, revealing nothing, to a caller who may not see the item', async () => {
    const hidden = await download(t, student, `${teachersOnly.id_eventMessage}_ведомость.xlsx`);
    const missing = await download(t, student, `${teachersOnly.id_eventMessage}_nothing.xlsx`);
    const nowhere = await download(t, student, '2147483647_ведомость.xlsx');
    for (const res of [hidden, missing, nowhere]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({
        result: 1,
        data: null,
        error: { code: 'not_found', message: 'There is no such file.' },
      });
    }
    expect((await download(t, undefined, `${forAll.id_eventMessage}_page.html`)).statusCode).toBe(401);
  });

  it('never reaches another file, whatever the filename', async () => {
    const id = forAll.id_eventMessage;
    const [key] = await t.database.db
      .select({ key: newsAttachments.storageKey })
      .from(newsAttachments)
      .where(eq(newsAttachments.newsId, id));
    const attempts = [
      `${id}_../../../../etc/passwd`,
      `${id}_..%2F..%2Fpackage.json`,
      `${id}_../${teachersOnly.id_eventMessage}/ведомость.xlsx`,
      `${id}_ведомость.xlsx`, // a name that exists, but in another item
      `${teachersOnly.id_eventMessage}_page.html`, // and the other way round
      `${id}_${key?.key}`,
      `${id}_${key?.key.split('/').pop()}`,
      `${id}_/etc/passwd`,
      `${id}_page.html\u0000`,
      `${id}_PAGE.HTML`,
      `${id}_ page.html`,
      `0${id}_page.html`.replace(/^0/, '00'),
      `${id}_%`,
      `${id}_\u0000`,
      '0_page.html',
      '99999999999_page.html',
      `-${id}_page.html`,
      `${id}page.html`,
      'branding/logo.png',
      '../branding/logo.png',
    ];
    for (const filename of attempts) {
      const res = await download(t, staff, filename);
      expect([400, 404], filename).toContain(res.statusCode);
      expect(res.json().data).toBeNull();
    }
  });
});

describe('check.json', () => {
  it('says whether the caller may see or delete an item, and nothing about others', async () => {
    const teachersOnly = 4;
    expect((await t.call(newsCheck, { id: 6, type: 'view' }, { cookie: student })).body.data).toEqual({
      id: 6,
      type: 'view',
      allowed: true,
      canView: true,
      canDelete: false,
    });
    expect((await t.call(newsCheck, { id: '6' }, { cookie: student })).body.data).toMatchObject({
      type: 'delete',
      allowed: false,
    });
    for (const id of [teachersOnly, 2_000_000_000]) {
      expect((await t.call(newsCheck, { id, type: 'view' }, { cookie: student })).body.data).toMatchObject({
        allowed: false,
        canView: false,
        canDelete: false,
      });
    }
    expect((await t.call(newsCheck, { id: teachersOnly }, { cookie: editor })).body.data).toMatchObject({
      allowed: true,
      canView: true,
      canDelete: true,
    });
    expect((await t.call(newsCheck, { id: 6, type: 'edit' }, { cookie: student })).status).toBe(400);
    expect((await t.call(newsCheck, { id: 0 }, { cookie: student })).status).toBe(400);
  });
});

describe('deleting (delete.json)', () => {
  it('refuses callers without the news permission with 403', async () => {
    for (const cookie of [teacher, student, staff]) {
      await expectNothingStored(t, async () => {
        const res = await t.call(newsDelete, { id: 6 }, { cookie });
        expect(res.status).toBe(403);
      });
    }
  });

  it('removes the item, its rows and its files, and announces it', async () => {
    const created = (
      await post(t, editor, { text: 'Удалить меня', audience: 'all', faculties: '1' }, [
        { name: 'a.txt', content: 'a' },
        { name: 'b.txt', content: 'b' },
      ])
    ).body.data as NewsItem;
    const id = created.id_eventMessage;
    const keys = (
      await t.database.db
        .select({ key: newsAttachments.storageKey })
        .from(newsAttachments)
        .where(eq(newsAttachments.newsId, id))
    ).map((r) => r.key);
    expect(keys).toHaveLength(2);
    expect((await storedFiles(t)).filter((f) => f.startsWith(`news${path.sep}${id}${path.sep}`))).toHaveLength(2);

    const res = await t.call(newsDelete, { id }, { cookie: editor });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ id, deleted: true });
    for (const key of keys) expect(await t.storage.get(key)).toBeNull();
    expect((await storedFiles(t)).filter((f) => f.startsWith(`news${path.sep}${id}${path.sep}`))).toEqual([]);
    expect(await t.database.db.select().from(news).where(eq(news.id, id))).toEqual([]);
    expect(await t.database.db.select().from(newsAttachments).where(eq(newsAttachments.newsId, id))).toEqual([]);
    expect(ids(await wholeFeed(t, student))).not.toContain(id);
    expect((await download(t, student, `${id}_a.txt`)).statusCode).toBe(404);
    await until(() => events.filter((e) => e === id).length === 2);

    expect((await t.call(newsDelete, { id }, { cookie: editor })).status).toBe(404);
    expect((await t.call(newsDelete, { id: 2_000_000_000 }, { cookie: editor })).status).toBe(404);
  });

  it("answers 404 to an editor for another editor's item he cannot see", async () => {
    await t.database.db.update(users).set({ newsPerms: true }).where(eq(users.login, 'teacher2'));
    try {
      // A new session, so that no cached lookup of the old one hides the new permission.
      const otherEditor = await t.signIn('teacher2');
      const item = (await post(t, otherEditor, { text: 'Только студентам', audience: 'students' })).body
        .data as NewsItem;
      expect(item['p23-1']).toContain(' | ');
      await expectNothingStored(t, async () => {
        expect((await t.call(newsDelete, { id: item.id_eventMessage }, { cookie: editor })).status).toBe(404);
      });
      expect((await t.call(newsDelete, { id: item.id_eventMessage }, { cookie: otherEditor })).status).toBe(200);
    } finally {
      await t.database.db.update(users).set({ newsPerms: false }).where(eq(users.login, 'teacher2'));
    }
  });
});

describe('the feed on two instances sharing one database', () => {
  let second: Awaited<ReturnType<typeof t.secondInstance>>;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await t.secondInstance();
    other = second.app;
  });
  afterAll(() => second.close());

  const feedOnOther = async (cookie: string) => {
    const res = await other.inject({ method: 'POST', url: newsData.path, payload: { page: 1 }, headers: { cookie } });
    expect(res.statusCode).toBe(200);
    return ids(res.json().data.items);
  };

  /** Well within the cache's time limit: only the change event can have refreshed the other instance. */
  async function onOtherWithin(ms: number, check: (seen: number[]) => boolean) {
    const end = Date.now() + ms;
    while (!check(await feedOnOther(student))) {
      if (Date.now() > end) throw new Error('The other instance still serves the old feed');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('shows a new item at once where it was posted, and soon on the other instance; a deletion too', async () => {
    const before = await feedOnOther(student);
    expect(before).toEqual(ids((await feed(t, student)).items));
    const item = (await post(t, editor, { text: 'Для двух инстансов', audience: 'students' })).body.data as NewsItem;
    expect(ids((await feed(t, student)).items)[0]).toBe(item.id_eventMessage);
    await onOtherWithin(2_000, (seen) => seen[0] === item.id_eventMessage);

    expect((await t.call(newsDelete, { id: item.id_eventMessage }, { cookie: editor })).status).toBe(200);
    expect(ids((await feed(t, student)).items)).toEqual(before);
    await onOtherWithin(2_000, (seen) => !seen.includes(item.id_eventMessage));
  });
});

describe('file names and types', () => {
  it('sanitising is stable and leaves nothing unsafe', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 400 }), (raw) => {
        const name = sanitizeFileName(raw);
        expect(sanitizeFileName(name)).toBe(name);
        expect(name).not.toMatch(/[/\\\p{Cc}\p{Cf}]/u);
        expect(name).not.toContain(fileNameSeparator);
        expect(name).not.toMatch(/^[.\s]|[.\s]$/u);
        expect([...name].length).toBeLessThanOrEqual(newsLimits.fileNameMax);
        expect(name.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });

  it('makes names unique within an item', () => {
    expect(uniqueNames(['a.txt', 'a.txt', 'A.TXT', 'b', 'b'])).toEqual([
      'a.txt',
      'a (2).txt',
      'A (3).TXT',
      'b',
      'b (2)',
    ]);
  });

  it('sends only harmless content types', () => {
    expect(downloadType('x.PDF')).toBe('application/pdf');
    for (const name of ['x.html', 'x.htm', 'x.svg', 'x.xml', 'x.js', 'x', 'x.', '.html', 'x.xhtml']) {
      expect(downloadType(name), name).toBe('application/octet-stream');
    }
  });
});
