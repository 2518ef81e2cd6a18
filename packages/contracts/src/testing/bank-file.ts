import * as z from 'zod/mini';
import { callerEcho, defineEndpoint } from '../endpoint.ts';
import { idInput } from '../fields.ts';

/**
 * A question bank as a file (issue 42): a CSV or XLSX table, one question a row, in the columns below (the first row
 * names them, in any order). docs/question-bank-template.md describes each column; the web app offers the template.
 * A cell holding a list (options, accepted answers, a matching's columns) separates its items with `|`; an item's own
 * `|` is written `\|` and its `\` as `\\`.
 */
export const bankColumns = [
  'topic',
  'kind',
  'text',
  'points',
  'options',
  'correct',
  'accepted',
  'value',
  'tolerance',
  'left',
  'right',
] as const;
export type BankColumn = (typeof bankColumns)[number];

export const bankFileFormats = ['csv', 'xlsx'] as const;
export type BankFileFormat = (typeof bankFileFormats)[number];

/** At most this many questions a file; an XLSX may inflate to at most `unzippedMaxMb`. */
export const bankFileLimits = { maxRows: 1000, problemsShown: 300, unzippedMaxMb: 32 } as const;

/**
 * What can be wrong with a bank file or one of its rows; the web app words each code with its params.
 * - file: unreadable (neither CSV nor XLSX), empty (no question rows), too_many_rows {max}, too_large {max} (MB)
 * - header: missing_column, unknown_column, duplicate_column {column}
 * - cell: required; too_long {max}; invalid_choice {options} (kind); not_a_number; not_integer; out_of_range {min,max};
 *   too_few {min} and too_many {max} items of a list; not_used {kind}: the kind of the row takes no value there;
 *   one_correct: a single choice names exactly one correct option; repeated: an item named twice;
 *   count_mismatch {left,right}: a matching's two columns differ in length; bad_encoding: not UTF-8 text
 */
export const bankProblemCodes = [
  'unreadable',
  'empty',
  'too_many_rows',
  'too_large',
  'missing_column',
  'unknown_column',
  'duplicate_column',
  'required',
  'too_long',
  'invalid_choice',
  'not_a_number',
  'not_integer',
  'out_of_range',
  'too_few',
  'too_many',
  'not_used',
  'one_correct',
  'repeated',
  'count_mismatch',
  'bad_encoding',
] as const;
export type BankProblemCode = (typeof bankProblemCodes)[number];

export const bankProblem = z.object({
  /** The row of the file (the header is row 1); 0 for the file as a whole. */
  row: z.number(),
  /** The column (see bankColumns), or '' for the whole row or file. */
  column: z.string(),
  code: z.enum(bankProblemCodes),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
});
export type BankProblem = z.infer<typeof bankProblem>;

const formatInput = z._default(z.enum(bankFileFormats, 'invalid_choice'), 'xlsx');

export const bankTemplate = defineEndpoint({
  id: 'testing.bankTemplate',
  method: 'GET',
  path: '/api/testing/bank/template.file',
  access: 'teacher',
  replyKind: 'file',
  summary:
    'The question bank template as `format` xlsx or csv (UTF-8 with BOM, comma-separated): the header row and an example question of each kind (single, multiple, text, number, matching).',
  request: z.object({ ...callerEcho, format: formatInput }),
  response: z.never(),
});

export const bankExport = defineEndpoint({
  id: 'testing.bankExport',
  method: 'GET',
  path: '/api/testing/bank/export.file',
  access: 'teacher',
  replyKind: 'file',
  summary:
    "The question bank of discipline `id_discipline` (one the teacher teaches) as `format` xlsx or csv, in the template's columns: importing it gives the same bank (images are not part of the file).",
  request: z.object({ ...callerEcho, id_discipline: idInput, format: formatInput }),
  response: z.never(),
});

export const bankImport = defineEndpoint({
  id: 'testing.bankImport',
  method: 'POST',
  path: '/api/testing/bank/import.json',
  access: 'teacher',
  requestKind: 'multipart',
  summary: `Adds the questions of the file part (CSV in UTF-8 with , or ; between values, or XLSX; at most ${bankFileLimits.maxRows} rows) to the bank of discipline \`id_discipline\`. Every row is checked first: with any problem nothing is added and the answer lists every problem by row and column (\`imported\` 0); else all are added in one transaction.`,
  request: z.object({ id_discipline: idInput }),
  response: z.object({
    /** Question rows read (the header not counted). */
    rows: z.number(),
    /** Questions added: every row, or none. */
    imported: z.number(),
    problemCount: z.number(),
    /** At most bankFileLimits.problemsShown of them. */
    problems: z.array(bankProblem),
  }),
});
export type BankImportReport = z.infer<typeof bankImport.response>;

/** The addresses the web app downloads from. */
export const bankTemplateUrl = (format: BankFileFormat) => `${bankTemplate.path}?format=${format}`;
export const bankExportUrl = (discipline: number, format: BankFileFormat) =>
  `${bankExport.path}?id_discipline=${discipline}&format=${format}`;
