import { institutionGet, institutionSave } from '@okuu/contracts/settings/institution';
import { gradeScale, gradeScaleSave } from '@okuu/contracts/transcript/grade-scale';
import { staffTranscript, studentTranscript, transcriptPdfUrl } from '@okuu/contracts/transcript/transcript';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseDigest } from '../../../test/callers.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { pdfText } from '../../../test/pdf.ts';
import { finalResults } from '../../db/schema/transcript.ts';
import { users } from '../../db/schema/users.ts';
import { creditTotals } from './transcript.service.ts';

let t: TestApp;
let student: string; // student1
let otherStudent: string; // student2
let teacher: string;
let staff: string;
let studentId: number;

const idOf = async (login: string) =>
  (await t.database.db.select({ id: users.id }).from(users).where(eq(users.login, login)))[0]?.id as number;

beforeAll(async () => {
  t = await createTestApp();
  [student, otherStudent, teacher, staff] = await Promise.all([
    t.signIn('student1'),
    t.signIn('student2'),
    t.signIn('teacher1'),
    t.signIn('staff1'),
  ]);
  studentId = await idOf('student1');
});
afterAll(() => t.close());

describe('grade point average', () => {
  it('is the credit-weighted mean of the numeric equivalents, to two decimals', () => {
    // By hand: (4 × 4.00 + 3 × 3.67 + 5 × 2.33 + 2 × 0) / 14 = (16 + 11.01 + 11.65 + 0) / 14 = 38.66 / 14 = 2.7614…
    expect(
      creditTotals([
        { credits: 4, numericX100: 400 },
        { credits: 3, numericX100: 367 },
        { credits: 5, numericX100: 233 },
        { credits: 2, numericX100: 0 },
      ]),
    ).toEqual({ kredits_sum: 14, kredits_avg: 2.76 });
    // (3 × 3.33 + 3 × 3.00) / 6 = 3.165: half up, and no float error on the way.
    expect(
      creditTotals([
        { credits: 3, numericX100: 333 },
        { credits: 3, numericX100: 300 },
      ]),
    ).toEqual({
      kredits_sum: 6,
      kredits_avg: 3.17,
    });
    expect(creditTotals([])).toEqual({ kredits_sum: 0, kredits_avg: null });
  });

  it('is what the transcript shows for a hand-computed set of results', async () => {
    const student2 = await idOf('student2');
    await t.database.db.delete(finalResults).where(eq(finalResults.studentId, student2));
    const base = { studentId: student2, academicYearId: 2025, semesterId: 1, examinationTypeId: 1 };
    await t.database.db.insert(finalResults).values([
      { ...base, halfYearKind: 1, disciplineId: 1, credits: 4, points: 97 }, // A 4.00
      { ...base, halfYearKind: 1, disciplineId: 2, credits: 3, points: 91 }, // A- 3.67
      { ...base, halfYearKind: 2, semesterId: 2, disciplineId: 3, credits: 5, points: 72 }, // C+ 2.33
      { ...base, halfYearKind: 2, semesterId: 2, disciplineId: 4, credits: 2, points: 10 }, // F 0
    ]);
    const data = (await t.call(studentTranscript, {}, { cookie: otherStudent })).body.data;
    const [fall, spring] = data.years[0]?.semesters ?? [];
    expect(fall?.rows.map((r) => [r.points, r.ekv_bukv, r.ekv_num])).toEqual([
      [97, 'A', 4],
      [91, 'A-', 3.67],
    ]);
    // (4 × 4 + 3 × 3.67) / 7 = 27.01 / 7 = 3.858…
    expect([fall?.kredits_sum, fall?.kredits_avg]).toEqual([7, 3.86]);
    // (5 × 2.33 + 2 × 0) / 7 = 11.65 / 7 = 1.664…
    expect([spring?.kredits_sum, spring?.kredits_avg]).toEqual([7, 1.66]);
    expect([data.kredits_sum, data.kredits_avg]).toEqual([14, 2.76]);
    expect([data.years[0]?.kredits_sum, data.years[0]?.kredits_avg]).toEqual([14, 2.76]);
  });
});

