import { csvText } from '@okuu/contracts/csv';
import { bankLimits, type QuestionKind, questionKinds, questionSave } from '@okuu/contracts/testing/bank';
import {
  type BankColumn,
  type BankProblem,
  type BankProblemCode,
  bankColumns,
  bankFileLimits,
  bankProblemCodes,
} from '@okuu/contracts/testing/bank-file';
import ExcelJS from 'exceljs';
import { looksGarbled, readCsv } from '../staff-import/read-table.ts';
import { readXlsxRows, UnzippedTooLarge } from '../staff-import/read-xlsx.ts';
import type { QuestionInput } from './testing.scoring.ts';

/**
 * The question bank as a table (docs/question-bank-template.md): written for an export or the template, read and
 * checked row by row for an import. A list cell separates its items with `|`; `\|` and `\\` are an item's own.
 */

/** A question as a file row holds it (what questionSave takes, without id and discipline). */
export type BankRowQuestion = Omit<QuestionInput, 'id' | 'id_discipline'>;

/** The columns each kind fills (besides topic, kind, text and points); any other must be empty. */
const usedBy: Record<QuestionKind, readonly BankColumn[]> = {
  single: ['options', 'correct'],
  multiple: ['options', 'correct'],
  text: ['accepted'],
  number: ['value', 'tolerance'],
  matching: ['left', 'right'],
};
const common: readonly BankColumn[] = ['topic', 'kind', 'text', 'points'];

const escapeItem = (item: string) => item.replace(/\\/g, '\\\\').replace(/\|/g, '\\|');
const joinList = (items: readonly string[]) => items.map(escapeItem).join(' | ');

/** A list cell's items: split at every `|` not escaped, `\x` read as x, each item trimmed; '' is no item. */
export function splitList(cell: string): string[] {
  if (cell.trim() === '') return [];
  const items: string[] = [];
  let current = '';
  for (let i = 0; i < cell.length; i++) {
    const ch = cell[i] as string;
    if (ch === '\\' && i + 1 < cell.length) current += cell[++i];
    else if (ch === '|') {
      items.push(current.trim());
      current = '';
    } else current += ch;
  }
  items.push(current.trim());
  return items;
}

/** A question's row, in bankColumns order: texts, and numbers where the column holds a number. */
export function rowOf(q: BankRowQuestion): (string | number)[] {
  const cells: Record<BankColumn, string | number> = {
    topic: q.topic,
    kind: q.kind,
    text: q.text,
    points: q.points,
    options: q.kind === 'single' || q.kind === 'multiple' ? joinList(q.options) : '',
    correct: q.kind === 'single' || q.kind === 'multiple' ? q.correct.map((c) => c + 1).join(' | ') : '',
    accepted: q.kind === 'text' ? joinList(q.accepted) : '',
    value: q.kind === 'number' ? (q.value ?? '') : '',
    tolerance: q.kind === 'number' ? q.tolerance : '',
    left: q.kind === 'matching' ? joinList(q.pairs.map((p) => p.left)) : '',
    right: q.kind === 'matching' ? joinList(q.pairs.map((p) => p.right)) : '',
  };
  return bankColumns.map((c) => cells[c]);
}

/** The template's examples: one question of each kind. */
export const templateQuestions: BankRowQuestion[] = [
  {
    topic: 'География',
    kind: 'single',
    text: 'Столица Кыргызстана?',
    points: 1,
    options: ['Бишкек', 'Ош', 'Каракол'],
    correct: [0],
    accepted: [],
    tolerance: 0,
    pairs: [],
  },
  {
    topic: 'География',
    kind: 'multiple',
    text: 'Какие из этих озёр находятся в Кыргызстане?',
    points: 2,
    options: ['Иссык-Куль', 'Сон-Куль', 'Байкал', 'Чатыр-Куль'],
    correct: [0, 1, 3],
    accepted: [],
    tolerance: 0,
    pairs: [],
  },
  {
    topic: 'История',
    kind: 'text',
    text: 'Как называется эпос о богатыре Манасе?',
    points: 1,
    options: [],
    correct: [],
    accepted: ['Манас', 'эпос Манас'],
    tolerance: 0,
    pairs: [],
  },
  {
    topic: 'Математика',
    kind: 'number',
    text: 'Чему равно число π с точностью до сотых?',
    points: 1,
    options: [],
    correct: [],
    accepted: [],
    value: 3.14,
    tolerance: 0.01,
    pairs: [],
  },
  {
    topic: 'География',
    kind: 'matching',
    text: 'Сопоставьте город и страну.',
    points: 3,
    options: [],
    correct: [],
    accepted: [],
    tolerance: 0,
    pairs: [
      { left: 'Бишкек', right: 'Кыргызстан' },
      { left: 'Алматы', right: 'Казахстан' },
      { left: 'Ташкент', right: 'Узбекистан' },
    ],
  },
];

