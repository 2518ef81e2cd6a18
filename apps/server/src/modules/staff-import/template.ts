import { csvText } from '@okuu/contracts/csv';
import { type ImportKind, importColumns } from '@okuu/contracts/staff/import';
import ExcelJS from 'exceljs';
import type { ExampleLine } from './import.repository.ts';

/**
 * A line per kind for a university whose records cannot name one (no groups, no lessons yet), in template column
 * order. Templates otherwise carry a line named from the university's own records (ImportQueries.exampleLines), which
 * its dry run accepts as it stands.
 */
const fallback: Record<ImportKind, string[]> = {
  students: ['2026-0001', 'Асанов', 'Нурбек', 'Бакытович', 'ПИ-1-24'],
  teachers: ['T-0001', 'Осмонова', 'Гүлнара', 'Асановна', 'Кафедра информатики', 'Доцент'],
  groups: ['ПИ-1-24', '710400', 'full_time', '2024'],
  timetable: ['ПИ-1-24', '2025-2026', '1', '1', '1', 'every', 'CS101', 'Лекция', 'teacher1', 'А-305'],
  grades: ['2026-0001', 'CS101', '2025-2026', '1', '1', '5', '87'],
};

/** The example line of a template, in column order. */
const exampleOf = (kind: ImportKind, line: ExampleLine | undefined) =>
  line ? importColumns[kind].map((column) => line[column] ?? '') : fallback[kind];

/** The template as CSV: UTF-8 with a BOM (spreadsheet programs then read the Cyrillic right), comma-separated. */
export function templateCsv(kind: ImportKind, line?: ExampleLine): Buffer {
  return Buffer.from(csvText([importColumns[kind], exampleOf(kind, line)]), 'utf8');
}

/** The template as XLSX: a header row in bold, one example line, every cell text (so codes keep leading zeros). */
export async function templateXlsx(kind: ImportKind, line?: ExampleLine): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(kind);
  sheet.columns = importColumns[kind].map((key) => ({ header: key, key, width: 20, style: { numFmt: '@' } }));
  sheet.getRow(1).font = { bold: true };
  sheet.addRow(exampleOf(kind, line));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
