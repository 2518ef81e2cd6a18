import ExcelJS from 'exceljs';
import { bishkekTime, formatSom, type Lang } from './money.ts';
import type { PaymentRow } from './payment.repository.ts';

/** The columns of the reconciliation export (the headers in Russian, the portal's default language). */
const columns: { header: string; width: number; value: (r: PaymentRow) => string | number }[] = [
  { header: '№', width: 8, value: (r) => r.id },
  { header: 'Создан', width: 18, value: (r) => bishkekTime(r.createdAt) },
  { header: 'Оплачен', width: 18, value: (r) => (r.paidAt ? bishkekTime(r.paidAt) : '') },
  { header: 'Код оплаты', width: 12, value: (r) => r.code },
  { header: 'Студент', width: 34, value: (r) => r.student.fullName },
  { header: 'Группа', width: 12, value: (r) => r.student.group ?? '' },
  { header: 'Услуга', width: 34, value: (r) => r.service.name },
  { header: 'Учебный год', width: 12, value: (r) => r.year.name },
  { header: 'Способ', width: 8, value: (r) => r.method },
  { header: 'Статус', width: 10, value: (r) => r.status },
  { header: 'Сумма, сом', width: 14, value: (r) => formatSom(r.amount, 'en' as Lang).replace(/,/g, '') },
  { header: 'Ссылка провайдера', width: 36, value: (r) => r.providerRef ?? '' },
];

/** A CSV field: quoted when it must be; a leading =, +, - or @ is defused so a spreadsheet does not run it. */
function csvField(value: string | number): string {
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** UTF-8 with a byte-order mark (so spreadsheet programs read the Cyrillic), CRLF line ends. */
export function paymentsCsv(rows: PaymentRow[]): Buffer {
  const lines = [columns.map((c) => csvField(c.header)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => csvField(c.value(row))).join(','));
  return Buffer.from(`\uFEFF${lines.join('\r\n')}\r\n`, 'utf8');
}

export async function paymentsXlsx(rows: PaymentRow[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Okuu';
  const sheet = workbook.addWorksheet('Платежи', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((c) => ({ header: c.header, width: c.width }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    // The amount goes in as a number of som (two decimals, shown so), the rest as text.
    const values = columns.map((c) => c.value(row));
    values[10] = Number(values[10]);
    sheet.addRow(values);
  }
  sheet.getColumn(11).numFmt = '#,##0.00';
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
