import type { EBook } from '@okuu/contracts/library/book';
import { bookList } from '@okuu/contracts/library/book-list';
import { deleteBook } from '@okuu/contracts/library/delete-book';
import { umkDelete } from '@okuu/contracts/umk/delete';
import { umkDownload, umkPreview } from '@okuu/contracts/umk/download';
import { umkInsertOrUpdate } from '@okuu/contracts/umk/insert-or-update';
import {
  umkBookCategories,
  umkDisciplines,
  umkExamTypes,
  umkSemesters,
  umkStudentDisciplines,
  umkStudentExamTypes,
  umkStudentSemesters,
  umkTeachers,
  umkTypes,
} from '@okuu/contracts/umk/lists';
import type { UmkMaterial } from '@okuu/contracts/umk/material';
import { umkList, umkStudentList } from '@okuu/contracts/umk/umk-list';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { expectNothingStored } from '../../../test/multipart.ts';
import { books } from '../../db/schema/library.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import { umkMaterials } from '../../db/schema/umk.ts';
import { groups, registrations } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';
import { minimalPdf } from '../../seed/pdf.ts';

type Fields = Record<string, string | string[]>;
type FilePart = { name: string; content: string | Buffer };
type Reply<T> = { status: number; body: { result: number; error: { code: string; message: string } | null; data: T } };

