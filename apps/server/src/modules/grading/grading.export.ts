import type { Rating } from '@okuu/contracts/grading/rating';
import ExcelJS from 'exceljs';

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