/** Questions as CSV: UTF-8 with a BOM, comma-separated, the header row first. */
export function bankCsv(questions: readonly BankRowQuestion[]): Buffer {
  return Buffer.from(csvText([[...bankColumns], ...questions.map(rowOf)]), 'utf8');
}

/** Questions as XLSX: a bold header row, texts as text (wrapped), points, value and tolerance as numbers. */
export async function bankXlsx(questions: readonly BankRowQuestion[]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('questions');
  const numeric = new Set<BankColumn>(['points', 'value', 'tolerance']);
  sheet.columns = bankColumns.map((key) => ({
    header: key,
    key,
    width: key === 'text' ? 48 : numeric.has(key) ? 10 : 24,
    style: numeric.has(key) ? {} : { numFmt: '@', alignment: { wrapText: true, vertical: 'top' } },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const q of questions) sheet.addRow(rowOf(q));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** One row of an uploaded table: its row number (1 the header) and its cells. */
interface FileRow {
  row: number;
  cells: string[];
}

type Read = { rows: FileRow[] } | { refused: BankProblem };

const fileProblem = (code: BankProblemCode, params: Record<string, string | number> = {}): BankProblem => ({
  row: 0,
  column: '',
  code,
  params,
});

/**
 * A CSV cell as written before csvField guarded it: the apostrophe it puts where a spreadsheet could start a formula
 * (before = + - @ at a cell's possible start, or a leading tab) is taken off again, so an export reads back the same.
 */
export function unguardCsv(cell: string): string {
  return cell.replace(/(^|[,;\r\n])([\s"]*)'(?=[=+\-@\uff1d\uff0b\uff0d\uff20])/g, '$1$2').replace(/^'(?=[\t\r])/, '');
}

/** The rows of a CSV (UTF-8, `,` or `;`) or XLSX (its first sheet) file, up to one past the row limit. */
export async function readBankFile(buf: Buffer): Promise<Read> {
  const max = bankFileLimits.maxRows + 2;
  try {
    const isXlsx = buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50;
    const raw = isXlsx
      ? (await readXlsxRows(buf, { maxRows: max, maxUnzippedBytes: bankFileLimits.unzippedMaxMb * 1024 * 1024 })).rows
      : readCsv(buf, max).map((r) => ({ ...r, cells: r.cells.map(unguardCsv) }));
    return { rows: raw.map((r) => ({ row: r.line, cells: r.cells.map((c) => c.normalize('NFC')) })) };
  } catch (err) {
    return {
      refused:
        err instanceof UnzippedTooLarge
          ? fileProblem('too_large', { max: bankFileLimits.unzippedMaxMb })
          : fileProblem('unreadable'),
    };
  }
}

/** A number as a person writes it: `3.14` or `3,14`, spaces ignored; NaN for anything else. */
function numberOf(cell: string): number {
  const text = cell.replace(/\s+/g, '').replace(/^([+-]?\d*),(\d+)$/, '$1.$2');
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text) ? Number(text) : Number.NaN;
}

/**
 * Checks every row of a bank file: the header's columns, then each row's cells against its kind. Answers the
 * questions (when there is no problem) or every problem found, by row and column.
 */
export function checkBankRows(rows: readonly FileRow[]): { questions: BankRowQuestion[]; problems: BankProblem[] } {
  const problems: BankProblem[] = [];
  const nonEmpty = rows.filter((r) => r.cells.some((c) => c.trim() !== ''));
  const [header, ...data] = nonEmpty;
  if (!header) return { questions: [], problems: [fileProblem('empty')] };

  // The header: every column known, none twice, the required ones there.
  const at = new Map<BankColumn, number>();
  header.cells.forEach((raw, i) => {
    const name = raw
      .trim()
      .toLowerCase()
      .replace(/^\uFEFF/, '');
    if (name === '') return;
    if (!(bankColumns as readonly string[]).includes(name))
      problems.push({ row: header.row, column: name, code: 'unknown_column', params: { column: name } });
    else if (at.has(name as BankColumn))
      problems.push({ row: header.row, column: name, code: 'duplicate_column', params: { column: name } });
    else at.set(name as BankColumn, i);
  });
  for (const column of ['kind', 'text'] as const)
    if (!at.has(column)) problems.push({ row: header.row, column, code: 'missing_column', params: { column } });
  if (problems.length) return { questions: [], problems };
  if (data.length === 0) return { questions: [], problems: [fileProblem('empty')] };
  if (data.length > bankFileLimits.maxRows)
    return { questions: [], problems: [fileProblem('too_many_rows', { max: bankFileLimits.maxRows })] };

  const questions: BankRowQuestion[] = [];
  for (const r of data) {
    const cell = (c: BankColumn) => {
      const i = at.get(c);
      return i === undefined ? '' : (r.cells[i] ?? '').trim();
    };
    const before = problems.length;
    const problem = (column: BankColumn | '', code: BankProblemCode, params: Record<string, string | number> = {}) =>
      problems.push({ row: r.row, column, code, params });

    if (r.cells.some(looksGarbled)) {
      problem('', 'bad_encoding');
      continue;
    }
    const kindText = cell('kind').toLowerCase();
    if (kindText === '') {
      problem('kind', 'required');
      continue;
    }
    if (!(questionKinds as readonly string[]).includes(kindText)) {
      problem('kind', 'invalid_choice', { options: questionKinds.join(', ') });
      continue;
    }
    const kind = kindText as QuestionKind;
    for (const column of bankColumns)
      if (!common.includes(column) && !usedBy[kind].includes(column) && cell(column) !== '')
        problem(column, 'not_used', { kind });

    const text = cell('text');
    if (text === '') problem('text', 'required');
    else if (text.length > bankLimits.text) problem('text', 'too_long', { max: bankLimits.text });
    if (cell('topic').length > 100) problem('topic', 'too_long', { max: 100 });

    let points = 1;
    if (cell('points') !== '') {
      points = numberOf(cell('points'));
      if (Number.isNaN(points)) problem('points', 'not_a_number');
      else if (!Number.isInteger(points)) problem('points', 'not_integer');
      else if (points < 1 || points > bankLimits.points)
        problem('points', 'out_of_range', { min: 1, max: bankLimits.points });
    }

    /** A list cell's items, checked for count, emptiness, length and repeats. */
    const list = (column: BankColumn, min: number, max: number, itemMax: number) => {
      const items = splitList(cell(column));
      if (items.length === 0) problem(column, 'required');
      else if (items.length < min) problem(column, 'too_few', { min });
      else if (items.length > max) problem(column, 'too_many', { max });
      else if (items.some((x) => x === '')) problem(column, 'required');
      else if (items.some((x) => x.length > itemMax)) problem(column, 'too_long', { max: itemMax });
      else if (new Set(items.map((x) => x.toLowerCase())).size !== items.length) problem(column, 'repeated');
      return items;
    };

    const q: BankRowQuestion = {
      topic: cell('topic'),
      kind,
      text,
      points,
      options: [],
      correct: [],
      accepted: [],
      tolerance: 0,
      pairs: [],
    };
    if (kind === 'single' || kind === 'multiple') {
      q.options = list('options', 2, bankLimits.options, bankLimits.option);
      const marks = splitList(cell('correct').replace(/[,;]/g, '|'));
      if (marks.length === 0) problem('correct', 'required');
      else {
        const numbers = marks.map(numberOf);
        const max = Math.max(1, q.options.length);
        if (numbers.some((n) => Number.isNaN(n))) problem('correct', 'not_a_number');
        else if (numbers.some((n) => !Number.isInteger(n))) problem('correct', 'not_integer');
        else if (numbers.some((n) => n < 1 || n > max)) problem('correct', 'out_of_range', { min: 1, max });
        else if (new Set(numbers).size !== numbers.length) problem('correct', 'repeated');
        else if (kind === 'single' && numbers.length !== 1) problem('correct', 'one_correct');
        else q.correct = numbers.map((n) => n - 1).sort((a, b) => a - b);
      }
    } else if (kind === 'text') {
      q.accepted = list('accepted', 1, bankLimits.accepted, 200);
    } else if (kind === 'number') {
      const value = numberOf(cell('value'));
      if (cell('value') === '') problem('value', 'required');
      else if (Number.isNaN(value)) problem('value', 'not_a_number');
      else if (Math.abs(value) > 1e12) problem('value', 'out_of_range', { min: -1e12, max: 1e12 });
      else q.value = value;
      if (cell('tolerance') !== '') {
        const tolerance = numberOf(cell('tolerance'));
        if (Number.isNaN(tolerance)) problem('tolerance', 'not_a_number');
        else if (tolerance < 0 || tolerance > 1e9) problem('tolerance', 'out_of_range', { min: 0, max: 1e9 });
        else q.tolerance = tolerance;
      }
    } else {
      const left = list('left', 2, bankLimits.pairs, bankLimits.option);
      const right = list('right', 2, bankLimits.pairs, bankLimits.option);
      if (problems.length === before && left.length !== right.length)
        problem('right', 'count_mismatch', { left: left.length, right: right.length });
      q.pairs = left.map((l, i) => ({ left: l, right: right[i] ?? '' }));
    }
    if (problems.length > before) continue;

    // The same rules and clean-up as the question form (questionSave): what passes here is what the form would save.
    const parsed = questionSave.request.safeParse({ id: -1, id_discipline: 1, ...q });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        const column = (field === 'pairs' ? 'left' : bankColumns.find((c) => c === field)) ?? '';
        const code = (bankProblemCodes as readonly string[]).includes(issue.message)
          ? (issue.message as BankProblemCode)
          : 'invalid_choice';
        problem(column, code, {});
      }
      continue;
    }
    const { id: _id, id_discipline: _d, ...clean } = parsed.data;
    questions.push(clean);
  }
  return { questions: problems.length ? [] : questions, problems };
}
