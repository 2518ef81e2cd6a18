import type { Assessment, Journal } from '@okuu/contracts/journal/common';
import ExcelJS from 'exceljs';
import { formatDay, formatNumber } from '../../lib/format.ts';
import { renderPdf } from '../../lib/pdf.ts';

export type ExportLang = 'ru' | 'kg' | 'en';

/** The documents' own texts (the server prints them; the web app's catalogues are not at hand here). */
const labels = {
  ru: {
    title: 'Журнал учёта учебных занятий',
    discipline: 'Дисциплина',
    kind: 'Вид занятия',
    audience: 'Группа',
    period: 'Учебный год',
    halves: ['', 'осенний семестр', 'весенний семестр', 'летний семестр'],
    student: 'Студент',
    absences: 'Пропуски',
    points: 'Баллы',
    average: 'Средний балл',
    absent: 'н/б',
    sheet: 'Журнал',
  },
  kg: {
    title: 'Окуу сабактарын эсепке алуу журналы',
    discipline: 'Сабак',
    kind: 'Сабактын түрү',
    audience: 'Топ',
    period: 'Окуу жылы',
    halves: ['', 'күзгү семестр', 'жазгы семестр', 'жайкы семестр'],
    student: 'Студент',
    absences: 'Калтыруулар',
    points: 'Баллдар',
    average: 'Орточо балл',
    absent: 'к/ж',
    sheet: 'Журнал',
  },
  en: {
    title: 'Class activity journal',
    discipline: 'Discipline',
    kind: 'Lesson kind',
    audience: 'Group',
    period: 'Academic year',
    halves: ['', 'fall half-year', 'spring half-year', 'summer half-year'],
    student: 'Student',
    absences: 'Absences',
    points: 'Points',
    average: 'Average',
    absent: 'abs',
    sheet: 'Journal',
  },
} as const;

const nameIn = (n: { name: string; nameKg: string; nameEn: string }, lang: ExportLang) =>
  (lang === 'kg' ? n.nameKg : lang === 'en' ? n.nameEn : n.name) || n.name;

/** Day and month of a date YYYY-MM-DD as the language writes them: 'DD.MM' (ru, kg), 'DD/MM' (en). */
const dayMonth = (date: string, lang: ExportLang) => formatDay(date, lang).slice(0, 5);

/**
 * A mark as a cell holds it: a grade as the number it is, '+' as it is, the absence (stored 'н/б') by the language's
 * own label.
 */
function markCell(mark: Assessment | undefined, lang: ExportLang): string | number | null {
  if (!mark) return null;
  if (mark.isAbsence) return labels[lang].absent;
  return /^\d+$/.test(mark.code) ? Number(mark.code) : mark.code;
}

/** The table of a journal: header row, then a row per student, numbers as numbers (null: an empty cell). */
function tableOf(journal: Journal, scale: Assessment[], lang: ExportLang) {
  const t = labels[lang];
  const marks = new Map(scale.map((a) => [a.id_otsenka, a]));
  const header = [
    '№',
    t.student,
    ...journal.dates.map(
      (d) => `${dayMonth(d.visitDate, lang)}\n${d.number}${d.timesCount > 1 ? `/${d.timesCount}` : ''}`,
    ),
    t.absences,
    t.points,
    t.average,
  ];
  const rows: (string | number | null)[][] = journal.rows.map((r, i) => [
    i + 1,
    r.s_fio,
    ...r.otsenka.map((id) => (id === null ? null : markCell(marks.get(id), lang))),
    r.absences,
    r.points,
    r.average,
  ]);
  return { header, rows };
}

/** A cell of the table as a PDF writes it: numbers in the language's way (the average with two decimals). */
function cellText(value: string | number | null, lang: ExportLang, decimals?: number): string {
  if (value === null) return '';
  return typeof value === 'number' ? formatNumber(value, lang, decimals) : value;
}