async function save(
  t: TestApp,
  cookie: string | undefined,
  fields: Fields,
  files: FilePart[] = [],
): Promise<Reply<UmkMaterial>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
  }
  for (const f of files) form.append('files', new Blob([f.content]), f.name);
  const res = await t.app.inject({
    method: 'POST',
    url: umkInsertOrUpdate.path,
    payload: form,
    headers: cookie ? { cookie } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

async function fetchFile(t: TestApp, cookie: string | undefined, url: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}

let t: TestApp;
let teacher: string; // teacher1: teaches group 1 (student1, student2); the seeded materials are his
let otherTeacher: string; // teacher2
let student: string; // student1: group 1, full-time
let staff: string;

async function teacherList(cookie: string, input: Record<string, unknown> = {}) {
  const res = await t.call(umkList, input, { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function studentList(cookie: string, input: Record<string, unknown> = {}) {
  const res = await t.call(umkStudentList, input, { cookie });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** The fields of a valid new material for one of teacher1's disciplines. */
let valid: Fields;

beforeAll(async () => {
  t = await createTestApp();
  [teacher, otherTeacher, student, staff] = await Promise.all([
    t.signIn('teacher1'),
    t.signIn('teacher2'),
    t.signIn('student1'),
    t.sessionOf('staff1'),
  ]);
  const seeded = (await teacherList(teacher)).items;
  const first = seeded[seeded.length - 1] as UmkMaterial;
  valid = {
    umkName: 'Практикум',
    author: 'Иванов И. И.',
    totalPages: '24',
    annotation: 'Задания.',
    id_typeUmk: '5',
    id_discipline: String(first.id_discipline),
    id_semester: String(first.id_semester),
    id_examination: String(first.id_examination),
    audience: 'all',
  };
});
afterAll(() => t.close());

describe('dropdown lists', () => {
  it('answers plain lists in three languages', async () => {
    const semesters = (await t.call(umkSemesters, {}, { cookie: teacher })).body.data;
    expect(semesters.map((s) => s.number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(semesters[0]).toEqual({
      id_semester: 1,
      number: 1,
      name: '1 семестр',
      nameKg: '1-семестр',
      nameEn: 'Semester 1',
    });
    const types = (await t.call(umkTypes, {}, { cookie: student })).body.data;
    expect(types).toHaveLength(8);
    expect(types[0]).toEqual({ id_typeUmk: 1, name: 'Учебник', nameKg: 'Окуу китеби', nameEn: 'Textbook' });
    const exams = (await t.call(umkExamTypes, {}, { cookie: teacher })).body.data;
    expect(exams.length).toBeGreaterThan(1);
    expect(Object.keys(exams[0] ?? {}).sort()).toEqual(['id_examination', 'name', 'nameEn', 'nameKg']);
    const categories = (await t.call(umkBookCategories, {}, { cookie: teacher })).body.data;
    expect(categories).toHaveLength(17);
    expect(categories[0]).toMatchObject({ id_bookCategory: 1, id_baseBookCategory: 1, baseNameEn: 'Natural sciences' });
  });

  it("lists a teacher's disciplines, or every discipline with materials; -1 means any semester", async () => {
    const mine = (await t.call(umkDisciplines, {}, { cookie: teacher })).body.data;
    const seeded = (await teacherList(teacher)).items;
    const ids = mine.map((d) => d.id_discipline);
    for (const m of seeded) expect(ids).toContain(m.id_discipline);
    const semester = seeded[0]?.id_semester as number;
    const inSemester = (await t.call(umkDisciplines, { id_semester: semester }, { cookie: teacher })).body.data;
    expect(inSemester.length).toBeGreaterThan(0);
    expect(inSemester.length).toBeLessThanOrEqual(mine.length);
    expect((await t.call(umkDisciplines, { id_semester: -1 }, { cookie: teacher })).body.data).toEqual(mine);
    const withMaterials = (await t.call(umkDisciplines, { scope: 'materials' }, { cookie: otherTeacher })).body.data;
    expect(withMaterials.map((d) => d.id_discipline).sort()).toEqual(
      [...new Set(seeded.map((m) => m.id_discipline))].sort(),
    );
    expect((await t.call(umkDisciplines, { scope: 'all' }, { cookie: teacher })).status).toBe(400);
  });

  it("lists a student's semesters, disciplines and examination types from the registrations", async () => {
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'student1'));
    const regs = await t.database.db
      .select()
      .from(registrations)
      .where(eq(registrations.studentId, me?.id as number));
    const semesters = (await t.call(umkStudentSemesters, {}, { cookie: student })).body.data;
    expect(semesters.map((s) => s.id_semester).sort()).toEqual([...new Set(regs.map((r) => r.semesterId))].sort());
    const disciplines = (await t.call(umkStudentDisciplines, { id_semester: -1 }, { cookie: student })).body.data;
    expect(disciplines.map((d) => d.id_discipline).sort((a, b) => a - b)).toEqual(
      [...new Set(regs.map((r) => r.disciplineId))].sort((a, b) => a - b),
    );
    const discipline = regs[0]?.disciplineId as number;
    const exams = (await t.call(umkStudentExamTypes, { id_discipline: discipline }, { cookie: student })).body.data;
    expect(exams.map((e) => e.id_examination)).toEqual([
      ...new Set(regs.filter((r) => r.disciplineId === discipline).map((r) => r.examinationTypeId)),
    ]);
    expect((await t.call(umkStudentSemesters, {}, { cookie: teacher })).status).toBe(403);
    expect((await t.call(umkSemesters, {}, { cookie: student })).status).toBe(403);
  });

  it('lists the teachers of the materials the caller can see', async () => {
    const [teacher1] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'teacher1'));
    for (const cookie of [student, otherTeacher, staff]) {
      const res = await t.call(umkTeachers, { id_semester: -1, id_discipline: -1 }, { cookie });
      expect(res.body.data.map((x) => x.id_teacher)).toEqual([teacher1?.id]);
      expect(res.body.data[0]?.t_fio).toMatch(/\S+ \S+/);
    }
    const student3 = await t.signIn('student3');
    const visible = (await studentList(student3)).items;
    const teachers = (await t.call(umkTeachers, {}, { cookie: student3 })).body.data;
    expect(teachers.length).toBe(new Set(visible.map((m) => m.id_teacher)).size);
  });
});

describe('lists (umklist.json, getumklistforstud.json)', () => {
  it('shows teachers every material, newest first, marking their own', async () => {
    const own = await teacherList(teacher);
    expect(own).toMatchObject({ page: 1, pageSize: 50, hasMore: false, total: 3 });
    expect(own.items.map((m) => m.umkName)).toEqual([
      'Методические указания для заочников',
      'Конспект лекций',
      'Учебное пособие по дисциплине',
    ]);
    expect(own.items.every((m) => m.canEdit)).toBe(true);
    const colleague = await teacherList(otherTeacher);
    expect(colleague.items.map((m) => m.id_books)).toEqual(own.items.map((m) => m.id_books));
    expect(colleague.items.every((m) => !m.canEdit)).toBe(true);

    const guide = own.items[2] as UmkMaterial;
    expect(guide).toMatchObject({
      id_books: 1,
      id_typeUmk: 2,
      umkName: 'Учебное пособие по дисциплине',
      p34: guide.discipline.name,
      p43: guide.semester.name,
      p30: guide.examination.name,
      files: 'Учебное пособие.pdf',
      audience: 'all',
      id_forStudentKind: 1,
      isLibrary: true,
      id_bookCategory: 15,
      type: { id: 2, name: 'Учебное пособие', nameKg: 'Окуу куралы', nameEn: 'Study guide' },
    });
    expect(guide.t_fio).toBe(guide.t_fio.trim());
    expect(guide.id_eBook).toEqual(expect.any(Number));
    expect(guide.file).toEqual({
      name: 'Учебное пособие.pdf',
      size: expect.any(Number),
      url: `${umkDownload.path}?id=1`,
      previewUrl: `${umkPreview.path}?id=1`,
    });
    expect(own.items[0]).toMatchObject({
      audience: 'part_time',
      id_forStudentKind: 3,
      isLibrary: false,
      id_eBook: null,
    });
    expect(own.items[0]?.file.previewUrl).toBeNull();
  });

  it('filters by semester, discipline, examination type, teacher and type; -1 or nothing means any', async () => {
    const all = (await teacherList(teacher)).items;
    const guide = all[2] as UmkMaterial;
    const any = { id_semester: -1, id_discipline: -1, id_examination: -1, id_teacher: -1, id_typeUmk: -1 };
    expect((await teacherList(teacher, any)).total).toBe(3);
    expect((await teacherList(teacher, { id_semester: '', id_teacher: '-1' })).total).toBe(3);
    const byType = await teacherList(teacher, { ...any, id_typeUmk: 2 });
    expect(byType.items.map((m) => m.id_books)).toEqual([guide.id_books]);
    const byDiscipline = await teacherList(teacher, { id_discipline: guide.id_discipline });
    expect(byDiscipline.items.every((m) => m.id_discipline === guide.id_discipline)).toBe(true);
    expect(byDiscipline.items.map((m) => m.id_books)).toContain(guide.id_books);
    const bySemester = await teacherList(teacher, { id_semester: guide.id_semester });
    expect(bySemester.items.every((m) => m.id_semester === guide.id_semester)).toBe(true);
    const byExam = await teacherList(teacher, { id_examination: guide.id_examination });
    expect(byExam.items.every((m) => m.id_examination === guide.id_examination)).toBe(true);
    expect((await teacherList(teacher, { id_teacher: guide.id_teacher })).total).toBe(3);
    const [teacher2] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'teacher2'));
    expect((await teacherList(teacher, { id_teacher: teacher2?.id })).total).toBe(0);
    for (const bad of [{ id_semester: 0 }, { id_teacher: -2 }, { id_typeUmk: 'x' }, { page: 0 }]) {
      expect((await t.call(umkList, bad, { cookie: teacher })).status, JSON.stringify(bad)).toBe(400);
    }
  });

  it("shows a student the materials of their disciplines for their group's study form only", async () => {
    const data = await studentList(student);
    // Group 1 is full-time: the part-time material is not for them.
    expect(data.items.map((m) => m.umkName)).toEqual(['Конспект лекций', 'Учебное пособие по дисциплине']);
    expect(data.total).toBe(2);
    expect(data.items.every((m) => !m.canEdit)).toBe(true);
    const mine = (await t.call(umkStudentDisciplines, {}, { cookie: student })).body.data.map((d) => d.id_discipline);
    expect(data.items.every((m) => mine.includes(m.id_discipline))).toBe(true);
    expect((await t.call(umkStudentList, {}, { cookie: teacher })).status).toBe(403);
    expect((await t.call(umkList, {}, { cookie: student })).status).toBe(403);
  });

  it('shows a part-time student the materials for all and for part-time students', async () => {
    const p = await createTestApp();
    try {
      const db = p.database.db;
      const [group1] = await db.select().from(groups).where(eq(groups.id, 1));
      const [partTime] = await db
        .insert(groups)
        .values({ ...(group1 as typeof groups.$inferSelect), id: undefined, name: 'test-з', studyForm: 'part_time' })
        .returning({ id: groups.id });
      const [student2] = await db.select({ id: users.id }).from(users).where(eq(users.login, 'student2'));
      await db
        .update(studentProfiles)
        .set({ groupId: partTime?.id as number })
        .where(eq(studentProfiles.userId, student2?.id as number));
      const cookie = await p.signIn('student2');
      const res = await p.call(umkStudentList, {}, { cookie });
      expect(res.body.data.items.map((m) => m.umkName)).toEqual([
        'Методические указания для заочников',
        'Учебное пособие по дисциплине',
      ]);
    } finally {
      await p.close();
    }
  });

  it('hides from a student the materials of disciplines that are not theirs', async () => {
    const student3 = await t.signIn('student3');
    const theirs = (await t.call(umkStudentDisciplines, {}, { cookie: student3 })).body.data.map(
      (d) => d.id_discipline,
    );
    const teacherDisciplines = (await t.call(umkDisciplines, {}, { cookie: teacher })).body.data;
    const foreign = teacherDisciplines.find((d) => !theirs.includes(d.id_discipline));
    expect(foreign).toBeDefined();
    const created = await save(
      t,
      teacher,
      { ...valid, umkName: 'Не для student3', id_discipline: String(foreign?.id_discipline) },
      [{ name: 'x.pdf', content: minimalPdf(['x']) }],
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const id = created.body.data.id_books;
    try {
      expect((await studentList(student3)).items.map((m) => m.id_books)).not.toContain(id);
      expect((await fetchFile(t, student3, created.body.data.file.url)).statusCode).toBe(404);
    } finally {
      expect((await t.call(umkDelete, { id_books: id }, { cookie: teacher })).status).toBe(200);
    }
  });
});

describe('files (download.file, preview.file)', () => {
  it('lets a student download the materials listed for them, and nothing else (404)', async () => {
    const all = (await teacherList(teacher)).items;
    const [partTime, fullTime, guide] = all as [UmkMaterial, UmkMaterial, UmkMaterial];
    for (const m of [fullTime, guide]) {
      const res = await fetchFile(t, student, m.file.url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toMatch(/^attachment; /);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    const hidden = await fetchFile(t, student, partTime.file.url);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({
      result: 1,
      data: null,
      error: { code: 'not_found', message: 'There is no such file.' },
    });
    expect((await fetchFile(t, student, `${umkDownload.path}?id=2000000000`)).statusCode).toBe(404);
    expect((await fetchFile(t, undefined, guide.file.url)).statusCode).toBe(401);
    // Teachers and staff get every material.
    for (const cookie of [otherTeacher, staff]) {
      const res = await fetchFile(t, cookie, partTime.file.url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Вариант 1');
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    }
  });

  it('previews PDFs inline and sends anything else as an attachment', async () => {
    const [partTime, , guide] = (await teacherList(teacher)).items as [UmkMaterial, UmkMaterial, UmkMaterial];
    const pdf = await fetchFile(t, student, guide.file.previewUrl as string);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toMatch(/^inline; /);
    expect(pdf.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const txt = await fetchFile(t, teacher, `${umkPreview.path}?id=${partTime.id_books}`);
    expect(txt.headers['content-disposition']).toMatch(/^attachment; /);
    expect(txt.headers['content-security-policy']).toMatch(/sandbox/);
    expect((await fetchFile(t, student, `${umkPreview.path}?id=${partTime.id_books}`)).statusCode).toBe(404);
  });
});

describe('uploading (insertorupdateumk.json)', () => {
  it('is for teachers: students and staff get 403, and nothing is stored', async () => {
    for (const cookie of [student, staff]) {
      await expectNothingStored(t, async () => {
        const res = await save(t, cookie, valid, [{ name: 'a.pdf', content: minimalPdf(['a']) }]);
        expect(res.status).toBe(403);
      });
    }
    expect((await save(t, undefined, valid)).status).toBe(401);
  });

  it('stores a material with its file under a generated key and answers with it', async () => {
    const res = await save(t, teacher, { ...valid, id_books: '-1', audience: 'full_time' }, [
      { name: '../Практикум №1.pdf', content: minimalPdf(['Workshop']) },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const m = res.body.data;
    expect(m).toMatchObject({
      umkName: 'Практикум',
      author: 'Иванов И. И.',
      totalPages: 24,
      annotation: 'Задания.',
      id_typeUmk: 5,
      audience: 'full_time',
      id_forStudentKind: 2,
      files: 'Практикум №1.pdf',
      isLibrary: false,
      id_eBook: null,
      canEdit: true,
    });
    const [row] = await t.database.db.select().from(umkMaterials).where(eq(umkMaterials.id, m.id_books));
    expect(row?.fileKey).toMatch(/^umk\/[0-9a-f]{32}$/);
    expect((await fetchFile(t, student, m.file.url)).statusCode).toBe(200);
    expect((await t.call(umkDelete, { id_books: m.id_books }, { cookie: teacher })).status).toBe(200);
  });

  it('needs a file and valid references; refuses other types; stores nothing then', async () => {
    const file = [{ name: 'ok.docx', content: 'docx' }];
    const teacherDisciplines = (await t.call(umkDisciplines, {}, { cookie: teacher })).body.data.map(
      (d) => d.id_discipline,
    );
    const notTaught = Array.from({ length: 200 }, (_, i) => i + 1).find((id) => !teacherDisciplines.includes(id));
    const cases: [Fields, FilePart[], number, string, RegExp][] = [
      [valid, [], 400, 'file_required', /file/],
      [valid, [{ name: '', content: '' }], 400, 'file_required', /file/],
      [{ ...valid, umkName: '' }, file, 400, 'validation', /umkName/],
      [{ ...valid, id_discipline: '' }, file, 400, 'validation', /id_discipline/],
      [{ ...valid, id_semester: '99' }, file, 400, 'validation', /id_semester: there is no such/],
      [{ ...valid, id_typeUmk: '99' }, file, 400, 'validation', /id_typeUmk/],
      [{ ...valid, id_examination: '99' }, file, 400, 'validation', /id_examination/],
      [{ ...valid, id_discipline: String(notTaught) }, file, 400, 'validation', /do not teach/],
      [{ ...valid, audience: 'everyone' }, file, 400, 'validation', /audience/],
      [{ ...valid, isLibrary: 'true' }, file, 400, 'validation', /id_bookCategory/],
      [{ ...valid, isLibrary: 'true', id_bookCategory: '-1' }, file, 400, 'validation', /id_bookCategory/],
      [{ ...valid, isLibrary: 'true', id_bookCategory: '999' }, file, 400, 'validation', /id_bookCategory/],
      [{ ...valid, isLibrary: 'maybe' }, file, 400, 'validation', /isLibrary/],
      [valid, [...file, ...file], 400, 'validation', /files: at most 1 allowed/],
      [valid, [{ name: 'run.sh', content: '#!/bin/sh' }], 415, 'unsupported_type', /docx/],
      [valid, [{ name: 'page.htm', content: '<b>' }], 415, 'unsupported_type', /docx/],
      [valid, [{ name: 'image.svg', content: '<svg/>' }], 415, 'unsupported_type', /docx/],
      [valid, [{ name: 'fake.PDF', content: 'not a pdf' }], 415, 'unsupported_type', /not a PDF/],
    ];
    for (const [fields, files, status, code, message] of cases) {
      await expectNothingStored(t, async () => {
        const res = await save(t, teacher, fields, files);
        expect(res.status, `${JSON.stringify(fields)} ${files.map((f) => f.name)}`).toBe(status);
        expect(res.body).toMatchObject({ result: 1, data: null, error: { code } });
        expect(res.body.error?.message).toMatch(message);
      });
    }
  });

  it('accepts every listed type', async () => {
    for (const ext of [
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'odt',
      'ods',
      'odp',
      'rtf',
      'txt',
      'png',
      'jpg',
      'jpeg',
      'gif',
      'webp',
      'zip',
      'rar',
      '7z',
    ]) {
      const res = await save(t, teacher, valid, [{ name: `file.${ext.toUpperCase()}`, content: 'bytes' }]);
      expect(res.status, ext).toBe(200);
      expect((await t.call(umkDelete, { id_books: res.body.data.id_books }, { cookie: teacher })).status).toBe(200);
    }
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 and stores nothing', async () => {
    const small = await createTestApp({ UPLOAD_MAX_MB: '1' });
    try {
      const cookie = await small.signIn('teacher1');
      await expectNothingStored(small, async () => {
        const res = await save(small, cookie, valid, [{ name: 'big.rar', content: Buffer.alloc(1024 * 1024 + 1) }]);
        expect(res.status).toBe(413);
        expect(res.body.error?.code).toBe('too_large');
      });
    } finally {
      await small.close();
    }
  });
});

describe("the 'available in e-library' flag", () => {
  async function libraryBook(id: number): Promise<EBook | undefined> {
    const res = await t.call(bookList, { search: 'Сборник лабораторных работ' }, { cookie: student });
    return res.body.data.fallback ? undefined : res.body.data.items.find((b) => b.id_books === id);
  }

  it('puts the material in the library with isFromUmk and one shared file, follows changes, and leaves with it', async () => {
    const created = await save(
      t,
      teacher,
      { ...valid, umkName: 'Сборник лабораторных работ', isLibrary: 'true', id_bookCategory: '16' },
      [{ name: 'labs.pdf', content: minimalPdf(['Labs']) }],
    );
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const m = created.body.data;
    expect(m).toMatchObject({ isLibrary: true, id_bookCategory: 16 });
    const book = (await libraryBook(m.id_books)) as EBook;
    expect(book).toMatchObject({
      id_eBook: m.id_eBook,
      name: 'Сборник лабораторных работ',
      author: 'Иванов И. И.',
      description: 'Задания.',
      totalPages: 24,
      fileName: 'labs.pdf',
      id_bookCategory: 16,
      isFromUmk: true,
      id_books: m.id_books,
      canEdit: false,
    });
    // One stored file, reached from both sides.
    const [material] = await t.database.db.select().from(umkMaterials).where(eq(umkMaterials.id, m.id_books));
    const [bookRow] = await t.database.db.select().from(books).where(eq(books.umkMaterialId, m.id_books));
    expect(bookRow?.fileKey).toBe(material?.fileKey);
    const viaLibrary = await fetchFile(t, student, book.file?.url as string);
    const viaUmk = await fetchFile(t, teacher, m.file.url);
    expect(viaLibrary.rawPayload.equals(viaUmk.rawPayload)).toBe(true);

    // Changes follow: the title, the category, a new file.
    const id = String(m.id_books);
    const changed = await save(
      t,
      teacher,
      {
        ...valid,
        id_books: id,
        umkName: 'Сборник лабораторных работ, 2-е изд.',
        isLibrary: 'true',
        id_bookCategory: '17',
      },
      [{ name: 'labs-2.pdf', content: minimalPdf(['Labs 2']) }],
    );
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await t.storage.get(material?.fileKey as string)).toBeNull();
    expect(await libraryBook(m.id_books)).toMatchObject({
      id_eBook: m.id_eBook,
      name: 'Сборник лабораторных работ, 2-е изд.',
      id_bookCategory: 17,
      fileName: 'labs-2.pdf',
    });

    // Clearing the flag takes it out of the library; setting it again brings it back.
    const off = await save(t, teacher, {
      ...valid,
      id_books: id,
      umkName: 'Сборник лабораторных работ',
      isLibrary: 'false',
    });
    expect(off.body.data).toMatchObject({ isLibrary: false, id_eBook: null, id_bookCategory: null });
    expect(await libraryBook(m.id_books)).toBeUndefined();
    const on = await save(t, teacher, {
      ...valid,
      id_books: id,
      umkName: 'Сборник лабораторных работ',
      isLibrary: '1',
      id_bookCategory: '16',
    });
    expect(on.body.data.isLibrary).toBe(true);
    expect(await libraryBook(m.id_books)).toMatchObject({ isFromUmk: true, fileName: 'labs-2.pdf' });

    // Deleting the material removes its library entry and the file.
    const [current] = await t.database.db.select().from(umkMaterials).where(eq(umkMaterials.id, m.id_books));
    expect((await t.call(umkDelete, { id_books: m.id_books }, { cookie: teacher })).body.data).toEqual({
      id_books: m.id_books,
      deleted: true,
    });
    expect(await libraryBook(m.id_books)).toBeUndefined();
    expect(await t.database.db.select().from(books).where(eq(books.umkMaterialId, m.id_books))).toEqual([]);
    expect(await t.storage.get(current?.fileKey as string)).toBeNull();
    expect((await fetchFile(t, student, book.file?.url as string)).statusCode).toBe(404);
  });

  it('keeps the material and its file when only its library entry is deleted', async () => {
    const created = (
      await save(
        t,
        teacher,
        { ...valid, umkName: 'Сборник лабораторных работ', isLibrary: 'on', id_bookCategory: '16' },
        [{ name: 'keep.pdf', content: minimalPdf(['Keep']) }],
      )
    ).body.data;
    const res = await t.call(deleteBook, { id_eBook: created.id_eBook as number }, { cookie: staff });
    expect(res.status).toBe(200);
    const after = (await teacherList(teacher)).items.find((m) => m.id_books === created.id_books) as UmkMaterial;
    expect(after).toMatchObject({ isLibrary: false, id_eBook: null });
    expect((await fetchFile(t, teacher, after.file.url)).statusCode).toBe(200);
    expect((await t.call(umkDelete, { id_books: created.id_books }, { cookie: teacher })).status).toBe(200);
  });
});

describe('changing and deleting (insertorupdateumk.json, deletebook.json)', () => {
  it("refuses another teacher's material with 403, changing nothing", async () => {
    const guide = (await teacherList(teacher)).items[2] as UmkMaterial;
    await expectNothingStored(t, async () => {
      const update = await save(t, otherTeacher, { ...valid, id_books: String(guide.id_books), umkName: 'Чужое' });
      expect(update.status).toBe(403);
      const remove = await t.call(umkDelete, { id_books: guide.id_books }, { cookie: otherTeacher });
      expect(remove.status).toBe(403);
      expect(remove.body.error.code).toBe('forbidden');
      expect((await t.call(umkDelete, { id_books: guide.id_books }, { cookie: student })).status).toBe(403);
    });
    expect((await t.call(umkDelete, { id_books: 2_000_000_000 }, { cookie: teacher })).status).toBe(404);
    expect((await save(t, teacher, { ...valid, id_books: '2000000000' })).status).toBe(404);
  });

  it('changes the fields of an own material, keeping the file unless a new one is sent', async () => {
    const created = (await save(t, teacher, valid, [{ name: 'v1.txt', content: 'one' }])).body.data;
    const id = String(created.id_books);
    const changed = await save(t, teacher, {
      ...valid,
      id_books: id,
      umkName: 'Практикум (новый)',
      audience: 'part_time',
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(changed.body.data).toMatchObject({ umkName: 'Практикум (новый)', audience: 'part_time', files: 'v1.txt' });
    expect(Date.parse(changed.body.data.updated)).toBeGreaterThanOrEqual(Date.parse(created.updated));
    expect((await fetchFile(t, teacher, created.file.url)).body).toBe('one');
    const renamed = await save(t, teacher, { ...valid, id_books: id, fileName: 'Вариант 2.txt' }, [
      { name: 'v2.txt', content: 'two' },
    ]);
    expect(renamed.body.data.files).toBe('Вариант 2.txt');
    expect((await fetchFile(t, teacher, created.file.url)).body).toBe('two');
    expect((await t.call(umkDelete, { id_books: created.id_books }, { cookie: teacher })).status).toBe(200);
    expect((await t.call(umkDelete, { id_books: created.id_books }, { cookie: teacher })).status).toBe(404);
  });
});
