import type { EBook } from '@okuu/contracts/library/book';
import { bookList } from '@okuu/contracts/library/book-list';
import { baseBookCategories, bookCategories } from '@okuu/contracts/library/categories';
import { deleteBook } from '@okuu/contracts/library/delete-book';
import { deleteCheck } from '@okuu/contracts/library/delete-check';
import { bookDownload, bookPreview } from '@okuu/contracts/library/download';
import { insertUpdateBook } from '@okuu/contracts/library/insert-update-book';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { expectNothingStored } from '../../../test/multipart.ts';
import { books } from '../../db/schema/library.ts';
import { benchSearchTerms, ensureBulkBooks } from '../../seed/library-bulk.ts';
import { minimalPdf } from '../../seed/pdf.ts';
import { containsPattern } from './library.repository.ts';

type Fields = Record<string, string | string[]>;
type FilePart = { name: string; content: string | Buffer; type?: string };
type Reply<T> = { status: number; body: { result: number; error: { code: string; message: string } | null; data: T } };

const pdf = (title: string) => minimalPdf([title]);

/** A multipart call of insertupdatebook. */
async function upload(
  t: TestApp,
  cookie: string | undefined,
  fields: Fields,
  files: FilePart[] = [],
): Promise<Reply<EBook>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const f of files) {
    form.append('files', new Blob([f.content], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  const res = await t.app.inject({
    method: 'POST',
    url: insertUpdateBook.path,
    payload: form,
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

async function list(t: TestApp, cookie: string, input: Record<string, unknown> = {}) {
  const res = await t.call(bookList, input, { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function fetchFile(t: TestApp, cookie: string | undefined, url: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

const names = (items: EBook[]) => items.map((b) => b.name);
const run = (t: TestApp) => async (text: string) =>
  (await t.database.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };

let t: TestApp;
let teacher: string; // teacher1: owns 'Язык программирования C' and the study material in the library
let otherTeacher: string; // teacher2: owns 'Экономикс'
let student: string;
let staff: string;

beforeAll(async () => {
  t = await createTestApp();
  [teacher, otherTeacher, student, staff] = await Promise.all([
    t.signIn('teacher1'),
    t.signIn('teacher2'),
    t.signIn('student1'),
    t.sessionOf('staff1'),
  ]);
});
afterAll(() => t.close());

describe('categories', () => {
  it('lists the base categories and their subcategories in three languages, as plain lists', async () => {
    const bases = (await t.call(baseBookCategories, {}, { cookie: student })).body.data;
    expect(bases).toHaveLength(5);
    expect(bases[0]).toEqual({
      id_baseBookCategory: 1,
      name: 'Естественные науки',
      nameKg: 'Табигый илимдер',
      nameEn: 'Natural sciences',
    });
    const natural = (await t.call(bookCategories, { id_baseBookCategory: 1 }, { cookie: student })).body.data;
    expect(natural.map((c) => c.nameEn)).toEqual(['Mathematics', 'Physics', 'Chemistry', 'Biology']);
    expect(natural.every((c) => c.id_baseBookCategory === 1 && c.nameKg !== '')).toBe(true);
    for (const any of [-1, '-1', '', undefined]) {
      const all = await t.call(bookCategories, { id_baseBookCategory: any }, { cookie: teacher });
      expect(all.status, String(any)).toBe(200);
      expect(all.body.data).toHaveLength(17);
    }
    expect((await t.call(bookCategories, { id_baseBookCategory: 999 }, { cookie: teacher })).body.data).toEqual([]);
    expect((await t.call(bookCategories, { id_baseBookCategory: 0 }, { cookie: teacher })).status).toBe(400);
    expect((await t.call(bookCategories, { id_baseBookCategory: 'x' }, { cookie: teacher })).status).toBe(400);
  });
});

describe('the list (getbooklist.json)', () => {
  it('shows every book by title with the numbers for the message', async () => {
    const data = await list(t, student);
    // 7 demo books and the study material teacher1 made available in the library.
    expect(data).toMatchObject({
      page: 1,
      pageSize: 20,
      hasMore: false,
      total: 8,
      found: 8,
      fallback: false,
      search: '',
    });
    expect(names(data.items)).toEqual([...names(data.items)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const cormen = data.items.find((b) => b.name === 'Алгоритмы: построение и анализ') as EBook;
    expect(cormen).toMatchObject({
      nameBook: 'Алгоритмы: построение и анализ',
      author: 'Кормен Т., Лейзерсон Ч., Ривест Р., Штайн К.',
      totalPages: 1296,
      fileName: 'Алгоритмы.pdf',
      id_bookCategory: 5,
      id_baseBookCategory: 2,
      isFromUmk: false,
      id_books: null,
      owner: { type: 3 },
      canEdit: false,
      canDelete: false,
    });
    expect(cormen.file).toEqual({
      name: 'Алгоритмы.pdf',
      size: expect.any(Number),
      url: `${bookDownload.path}?id=${cormen.id_eBook}`,
      previewUrl: `${bookPreview.path}?id=${cormen.id_eBook}`,
    });
    const fromUmk = data.items.filter((b) => b.isFromUmk);
    expect(fromUmk).toHaveLength(1);
    expect(fromUmk[0]).toMatchObject({ id_books: 1, owner: { type: 1 }, canDelete: false });
  });

  it('filters by base category and subcategory; -1 means any', async () => {
    const programming = await list(t, student, { id_bookCategory: 5 });
    expect(names(programming.items)).toEqual(['Алгоритмы: построение и анализ', 'Язык программирования C']);
    expect(programming.total).toBe(2);
    const engineering = await list(t, student, { id_baseBookCategory: 2, id_bookCategory: -1 });
    expect(names(engineering.items)).toEqual(names(programming.items));
    expect((await list(t, student, { id_baseBookCategory: 1, id_bookCategory: 5 })).total).toBe(0);
    expect((await list(t, student, { id_baseBookCategory: -1, id_bookCategory: -1 })).total).toBe(8);
  });

  it('finds the text anywhere in the title or the author, whatever the letter case', async () => {
    for (const search of [
      'кормен',
      'КОРМЕН',
      'Кормен',
      'ормен т',
      'АЛГОРИТМЫ',
      'построение и анализ',
      '  Алгоритмы:   построение  ',
    ]) {
      const data = await list(t, student, { search });
      expect(names(data.items), search).toEqual(['Алгоритмы: построение и анализ']);
      expect(data).toMatchObject({ total: 1, found: 1, fallback: false });
    }
    expect((await list(t, student, { search: '  Алгоритмы:   построение  ' })).search).toBe('Алгоритмы: построение');
    // Kyrgyz and Latin letters fold too.
    const physics = await list(t, student, { search: 'САВЕЛЬЕВ' });
    expect(names(physics.items)).toEqual(['Курс общей физики. Том 1']);
    const c = await list(t, student, { search: 'язык программирования c' });
    expect(names(c.items)).toEqual(['Язык программирования C']);
    // Within a category only.
    const several = await list(t, student, { search: 'а' });
    expect(several.found).toBeGreaterThan(2);
    const inHistory = await list(t, student, { search: 'а', id_bookCategory: 8 });
    expect(names(inHistory.items)).toEqual(['История Кыргызстана']);
  });

  it('falls back to every book, with their number, when nothing matches', async () => {
    const data = await list(t, student, { search: 'Несуществующая книга' });
    expect(data).toMatchObject({ fallback: true, found: 0, total: 8, search: 'Несуществующая книга' });
    expect(data.items).toHaveLength(8);
    // In a category: every book of that category.
    const inCategory = await list(t, student, { search: 'Несуществующая', id_bookCategory: 5 });
    expect(inCategory).toMatchObject({ fallback: true, found: 0, total: 2 });
    // An empty category stays empty either way.
    expect(await list(t, student, { search: 'x', id_bookCategory: 3 })).toMatchObject({
      fallback: true,
      found: 0,
      total: 0,
      items: [],
    });
  });

  it("takes LIKE's wildcards in the text literally", async () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    for (const search of ['%', '_', '\\', '%%', '_а_']) {
      expect((await list(t, student, { search })).fallback, search).toBe(true);
    }
    const created = await upload(t, staff, { name: '100% C_lang \\ guide', id_bookCategory: '5' }, [
      { name: 'guide.pdf', content: pdf('guide') },
    ]);
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    try {
      for (const search of ['%', '_', '\\', '0% c_l']) {
        const data = await list(t, student, { search });
        expect(names(data.items), search).toEqual(['100% C_lang \\ guide']);
        expect(data.fallback).toBe(false);
      }
    } finally {
      expect((await t.call(deleteBook, { id_eBook: created.body.data.id_eBook }, { cookie: staff })).status).toBe(200);
    }
  });

  it('refuses malformed input with 400', async () => {
    for (const input of [
      { page: 0 },
      { page: 'x' },
      { search: 'x'.repeat(101) },
      { search: 5 },
      { id_bookCategory: 0 },
      { id_bookCategory: '1.5' },
      { id_baseBookCategory: -2 },
      { id_bookCategory: null },
    ]) {
      expect((await t.call(bookList, input, { cookie: student })).status, JSON.stringify(input)).toBe(400);
    }
    expect((await t.call(bookList, {})).status).toBe(401);
  });
});

describe('pagination and many books', () => {
  let p: TestApp;
  let reader: string;
  beforeAll(async () => {
    p = await createTestApp();
    reader = await p.signIn('student1');
    const result = await ensureBulkBooks(run(p), 1000);
    expect(result).toEqual({ before: 8, inserted: 992, total: 1000 });
    expect(await ensureBulkBooks(run(p), 500)).toEqual({ before: 1000, inserted: 0, total: 1000 });
  });
  afterAll(() => p.close());

  it('pages by 20 by title then id, every book once, with hasMore until the last page', async () => {
    const first = await list(p, reader, { page: 1 });
    expect(first).toMatchObject({ total: 1000, hasMore: true, fallback: false });
    const seen: EBook[] = [];
    for (let page = 1; page <= 50; page++) {
      const data = await list(p, reader, { page });
      expect(data.items).toHaveLength(20);
      expect(data.hasMore).toBe(page < 50);
      seen.push(...data.items);
    }
    expect(new Set(seen.map((b) => b.id_eBook)).size).toBe(1000);
    const keys = seen.map((b) => [b.name, b.id_eBook] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1] - b[1] : a[0] < b[0] ? -1 : 1));
    expect(keys).toEqual(sorted);
    expect(await list(p, reader, { page: 51 })).toMatchObject({ items: [], hasMore: false, total: 1000 });
  });

  it('pages the results of a search, and every term of the benchmark answers', async () => {
    const all = await list(p, reader, { search: 'иванов' });
    expect(all.found).toBeGreaterThan(20);
    expect(all.total).toBe(all.found);
    const pages = Math.ceil(all.found / 20);
    const seen: EBook[] = [];
    for (let page = 1; page <= pages; page++) seen.push(...(await list(p, reader, { search: 'иванов', page })).items);
    expect(seen).toHaveLength(all.found);
    // Past the last page: no books, the same numbers.
    expect(await list(p, reader, { search: 'иванов', page: pages + 5 })).toMatchObject({
      items: [],
      hasMore: false,
      total: all.found,
      found: all.found,
      fallback: false,
    });
    expect(
      seen.every((b) => b.author.toLowerCase().includes('иванов') || b.name.toLowerCase().includes('иванов')),
    ).toBe(true);
    // The count agrees with a plain scan of the table.
    const [row] = (
      await run(p)(
        `SELECT count(*)::int AS n FROM books WHERE lower(name) LIKE '%иванов%' OR lower(author) LIKE '%иванов%'`,
      )
    ).rows;
    expect(row?.n).toBe(all.found);
    for (const search of benchSearchTerms) {
      const data = await list(p, reader, { search });
      expect(data.fallback ? data.total : data.found, search).toBeGreaterThan(0);
    }
  });

  it('has a trigram index that serves the search', async () => {
    const plans: string[] = [];
    await p.database.db.transaction(async (tx) => {
      await tx.execute(sql`SET LOCAL enable_seqscan = off`);
      const res = (await tx.execute(
        sql`EXPLAIN SELECT id FROM books WHERE ${books.searchText} LIKE lower(${containsPattern('Анализ')})`,
      )) as unknown as { rows: Record<string, string>[] };
      plans.push(...res.rows.map((r) => Object.values(r)[0] as string));
    });
    expect(plans.join('\n')).toContain('books_search_trgm_idx');
    const [row] = await p.database.db
      .select({ text: books.searchText })
      .from(books)
      .where(eq(books.name, 'Алгоритмы: построение и анализ'));
    expect(row?.text).toBe('алгоритмы: построение и анализ\nкормен т., лейзерсон ч., ривест р., штайн к.');
  });

  it('serves the file-less books of the benchmark without a file', async () => {
    const bulk = (await list(p, reader, { search: '№ 500)' })).items[0] as EBook;
    expect(bulk).toMatchObject({ fileName: '', file: null });
    expect((await fetchFile(p, reader, `${bookDownload.path}?id=${bulk.id_eBook}`)).statusCode).toBe(404);
  });
});

describe('adding and changing books (insertupdatebook.json)', () => {
  it('lets teachers and staff add a book; students get 403 and nothing is stored', async () => {
    await expectNothingStored(t, async () => {
      const res = await upload(t, student, { name: 'Студенческая книга', id_bookCategory: '1' }, [
        { name: 'book.pdf', content: pdf('x') },
      ]);
      expect(res.status).toBe(403);
      expect(res.body.error?.code).toBe('forbidden');
    });
    expect((await upload(t, undefined, { name: 'x', id_bookCategory: '1' })).status).toBe(401);

    const res = await upload(
      t,
      teacher,
      {
        id_eBook: '-1',
        name: '  Дифференциальные   уравнения ',
        author: 'Понтрягин Л. С.',
        description: 'Обыкновенные\r\nдифференциальные уравнения.',
        totalPages: '331',
        id_bookCategory: '1',
      },
      [{ name: 'Понтрягин.pdf', content: pdf('Pontryagin'), type: 'application/pdf' }],
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const book = res.body.data;
    expect(book).toMatchObject({
      name: 'Дифференциальные уравнения',
      nameBook: 'Дифференциальные уравнения',
      author: 'Понтрягин Л. С.',
      description: 'Обыкновенные\nдифференциальные уравнения.',
      totalPages: 331,
      fileName: 'Понтрягин.pdf',
      id_bookCategory: 1,
      id_baseBookCategory: 1,
      isFromUmk: false,
      owner: { type: 1 },
      canEdit: true,
      canDelete: true,
    });
    const [row] = await t.database.db.select().from(books).where(eq(books.id, book.id_eBook));
    expect(row?.fileKey).toMatch(/^library\/[0-9a-f]{32}$/);
    const download = await fetchFile(t, student, book.file?.url as string);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf('Pontryagin'))).toBe(true);

    // nameBook is accepted for the title, and staff add books too.
    const byStaff = await upload(t, staff, { nameBook: 'Сборник задач', id_bookCategory: '1' }, [
      { name: 'tasks.docx', content: 'docx bytes' },
    ]);
    expect(byStaff.status, JSON.stringify(byStaff.body)).toBe(200);
    expect(byStaff.body.data).toMatchObject({ name: 'Сборник задач', owner: { type: 3 }, author: '', totalPages: 0 });
    expect(byStaff.body.data.file?.previewUrl).toBeNull();
  });

  it('needs a file, a title and an existing category; refuses other types; stores nothing then', async () => {
    const file = [{ name: 'ok.pdf', content: pdf('ok') }];
    const cases: [Fields, FilePart[], number, string, RegExp][] = [
      [{ name: 'Без файла', id_bookCategory: '1' }, [], 400, 'file_required', /file/],
      [{ name: 'Пустой файл', id_bookCategory: '1' }, [{ name: '', content: '' }], 400, 'file_required', /file/],
      [{ id_bookCategory: '1' }, file, 400, 'validation', /name/],
      [{ name: '   ', id_bookCategory: '1' }, file, 400, 'validation', /name/],
      [{ name: 'x'.repeat(301), id_bookCategory: '1' }, file, 400, 'validation', /300/],
      [{ name: 'Без категории' }, file, 400, 'validation', /id_bookCategory/],
      [{ name: 'Нет категории', id_bookCategory: '999' }, file, 400, 'validation', /id_bookCategory/],
      [{ name: 'Страницы', id_bookCategory: '1', totalPages: '-5' }, file, 400, 'validation', /totalPages/],
      [{ name: 'Два файла', id_bookCategory: '1' }, [...file, ...file], 400, 'validation', /files: at most 1 allowed/],
      [{ name: 'Ид', id_bookCategory: '1', id_eBook: '0' }, file, 400, 'validation', /id_eBook/],
      [{ name: 'exe', id_bookCategory: '1' }, [{ name: 'virus.exe', content: 'MZ' }], 415, 'unsupported_type', /pdf/],
      [
        { name: 'html', id_bookCategory: '1' },
        [{ name: 'page.html', content: '<script>' }],
        415,
        'unsupported_type',
        /pdf/,
      ],
      [{ name: 'svg', id_bookCategory: '1' }, [{ name: 'a.svg', content: '<svg/>' }], 415, 'unsupported_type', /pdf/],
      [{ name: 'none', id_bookCategory: '1' }, [{ name: 'README', content: 'x' }], 415, 'unsupported_type', /pdf/],
      [
        { name: 'fake', id_bookCategory: '1' },
        [{ name: 'fake.pdf', content: '<html>' }],
        415,
        'unsupported_type',
        /not a PDF/,
      ],
      [
        { name: 'renamed', id_bookCategory: '1', fileName: 'page.html' },
        [{ name: 'ok.txt', content: 'x' }],
        415,
        'unsupported_type',
        /pdf/,
      ],
    ];
    for (const [fields, files, status, code, message] of cases) {
      await expectNothingStored(t, async () => {
        const res = await upload(t, teacher, fields, files);
        expect(res.status, JSON.stringify(fields)).toBe(status);
        expect(res.body).toMatchObject({ result: 1, data: null, error: { code } });
        expect(res.body.error?.message).toMatch(message);
      });
    }
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 and stores nothing', async () => {
    const small = await createTestApp({ UPLOAD_MAX_MB: '1' });
    try {
      const cookie = await small.sessionOf('staff1');
      await expectNothingStored(small, async () => {
        const res = await upload(small, cookie, { name: 'Большая', id_bookCategory: '1' }, [
          { name: 'big.zip', content: Buffer.alloc(1024 * 1024 + 1) },
        ]);
        expect(res.status).toBe(413);
        expect(res.body).toMatchObject({ result: 1, data: null, error: { code: 'too_large' } });
        expect(res.body.error?.message).toMatch(/at most 1 MB/);
      });
      const fits = await upload(small, cookie, { name: 'Помещается', id_bookCategory: '1' }, [
        { name: 'fits.zip', content: Buffer.alloc(1024 * 1024) },
      ]);
      expect(fits.status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('changes a book for its owner only, replacing the file when one is sent', async () => {
    const created = (
      await upload(t, teacher, { name: 'Черновик', author: 'Автор', id_bookCategory: '2' }, [
        { name: 'draft.pdf', content: pdf('draft') },
      ])
    ).body.data;
    const [before] = await t.database.db.select().from(books).where(eq(books.id, created.id_eBook));
    const id = String(created.id_eBook);

    for (const cookie of [otherTeacher, staff]) {
      await expectNothingStored(t, async () => {
        const res = await upload(t, cookie, { id_eBook: id, name: 'Чужая правка', id_bookCategory: '2' });
        expect(res.status).toBe(403);
      });
    }
    expect((await upload(t, teacher, { id_eBook: '2000000000', name: 'x', id_bookCategory: '2' })).status).toBe(404);

    // Without a file: the fields change, the file stays.
    const renamed = await upload(t, teacher, { id_eBook: id, name: 'Чистовик', author: 'Автор', id_bookCategory: '3' });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(renamed.body.data).toMatchObject({ id_eBook: created.id_eBook, name: 'Чистовик', id_bookCategory: 3 });
    expect(renamed.body.data.fileName).toBe('draft.pdf');
    expect(await t.storage.get(before?.fileKey as string)).not.toBeNull();

    // With a file: the new one replaces the old, which leaves storage.
    const replaced = await upload(t, teacher, { id_eBook: id, name: 'Чистовик', id_bookCategory: '3' }, [
      { name: 'final.txt', content: 'final text' },
    ]);
    expect(replaced.status).toBe(200);
    expect(replaced.body.data.fileName).toBe('final.txt');
    expect(await t.storage.get(before?.fileKey as string)).toBeNull();
    const body = await fetchFile(t, student, replaced.body.data.file?.url as string);
    expect(body.body).toBe('final text');
  });

  it('leaves a book from the study materials to be changed there (409)', async () => {
    const fromUmk = (await list(t, teacher)).items.find((b) => b.isFromUmk) as EBook;
    expect(fromUmk.canEdit).toBe(false);
    await expectNothingStored(t, async () => {
      const res = await upload(t, teacher, {
        id_eBook: String(fromUmk.id_eBook),
        name: 'Другое имя',
        id_bookCategory: '1',
      });
      expect(res.status).toBe(409);
      expect(res.body.error?.code).toBe('conflict');
    });
  });
});

describe('deleting (deletecheck.json, deleteebook.json)', () => {
  async function byName(name: string) {
    return (await list(t, staff, { search: name })).items.find((b) => b.name === name) as EBook;
  }

  it('says who may delete a book: its owner, or staff', async () => {
    const c = await byName('Язык программирования C'); // teacher1's
    const cases: [string, boolean][] = [
      [teacher, true],
      [staff, true],
      [otherTeacher, false],
      [student, false],
    ];
    for (const [cookie, allowed] of cases) {
      const res = await t.call(deleteCheck, { id_eBook: c.id_eBook, id_human: 12345 }, { cookie });
      expect(res.body.data).toEqual({ id_eBook: c.id_eBook, allowed });
    }
    expect((await t.call(deleteCheck, { id_eBook: 2_000_000_000 }, { cookie: staff })).body.data.allowed).toBe(false);
    expect((await t.call(deleteCheck, { id_eBook: 'x' }, { cookie: staff })).status).toBe(400);
    // The list says the same.
    expect((await list(t, otherTeacher, { search: 'Язык программирования C' })).items[0]?.canDelete).toBe(false);
    expect((await list(t, teacher, { search: 'Язык программирования C' })).items[0]?.canDelete).toBe(true);
  });

  it("refuses another teacher's book and students with 403, changing nothing", async () => {
    const c = await byName('Язык программирования C');
    for (const cookie of [otherTeacher, student]) {
      await expectNothingStored(t, async () => {
        const res = await t.call(deleteBook, { id_eBook: c.id_eBook }, { cookie });
        expect(res.status).toBe(403);
        expect(res.body.error.code).toBe('forbidden');
      });
    }
    expect((await t.call(deleteBook, { id_eBook: 2_000_000_000 }, { cookie: staff })).status).toBe(404);
  });

  it('deletes a book with its file for its owner, and any book for staff', async () => {
    for (const [name, cookie] of [
      ['Экономикс', otherTeacher],
      ['Манас', staff],
    ] as const) {
      const book = await byName(name);
      const [row] = await t.database.db.select().from(books).where(eq(books.id, book.id_eBook));
      const res = await t.call(deleteBook, { id_eBook: book.id_eBook }, { cookie });
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual({ id_eBook: book.id_eBook, deleted: true });
      expect(await t.storage.get(row?.fileKey as string)).toBeNull();
      expect(await byName(name)).toBeUndefined();
      expect((await fetchFile(t, student, book.file?.url as string)).statusCode).toBe(404);
      expect((await t.call(deleteBook, { id_eBook: book.id_eBook }, { cookie })).status).toBe(404);
    }
  });
});

describe('kept lists on two instances sharing one database', () => {
  let second: Awaited<ReturnType<typeof t.secondInstance>>;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await t.secondInstance();
    other = second.app;
  });
  afterAll(() => second.close());

  const search = { search: 'Кристаллография' };
  const listOnOther = async () => {
    const res = await other.inject({
      method: 'POST',
      url: bookList.path,
      payload: search,
      headers: { cookie: student },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { fallback: boolean; items: EBook[] };
  };

  /** Well within the time lists are kept: only the change event can have refreshed the other instance. */
  async function onOtherWithin(ms: number, check: (data: { fallback: boolean; items: EBook[] }) => boolean) {
    const end = Date.now() + ms;
    while (!check(await listOnOther())) {
      if (Date.now() > end) throw new Error('The other instance still serves the old list');
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  it('gives each caller the rights of their own on a page readers share', async () => {
    const rights = async (cookie: string) => {
      const book = (await list(t, cookie, { search: 'Язык программирования C' })).items[0] as EBook;
      return { name: book.name, canEdit: book.canEdit, canDelete: book.canDelete };
    };
    const name = 'Язык программирования C';
    expect(await rights(student)).toEqual({ name, canEdit: false, canDelete: false });
    expect(await rights(otherTeacher)).toEqual({ name, canEdit: false, canDelete: false });
    expect(await rights(teacher)).toEqual({ name, canEdit: true, canDelete: true });
    expect(await rights(staff)).toEqual({ name, canEdit: false, canDelete: true });
    expect(await rights(student)).toEqual({ name, canEdit: false, canDelete: false });
  });

  it('shows a new book at once where it was added, soon on the other instance; a deletion too', async () => {
    expect((await list(t, student, search)).fallback).toBe(true);
    expect((await listOnOther()).fallback).toBe(true);
    const added = await upload(
      t,
      teacher,
      { name: 'Кристаллография', author: 'Шаскольская М. П.', id_bookCategory: '1' },
      [{ name: 'crystal.pdf', content: pdf('Crystal') }],
    );
    expect(added.status).toBe(200);
    expect(names((await list(t, student, search)).items)).toEqual(['Кристаллография']);
    await onOtherWithin(2_000, (data) => !data.fallback && data.items[0]?.id_eBook === added.body.data.id_eBook);

    expect((await t.call(deleteBook, { id_eBook: added.body.data.id_eBook }, { cookie: teacher })).status).toBe(200);
    expect((await list(t, student, search)).fallback).toBe(true);
    await onOtherWithin(2_000, (data) => data.fallback);
  });
});

describe('files (download.file, preview.file)', () => {
  it('sends a book file to any signed-in user as an attachment, with nosniff', async () => {
    const book = (await list(t, student, { search: 'Высшая математика' })).items[0] as EBook;
    const res = await fetchFile(t, student, book.file?.url as string);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent('Высшая математика.pdf')}`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    expect(res.rawPayload.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    expect((await fetchFile(t, undefined, book.file?.url as string)).statusCode).toBe(401);
  });

  it('shows a PDF inline in the preview, framable by the portal only; anything else stays an attachment', async () => {
    const book = (await list(t, student, { search: 'Высшая математика' })).items[0] as EBook;
    const preview = await fetchFile(t, student, book.file?.previewUrl as string);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(/^inline; /);
    expect(preview.headers['x-content-type-options']).toBe('nosniff');
    expect(preview.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(preview.headers['content-security-policy']).not.toContain("frame-ancestors 'none'");
    expect(preview.headers['x-frame-options']).toBe('SAMEORIGIN');

    const txt = (
      await upload(t, staff, { name: 'Текстовая', id_bookCategory: '1' }, [{ name: 'notes.txt', content: 'plain' }])
    ).body.data;
    expect(txt.file?.previewUrl).toBeNull();
    const asText = await fetchFile(t, student, `${bookPreview.path}?id=${txt.id_eBook}`);
    expect(asText.statusCode).toBe(200);
    expect(asText.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(asText.headers['content-disposition']).toMatch(/^attachment; /);
    expect(asText.headers['content-security-policy']).toMatch(/sandbox/);
  });

  it('answers 404 for unknown books and refuses malformed ids', async () => {
    for (const url of [`${bookDownload.path}?id=2000000000`, `${bookPreview.path}?id=2000000000`]) {
      expect((await fetchFile(t, student, url)).statusCode).toBe(404);
    }
    for (const id of ['0', '-1', 'x', '../1', '1e3', '']) {
      expect((await fetchFile(t, student, `${bookDownload.path}?id=${encodeURIComponent(id)}`)).statusCode, id).toBe(
        400,
      );
    }
  });
});