describe("a student's transcript", () => {
  it('has the finished half-years of the demo data, grouped by year, graded by the scale', async () => {
    const res = await t.call(studentTranscript, {}, { cookie: student });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.student).toMatchObject({ id: studentId, studyForm: 'full_time' });
    expect(data.student.birthDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(data.student.speciality).toMatchObject({ code: '590100', nameEn: 'Software Engineering' });
    expect(data.student.faculty.nameKg).toBeTruthy();
    // The demo group is in its second year: its first year is done.
    expect(data.years.length).toBeGreaterThanOrEqual(1);
    const first = data.years[0];
    expect(first?.semesters.map((s) => s.ws_sort)).toEqual([1, 2]);
    expect(first?.semesters[0]?.rows.length).toBe(5);
    for (const half of first?.semesters ?? []) {
      for (const row of half.rows) {
        expect(row.code_discipline).toMatch(/^D\d{3}$/);
        expect(row.name && row.nameKg && row.nameEn).toBeTruthy();
        const band = data.scale.find((b) => b.minPoints <= row.points && row.points <= b.maxPoints);
        expect([row.ekv_bukv, row.ekv_num]).toEqual([band?.letter, band?.numeric]);
      }
      const expected = creditTotals(
        half.rows.map((r) => ({ credits: r.kredits, numericX100: Math.round(r.ekv_num * 100) })),
      );
      expect({ kredits_sum: half.kredits_sum, kredits_avg: half.kredits_avg }).toEqual(expected);
    }
    expect(data.scale[0]).toEqual({ letter: 'A', minPoints: 95, maxPoints: 100, numeric: 4 });
  });

  it("is its own student's, or any student's for staff; teachers get none", async () => {
    const own = (await t.call(studentTranscript, {}, { cookie: student })).body.data;
    const asStaff = await t.call(staffTranscript, { id_student: studentId }, { cookie: staff });
    expect(asStaff.status).toBe(200);
    expect(asStaff.body.data).toEqual(own);
    expect((await t.call(staffTranscript, { id_student: await idOf('teacher1') }, { cookie: staff })).status).toBe(404);
    expect((await t.call(studentTranscript, {}, { cookie: teacher })).status).toBe(403);
    expect((await t.call(staffTranscript, { id_student: studentId }, { cookie: otherStudent })).status).toBe(403);
    expect((await t.call(staffTranscript, { id_student: studentId }, { cookie: teacher })).status).toBe(403);
  });

  it('comes as a PDF in Kyrgyz, Russian or English, with the letters ң, ө and ү', async () => {
    const own = (await t.call(studentTranscript, {}, { cookie: student })).body.data;
    const row = own.years[0]?.semesters[0]?.rows[0];
    const pdf = async (lang: 'ru' | 'kg' | 'en', cookie = student, id?: number) => {
      const res = await t.app.inject({ method: 'GET', url: transcriptPdfUrl(lang, id), headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      return pdfText(res.rawPayload);
    };
    const kg = await pdf('kg');
    for (const letter of ['ң', 'ө', 'ү']) expect(kg).toContain(letter);
    expect(kg).toContain(own.student.fullName);
    expect(kg).toContain(row?.nameKg);
    expect(kg).toContain('Факультеттин деканы');
    const ru = await pdf('ru');
    expect(ru).toContain(row?.name);
    expect(ru).toContain('Декан факультета');
    expect(ru).toContain(`GPA ${own.kredits_avg?.toFixed(2).replace('.', ',')}`);
    const en = await pdf('en', staff, studentId);
    expect(en).toContain(row?.nameEn);
    expect(en).toContain('TRANSCRIPT OF RECORDS');
    expect(en).toContain(`GPA ${own.kredits_avg?.toFixed(2)}`);
  });

  it("names the institution in the reader's language, and breaks no heading inside a word", async () => {
    const institution = (await t.call(institutionGet, {}, { cookie: staff })).body.data;
    const names = { name: institution.name, nameKg: 'Окуу университети', nameEn: 'Okuu University' };
    await t.call(institutionSave, { ...institution, ...names }, { cookie: staff });
    try {
      const pdf = async (lang: 'ru' | 'kg' | 'en') =>
        pdfText(
          (await t.app.inject({ method: 'GET', url: transcriptPdfUrl(lang), headers: { cookie: student } })).rawPayload,
        );
      const [ru, kg, en] = [await pdf('ru'), await pdf('kg'), await pdf('en')];
      expect(kg).toContain(names.nameKg);
      expect(kg).not.toContain(names.name);
      expect(en).toContain(names.nameEn);
      expect(en).not.toContain(names.name);
      expect(ru).toContain(names.name);
      // Every heading word whole, on its line.
      for (const word of ['Кредиты', 'Оценка', 'Баллы', 'Дисциплина'])
        expect(ru).toMatch(new RegExp(`(^|\\s)${word}(\\s|$)`));
      for (const word of ['Кредит', 'Баа', 'Упай', 'Сабак']) expect(kg).toMatch(new RegExp(`(^|\\s)${word}(\\s|$)`));
      for (const word of ['Credits', 'Points', 'Grade', 'Course'])
        expect(en).toMatch(new RegExp(`(^|\\s)${word}(\\s|$)`));
    } finally {
      await t.call(institutionSave, institution, { cookie: staff });
    }
  });
});

describe('the grading scale', () => {
  it('is edited by staff, and every transcript follows it', async () => {
    const scale = (await t.call(gradeScale, {}, { cookie: student })).body.data;
    expect(scale).toHaveLength(12);
    // A pass/fail scale: 50 and up passes with 4.00.
    const passFail = [
      { letter: 'P', minPoints: 50, maxPoints: 100, numeric: 4 },
      { letter: 'F', minPoints: 0, maxPoints: 49, numeric: 0 },
    ];
    const saved = await t.call(gradeScaleSave, { bands: passFail }, { cookie: staff });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(passFail);
    const data = (await t.call(studentTranscript, {}, { cookie: student })).body.data;
    const rows = data.years.flatMap((y) => y.semesters.flatMap((s) => s.rows));
    for (const row of rows) expect(row.ekv_bukv).toBe(row.points >= 50 ? 'P' : 'F');
    expect((await t.call(gradeScaleSave, { bands: scale }, { cookie: staff })).body.data).toEqual(scale);
  });

  it('refuses a scale with a gap, an overlap, a letter twice or more points worth less; nothing changes', async () => {
    const scale = (await t.call(gradeScale, {}, { cookie: staff })).body.data;
    const before = await databaseDigest(t);
    const broken = [
      scale.slice(1), // 95–100 uncovered
      scale.map((b) => (b.letter === 'B' ? { ...b, minPoints: 78 } : b)), // overlaps B-
      scale.map((b) => (b.letter === 'B' ? { ...b, letter: 'A' } : b)),
      scale.map((b) => (b.letter === 'A' ? { ...b, numeric: 3 } : b)), // A worth less than A-
      scale.map((b) => (b.letter === 'C' ? { ...b, numeric: 2.005 } : b)),
      [],
    ];
    for (const bands of broken) {
      const res = await t.call(gradeScaleSave, { bands }, { cookie: staff });
      expect(res.status, JSON.stringify(bands).slice(0, 80)).toBe(400);
      expect(res.body.error.code).toBe('validation');
    }
    expect((await t.call(gradeScaleSave, { bands: scale }, { cookie: student })).status).toBe(403);
    expect(await databaseDigest(t)).toBe(before);
  });
});