function heading(journal: Journal, lang: ExportLang) {
  const t = labels[lang];
  return [
    `${t.discipline}: ${nameIn(journal.discipline, lang)}`,
    `${t.kind}: ${nameIn(journal.lessonKind, lang)}`,
    `${t.audience}: ${journal.groupName}${journal.groups.length > 1 || journal.groups[0] !== journal.groupName ? ` (${journal.groups.join(', ')})` : ''}`,
    `${t.period}: ${journal.year}-${String((journal.year + 1) % 100).padStart(2, '0')}, ${t.halves[journal.ws] ?? ''}`,
  ];
}

/** Date columns one A4 landscape page holds beside the names and the totals. */
const datesPerPage = 25;

/**
 * The journal as a PDF: A4 landscape, DejaVu Sans (Cyrillic). A half-year's lessons do not fit one page's width: the
 * dates go in parts of 25, each part a table of its own with the names (a new page each), the totals after the last.
 */
export function journalPdf(journal: Journal, scale: Assessment[], lang: ExportLang): Promise<Buffer> {
  const { header, rows } = tableOf(journal, scale, lang);
  const dates = journal.dates.length;
  const parts = Math.max(1, Math.ceil(dates / datesPerPage));
  const tables = Array.from({ length: parts }, (_, part) => {
    const from = 2 + part * datesPerPage;
    const to = 2 + Math.min(dates, (part + 1) * datesPerPage);
    const last = part === parts - 1;
    // The columns of this part: №, name, its dates, and on the last part the three totals.
    const pick = <T>(cells: T[]) => [
      ...cells.slice(0, 2),
      ...cells.slice(from, to),
      ...(last ? cells.slice(cells.length - 3) : []),
    ];
    return {
      pageBreak: part > 0 ? 'before' : undefined,
      table: {
        headerRows: 1,
        widths: [14, 130, ...Array.from({ length: to - from }, () => 22), ...(last ? [42, 32, 46] : [])],
        body: [
          // Dates in 6 pt, so that 'DD.MM' keeps to one line of its column.
          pick(header).map((text, i) => ({
            text,
            bold: true,
            alignment: 'center',
            fontSize: i >= 2 && i < 2 + to - from ? 6 : 7,
          })),
          ...rows.map((r) =>
            pick(r.map((value, i) => cellText(value, lang, i === r.length - 1 ? 2 : undefined))).map((text, i) => ({
              text,
              alignment: i === 1 ? 'left' : 'center',
            })),
          ),
        ],
      },
      fontSize: 7,
      layout: { hLineWidth: () => 0.4, vLineWidth: () => 0.4, paddingLeft: () => 1, paddingRight: () => 1 },
    };
  });
  return renderPdf({
    pageOrientation: 'landscape',
    pageMargins: [20, 24, 20, 24],
    info: { title: labels[lang].title },
    content: [
      { text: labels[lang].title, bold: true, fontSize: 13, alignment: 'center', margin: [0, 0, 0, 6] },
      { text: heading(journal, lang).join('    '), fontSize: 8, margin: [0, 0, 0, 6] },
      ...tables,
    ],
  });
}

/** The same table as an Excel workbook, the name column and the header frozen; marks and totals as numbers. */
export async function journalXlsx(journal: Journal, scale: Assessment[], lang: ExportLang): Promise<Buffer> {
  const { header, rows } = tableOf(journal, scale, lang);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Okuu';
  const sheet = workbook.addWorksheet(labels[lang].sheet, {
    views: [{ state: 'frozen', xSplit: 2, ySplit: 6 }],
    pageSetup: { orientation: 'landscape', paperSize: 9, fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
  });
  sheet.addRow([labels[lang].title]).font = { bold: true, size: 13 };
  for (const line of heading(journal, lang)) sheet.addRow([line]);
  const head = sheet.addRow(header);
  head.font = { bold: true };
  head.alignment = { wrapText: true, horizontal: 'center', vertical: 'middle' };
  // Numbers go in as numbers (marks, totals, the average with two decimals shown), so the sheet can count with them.
  for (const r of rows) sheet.addRow(r);
  sheet.getColumn(1).width = 5;
  sheet.getColumn(2).width = 34;
  for (let c = 3; c <= header.length; c++) sheet.getColumn(c).width = c > header.length - 3 ? 12 : 6;
  sheet.getColumn(header.length).numFmt = '0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
