import type { Rating } from '@okuu/contracts/grading/rating';
import type { GradingSheet } from '@okuu/contracts/grading/sheets';
import ExcelJS from 'exceljs';
import { bishkekDay, formatDay, formatNumber } from '../../lib/format.ts';
import { renderPdf } from '../../lib/pdf.ts';

export type ExportLang = 'ru' | 'kg' | 'en';

/** The workbook's own texts (the server writes them; the web app's catalogues are not at hand here). */
const labels = {
  ru: {
    sheet: 'Рейтинг',
    title: 'Рейтинг студентов',
    scopes: { group: 'Группа', stream: 'Поток', faculty: 'Факультет' },
    period: 'Период',
    whole: 'за всё обучение',
    halves: ['', 'осенний семестр', 'весенний семестр', 'летний семестр'],
    columns: ['Место', 'Студент', 'Группа', 'Кредиты', 'Баллы', 'GPA'],
  },
  kg: {
    sheet: 'Рейтинг',
    title: 'Студенттердин рейтинги',
    scopes: { group: 'Топ', stream: 'Агым', faculty: 'Факультет' },
    period: 'Мезгил',
    whole: 'бүт окуу мөөнөтүндө',
    halves: ['', 'күзгү семестр', 'жазгы семестр', 'жайкы семестр'],
    columns: ['Орун', 'Студент', 'Топ', 'Кредиттер', 'Баллдар', 'GPA'],
  },
  en: {
    sheet: 'Rating',
    title: 'Student rating',
    scopes: { group: 'Group', stream: 'Stream', faculty: 'Faculty' },
    period: 'Period',
    whole: 'whole study',
    halves: ['', 'fall semester', 'spring semester', 'summer semester'],
    columns: ['Place', 'Student', 'Group', 'Credits', 'Points', 'GPA'],
  },
} as const;

