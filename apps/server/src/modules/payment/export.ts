import { csvText } from '@okuu/contracts/csv';
import ExcelJS from 'exceljs';
import { bishkekDay, bishkekTime, formatSom, type Lang } from './money.ts';
import type { PaymentMethod, PaymentRow, PaymentStatus } from './payment.repository.ts';

/** The export's texts in the reader's language (a file is read outside the portal, so it carries its own). */
const texts = {
  ru: {
    sheet: 'Платежи',
    file: 'platezhi',
    headers: [
      '№',
      'Создан',
      'Оплачен',
      'Код оплаты',
      'Студент',
      'Группа',
      'Услуга',
      'Учебный год',
      'Способ',
      'Статус',
      'Тестовый',
      'К оплате, сом',
      'Получено, сом',
      'Остаток, сом',
      'Переплата, сом',
      'Ссылка провайдера',
    ],
    method: { bank: 'Банковский перевод', card: 'Банковская карта' },
    status: {
      pending: 'Ожидает',
      partial: 'Оплачено частично',
      paid: 'Оплачено',
      failed: 'Не прошёл',
      expired: 'Истёк',
    },
    yes: 'да',
    no: 'нет',
  },
  kg: {
    sheet: 'Төлөмдөр',
    file: 'tolomdor',
    headers: [
      '№',
      'Түзүлгөн',
      'Төлөнгөн',
      'Төлөм коду',
      'Студент',
      'Топ',
      'Кызмат',
      'Окуу жылы',
      'Ыкма',
      'Абалы',
      'Сыноо',
      'Төлөөгө, сом',
      'Түштү, сом',
      'Калдык, сом',
      'Ашыкча, сом',
      'Провайдердин шилтемеси',
    ],
    method: { bank: 'Банк которуусу', card: 'Банк картасы' },
    status: {
      pending: 'Күтүүдө',
      partial: 'Жарым-жартылай төлөндү',
      paid: 'Төлөндү',
      failed: 'Өткөн жок',
      expired: 'Мөөнөтү бүттү',
    },
    yes: 'ооба',
    no: 'жок',
  },
  en: {
    sheet: 'Payments',
    file: 'payments',
    headers: [
      'No.',
      'Created',
      'Paid',
      'Payment code',
      'Student',
      'Group',
      'Service',
      'Academic year',
      'Method',
      'Status',
      'Test',
      'Due, som',
      'Received, som',
      'Remaining, som',
      'Surplus, som',
      'Provider reference',
    ],
    method: { bank: 'Bank transfer', card: 'Bank card' },
    status: {
      pending: 'Pending',
      partial: 'Partly paid',
      paid: 'Paid',
      failed: 'Failed',
      expired: 'Expired',
    },
    yes: 'yes',
    no: 'no',
  },
} satisfies Record<
  Lang,
  {
    sheet: string;
    file: string;
    headers: string[];
    method: Record<PaymentMethod, string>;
    status: Record<PaymentStatus, string>;
    yes: string;
    no: string;
  }
>;

/** Columns 12 to 15 are amounts: numbers of som in a workbook. */
const moneyColumns = [12, 13, 14, 15];
const widths = [8, 18, 18, 12, 34, 12, 34, 12, 18, 18, 9, 14, 14, 14, 14, 36];

/** Tyiyn as som with two decimals and no grouping ('2500.00'), the form both CSV and a number cell read. */
const som = (tyiyn: number) => formatSom(tyiyn, 'en').replace(/,/g, '');

function values(row: PaymentRow, lang: Lang): (string | number)[] {
  const l = texts[lang];
  const service = lang === 'kg' ? row.service.nameKg : lang === 'en' ? row.service.nameEn : row.service.name;
  return [
    row.id,
    bishkekTime(row.createdAt),
    row.paidAt ? bishkekTime(row.paidAt) : '',
    row.code,
    row.student.fullName,
    row.student.group ?? '',
    service || row.service.name,
    row.year.name,
    l.method[row.method],
    l.status[row.status],
    row.test ? l.yes : l.no,
    som(row.amount),
    som(row.received),
    row.status === 'partial' ? som(row.amount - row.received) : '',
    row.received > row.amount ? som(row.received - row.amount) : '',
    row.providerRef ?? '',
  ];
}

/** The download's name: the reader's word for payments and today's date in Bishkek. */
export function exportFileName(lang: Lang, now: Date, format: 'csv' | 'xlsx'): string {
  return `${texts[lang].file}-${bishkekDay(now)}.${format}`;
}

/** UTF-8 with a byte-order mark (so spreadsheet programs read the Cyrillic), CRLF line ends, fields made safe. */
export function paymentsCsv(rows: PaymentRow[], lang: Lang): Buffer {
  return Buffer.from(csvText([texts[lang].headers, ...rows.map((row) => values(row, lang))]), 'utf8');
}

export async function paymentsXlsx(rows: PaymentRow[], lang: Lang): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Okuu';
  const sheet = workbook.addWorksheet(texts[lang].sheet, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = texts[lang].headers.map((header, i) => ({ header, width: widths[i] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    // Amounts go in as numbers of som (two decimals, shown so), the rest as text.
    const cells = values(row, lang);
    for (const column of moneyColumns) {
      const cell = cells[column - 1];
      if (cell !== '') cells[column - 1] = Number(cell);
    }
    sheet.addRow(cells);
  }
  for (const column of moneyColumns) sheet.getColumn(column).numFmt = '#,##0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
