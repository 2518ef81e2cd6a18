import { csvText } from '@okuu/contracts/csv';
import { type ImportKind, importColumns } from '@okuu/contracts/staff/import';
import ExcelJS from 'exceljs';

/** One example line per kind, in template column order. */
const examples: Record<ImportKind, string[]> = {
  students: ['2026-0001', 'Асанов', 'Нурбек', 'Бакытович', 'ПИ-1-24'],
  teachers: ['T-0001', 'Осмонова', 'Гүлнара', 'Асановна', 'Кафедра информатики', 'Доцент'],
  groups: ['ПИ-1-24', '710400', 'full_time', '2024'],
  timetable: ['ПИ-1-24', '2025-2026', '1', '1', '1', 'every', 'CS101', 'Лекция', 'teacher1', 'А-305'],
  grades: ['2026-0001', 'CS101', '2025-2026', '1', '1', '5', '87'],
};

/** The template as CSV: UTF-8 with a BOM (spreadsheet programs then read the Cyrillic right), comma-separated. */
export function templateCsv(kind: ImportKind): Buffer {
  return Buffer.from(csvText([importColumns[kind], examples[kind]]), 'utf8');
}

/** The template as XLSX: a header row in bold, one example line, every cell text (so codes keep leading zeros). */
export async function templateXlsx(kind: ImportKind): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  sheet.columns = importColumns[kind].map((key) => ({ header: key, key, width: 20, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(examples[kind]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