/** The rating as a workbook: a heading, then one row per student with numbers as numbers (GPA to 2 decimals). */
export async function ratingXlsx(rating: Rating, lang: ExportLang): Promise<Buffer> {
  const l = labels[lang];
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(l.sheet);
  ws.addRow([l.title]).font = { bold: true, size: 14 };
  ws.addRow([l.scopes[rating.scope], rating.name]);
  ws.addRow([l.period, rating.whole ? l.whole : `${rating.year}–${rating.year + 1}, ${l.halves[rating.ws] ?? ''}`]);
  ws.addRow([]);
  ws.addRow([...l.columns]).font = { bold: true };
  for (const r of rating.rows) ws.addRow([r.place, r.name, r.group, r.credits, r.points, r.gpa]);
  ws.getColumn(2).width = 36;
  ws.getColumn(3).width = 14;
  ws.getColumn(6).numFmt = '0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

type Named = { name: string; nameKg: string; nameEn: string };
const nameIn = (record: Named, lang: ExportLang) =>
  (lang === 'kg' ? record.nameKg : lang === 'en' ? record.nameEn : record.name) || record.name;

/** The sheet documents' own texts. */
const sheetLabels = {
  ru: {
    title: 'Экзаменационная ведомость',
    kinds: { regular: '', retake: 'пересдача', individual: 'индивидуальная' },
    faculty: 'Факультет',
    group: 'Группа',
    stream: 'Поток',
    discipline: 'Дисциплина',
    control: 'Форма контроля',
    credits: 'Кредиты',
    period: 'Учебный год',
    halves: ['', 'осенний семестр', 'весенний семестр', 'летний семестр'],
    teachers: 'Преподаватель',
    date: 'Дата',
    columns: {
      n: '№',
      student: 'Ф. И. О. студента',
      book: '№ зачётки',
      module: 'Модуль',
      exam: 'Экзамен',
      total: 'Сумма',
      letter: 'Буква',
      numeric: 'Цифр.',
    },
    signTeacher: 'Подпись преподавателя',
    signDean: 'Декан (деканат)',
    sheet: 'Ведомость',
  },
  kg: {
    title: 'Экзамендик ведомость',
    kinds: { regular: '', retake: 'кайра тапшыруу', individual: 'жеке' },
    faculty: 'Факультет',
    group: 'Топ',
    stream: 'Агым',
    discipline: 'Сабак',
    control: 'Текшерүү формасы',
    credits: 'Кредиттер',
    period: 'Окуу жылы',
    halves: ['', 'күзгү семестр', 'жазгы семестр', 'жайкы семестр'],
    teachers: 'Окутуучу',
    date: 'Күнү',
    columns: {
      n: '№',
      student: 'Студенттин аты-жөнү',
      book: 'Зачёткасынын №',
      module: 'Модуль',
      exam: 'Экзамен',
      total: 'Сумма',
      letter: 'Тамга',
      numeric: 'Сан.',
    },
    signTeacher: 'Окутуучунун колу',
    signDean: 'Декан (деканат)',
    sheet: 'Ведомость',
  },
  en: {
    title: 'Examination grading sheet',
    kinds: { regular: '', retake: 'retake', individual: 'individual' },
    faculty: 'Faculty',
    group: 'Group',
    stream: 'Stream',
    discipline: 'Discipline',
    control: 'Form of control',
    credits: 'Credits',
    period: 'Academic year',
    halves: ['', 'fall semester', 'spring semester', 'summer semester'],
    teachers: 'Teacher',
    date: 'Date',
    columns: {
      n: 'No.',
      student: 'Student',
      book: 'Record book',
      module: 'Module',
      exam: 'Exam',
      total: 'Sum',
      letter: 'Letter',
      numeric: 'Numeric',
    },
    signTeacher: "Teacher's signature",
    signDean: "Dean's office",
    sheet: 'Sheet',
  },
} as const;

/** A stream's sheet names each student's group (in a column after the name). */
const byGroup = (sheet: GradingSheet) => sheet.audience.kind === 'stream';

function sheetHeadings(sheet: GradingSheet, lang: ExportLang): string[] {
  const l = sheetLabels[lang];
  const columns = sheet.columns.map((c, i) =>
    c.kind === 'exam'
      ? l.columns.exam
      : `${l.columns.module} ${sheet.columns.slice(0, i + 1).filter((x) => x.kind === 'module').length}`,
  );
  return [
    l.columns.n,
    l.columns.student,
    ...(byGroup(sheet) ? [l.group] : []),
    l.columns.book,
    ...columns,
    l.columns.total,
    l.columns.letter,
    l.columns.numeric,
  ];
}

function sheetInfo(sheet: GradingSheet, lang: ExportLang): [string, string][] {
  const l = sheetLabels[lang];
  return [
    [l.faculty, nameIn(sheet.faculty, lang)],
    [sheet.audience.kind === 'stream' ? l.stream : l.group, nameIn(sheet.audience, lang)],
    [l.discipline, `${sheet.discipline.code} ${nameIn(sheet.discipline, lang)}`],
    [l.control, sheet.examinationType ? nameIn(sheet.examinationType, lang) : '—'],
    [l.credits, String(sheet.credits)],
    [l.period, `${sheet.year}-${String((sheet.year + 1) % 100).padStart(2, '0')}, ${l.halves[sheet.ws] ?? ''}`],
    [l.teachers, sheet.teachers.join(', ') || '—'],
    [l.date, formatDay(sheet.closedAt ? bishkekDay(new Date(sheet.closedAt)) : bishkekDay(), lang)],
  ];
}

/**
 * A sheet as an A4 PDF in the reader's language (DejaVu Sans: ң ө ү drawn): the institution, the sheet's particulars,
 * every student's points, sum and grade, and lines for the teacher's and the dean's office's signatures.
 */
export function sheetPdf(sheet: GradingSheet, lang: ExportLang, institution: Named): Promise<Buffer> {
  const l = sheetLabels[lang];
  const headings = sheetHeadings(sheet, lang);
  const body = sheet.rows.map((r, i) => [
    String(i + 1),
    r.name,
    ...(byGroup(sheet) ? [r.group] : []),
    r.recordBook ?? '',
    ...r.cells.map((c) => (c.points === null ? '' : String(c.points))),
    String(r.totals.total),
    r.totals.letter ?? '—',
    r.totals.numeric === null ? '—' : formatNumber(r.totals.numeric, lang, 2),
  ]);
  const kind = l.kinds[sheet.kind];
  return renderPdf({
    pageMargins: [28, 28, 28, 28],
    info: { title: l.title },
    content: [
      { text: nameIn(institution, lang), bold: true, fontSize: 11, alignment: 'center' },
      {
        text: kind ? `${l.title} (${kind})` : l.title,
        bold: true,
        fontSize: 13,
        alignment: 'center',
        margin: [0, 4, 0, 8],
      },
      {
        table: { widths: [110, '*'], body: sheetInfo(sheet, lang).map(([k, v]) => [{ text: k, bold: true }, v]) },
        layout: 'noBorders',
        fontSize: 9,
        margin: [0, 0, 0, 8],
      },
      {
        table: {
          headerRows: 1,
          widths: [16, '*', ...(byGroup(sheet) ? [44] : []), 52, ...sheet.columns.map(() => 36), 30, 30, 32],
          body: [
            headings.map((text) => ({ text, bold: true, alignment: 'center', fontSize: 7 })),
            ...body.map((row) => row.map((text, i) => ({ text, alignment: i === 1 ? 'left' : 'center' }))),
          ],
        },
        fontSize: 8,
        layout: { hLineWidth: () => 0.4, vLineWidth: () => 0.4 },
      },
      {
        margin: [0, 28, 0, 0],
        columns: [
          { text: `${l.signTeacher}: ____________________`, fontSize: 9 },
          { text: `${l.signDean}: ____________________`, fontSize: 9, alignment: 'right' },
        ],
      },
    ],
  });
}

/** A sheet as a workbook: the particulars, then a row per student with points and totals as numbers. */
export async function sheetXlsx(sheet: GradingSheet, lang: ExportLang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(sheetLabels[lang].sheet);
  ws.addRow([sheetLabels[lang].title]).font = { bold: true, size: 14 };
  for (const [k, v] of sheetInfo(sheet, lang)) ws.addRow([k, v]);
  ws.addRow([]);
  ws.addRow(sheetHeadings(sheet, lang)).font = { bold: true };
  sheet.rows.forEach((r, i) => {
    ws.addRow([
      i + 1,
      r.name,
      ...(byGroup(sheet) ? [r.group] : []),
      r.recordBook ?? '',
      ...r.cells.map((c) => c.points),
      r.totals.total,
      r.totals.letter ?? '',
      r.totals.numeric,
    ]);
  });
  ws.getColumn(2).width = 36;
  ws.getColumn(3).width = 14;
  ws.getColumn(6 + sheet.columns.length + (byGroup(sheet) ? 1 : 0)).numFmt = '0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
