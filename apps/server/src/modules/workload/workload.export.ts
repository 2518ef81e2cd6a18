import type { TeacherWorkload } from '@okuu/contracts/workload/workload';
import ExcelJS from 'exceljs';
import { type DocumentLanguage, formatDay } from '../../lib/format.ts';

type Named = { name: string; nameKg: string; nameEn: string };
const nameIn = (record: Named, lang: DocumentLanguage) =>
  (lang === 'kg' ? record.nameKg : lang === 'en' ? record.nameEn : record.name) || record.name;

/** The workbook's own texts (the server writes them; the web app's catalogues are not at hand here). */
const labels = {
  ru: {
    sheet: 'Нагрузка',
    title: 'Нагрузка преподавателя',
    teacher: 'Преподаватель',
    department: 'Кафедра',
    period: 'Период',
    halves: ['', 'осенний семестр', 'весенний семестр', 'летний семестр'],
    asOf: 'Выполнено на',
    audiences: { group: 'группа', subgroup: 'подгруппа', stream: 'поток' },
    columns: [
      '№',
      'Дисциплина',
      'Вид занятий',
      'Аудитория',
      'Пар в неделю',
      'План, ч',
      'План на дату, ч',
      'Проведено, ч',
      'Осталось, ч',
    ],
    total: 'Итого',
    weekly: (w: { every: number; odd: number; even: number }) =>
      [w.every && `${w.every}`, w.odd && `${w.odd} (числ.)`, w.even && `${w.even} (знам.)`].filter(Boolean).join(' + '),
  },
  kg: {
    sheet: 'Жүктөм',
    title: 'Окутуучунун жүктөмү',
    teacher: 'Окутуучу',
    department: 'Кафедра',
    period: 'Мезгил',
    halves: ['', 'күзгү семестр', 'жазгы семестр', 'жайкы семестр'],
    asOf: 'Аткарылганы, күнү',
    audiences: { group: 'топ', subgroup: 'топчо', stream: 'агым' },
    columns: [
      '№',
      'Сабак',
      'Сабактын түрү',
      'Угуучулар',
      'Жумасына жуп',
      'План, с',
      'Күнгө чейин план, с',
      'Өтүлдү, с',
      'Калды, с',
    ],
    total: 'Бардыгы',
    weekly: (w: { every: number; odd: number; even: number }) =>
      [w.every && `${w.every}`, w.odd && `${w.odd} (алым)`, w.even && `${w.even} (бөлүм)`].filter(Boolean).join(' + '),
  },
  en: {
    sheet: 'Workload',
    title: 'Teacher workload',
    teacher: 'Teacher',
    department: 'Department',
    period: 'Period',
    halves: ['', 'fall semester', 'spring semester', 'summer semester'],
    asOf: 'Given as of',
    audiences: { group: 'group', subgroup: 'subgroup', stream: 'stream' },
    columns: [
      'No.',
      'Discipline',
      'Lesson kind',
      'Audience',
      'Pairs a week',
      'Planned, h',
      'Planned to date, h',
      'Given, h',
      'Remaining, h',
    ],
    total: 'Total',
    weekly: (w: { every: number; odd: number; even: number }) =>
      [w.every && `${w.every}`, w.odd && `${w.odd} (odd)`, w.even && `${w.even} (even)`].filter(Boolean).join(' + '),
  },
} as const;

/** A teacher's workload as a workbook: the particulars, a row per discipline, kind and audience, hours as numbers, totals. */
export async function workloadXlsx(w: TeacherWorkload, lang: DocumentLanguage): Promise<Buffer> {
  const l = labels[lang];
  const workbook = new ExcelJS.Workbook();
  const ws = workbook.addWorksheet(l.sheet);
  ws.addRow([l.title]).font = { bold: true, size: 14 };
  ws.addRow([l.teacher, w.teacher.name]);
  ws.addRow([l.department, nameIn(w.teacher.department, lang)]);
  ws.addRow([l.period, `${w.year}-${String((w.year + 1) % 100).padStart(2, '0')}, ${l.halves[w.ws] ?? ''}`]);
  ws.addRow([l.asOf, formatDay(w.asOf, lang)]);
  ws.addRow([]);
  ws.addRow([...l.columns]).font = { bold: true };
  w.rows.forEach((r, i) => {
    ws.addRow([
      i + 1,
      `${r.discipline.code} ${nameIn(r.discipline, lang)}`,
      nameIn(r.lessonKind, lang),
      `${r.audience.name} (${l.audiences[r.audience.kind]})`,
      // Every-week lessons only: a number; numerator or denominator ones: which.
      r.weekly.odd || r.weekly.even ? l.weekly(r.weekly) : r.weekly.every,
      r.planned,
      r.plannedSoFar,
      r.given,
      r.remaining,
    ]);
  });
  const t = w.totals;
  ws.addRow([null, l.total, null, null, null, t.planned, t.plannedSoFar, t.given, t.remaining]).font = { bold: true };
  ws.getColumn(2).width = 40;
  ws.getColumn(3).width = 16;
  ws.getColumn(4).width = 20;
  for (const c of [5, 6, 7, 8, 9]) ws.getColumn(c).width = 14;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
