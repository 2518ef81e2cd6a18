import { Worker } from 'node:worker_threads';
import { parse } from 'csv-parse/sync';
import { readXlsxRows, UnzippedTooLarge } from './read-xlsx.ts';

/** One non-empty line of an uploaded table: its line in the file (1 is the header) and its cells as texts. */
export interface TableRow {
  line: number;
  cells: string[];
}

export interface Table {
  rows: TableRow[];
  /** Lines whose text is not valid UTF-8 (read as U+FFFD) or looks like mojibake (UTF-8 read as Windows-1251 or Latin-1). */
  badEncodingLines: number[];
  /** More lines with values follow: the file is over the line limit. */
  truncated: boolean;
}

export interface TableLimits {
  /** Data lines taken (the header not counted): reading stops past them. */
  maxLines: number;
  /** What an XLSX may inflate to. */
  maxUnzippedBytes: number;
}

/** Why a file was not read: neither CSV nor XLSX, or an XLSX that inflates past the limit. */
export type TableRefusal = 'unreadable' | 'too_large';

/**
 * Mojibake: Cyrillic UTF-8 bytes (D0/D1 then 80–BF) shown as Windows-1251 ("Р°", "СЃ") or as Latin-1/1252 ("Ð°").
 * Ё/ё are left out of the first class: "Сё…" is a real name.
 */
const mojibake =
  /[РС][\u0402-\u040f\u0452-\u045f\u0490\u0491\u2010-\u203a\u20ac\u2116\u2122\u00a0-\u00bf]|[ÐÑ][\u0080-\u00bf\u2010-\u203a\u0152-\u0178\u02c6\u02dc]/;

export const looksGarbled = (text: string) => text.includes('\ufffd') || mojibake.test(text);

const isXlsx = (buf: Buffer) => buf.length >= 4 && buf.readUInt32LE(0) === 0x04034b50;

/** A cell's text as a person would read it: trimmed, inner runs of white space as one space, in NFC. */
const clean = (text: string) => text.normalize('NFC').replace(/\s+/g, ' ').trim();

/**
 * Reads CSV (UTF-8, with or without BOM, `,` or `;` between values) or XLSX (its first sheet), up to the header and
 * `maxLines` + 1 lines with values (one more tells the file is over the limit). Answers the refusal when the file
 * cannot be read.
 */
export async function parseTable(buf: Buffer, limits: TableLimits): Promise<Table | TableRefusal> {
  let raw: { rows: TableRow[]; truncated: boolean };
  try {
    raw = isXlsx(buf)
      ? await readXlsxRows(buf, { maxRows: limits.maxLines + 2, maxUnzippedBytes: limits.maxUnzippedBytes })
      : readCsvRows(buf, limits.maxLines + 2);
  } catch (err) {
    return err instanceof UnzippedTooLarge ? 'too_large' : 'unreadable';
  }
  const rows: TableRow[] = [];
  const badEncodingLines: number[] = [];
  for (const r of raw.rows) {
    const cells = r.cells.map(clean);
    if (cells.every((c) => c === '')) continue;
    if (cells.some(looksGarbled)) badEncodingLines.push(r.line);
    rows.push({ line: r.line, cells });
  }
  return { rows, badEncodingLines, truncated: raw.truncated };
}

const tsxApi = import.meta.resolve('tsx/esm/api');
const workerFile = new URL('./read-table.worker.ts', import.meta.url).href;
/** The worker loads its TypeScript through tsx, whether or not the process was started with it (tests are not). */
const bootstrap = `import(${JSON.stringify(tsxApi)}).then((tsx) => tsx.tsImport(${JSON.stringify(workerFile)}, ${JSON.stringify(workerFile)}))`;

/**
 * parseTable in a worker thread: a large sheet is read off the event loop, so the instance goes on serving everyone
 * else meanwhile; the worker's heap is capped, and a file that would take more is refused as too large.
 */
export function readTable(buf: Buffer, limits: TableLimits): Promise<Table | TableRefusal> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(bootstrap, {
      eval: true,
      workerData: { buf, limits },
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    let answered = false;
    worker.once('message', (result: Table | TableRefusal) => {
      answered = true;
      resolve(result);
    });
    worker.once('error', (err: Error & { code?: string }) => {
      answered = true;
      if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') resolve('too_large');
      else reject(err);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`The table reader stopped (exit code ${code})`));
    });
  });
}

/**
 * The rows of a CSV file (csv-parse: quoted values, "" inside quotes, line breaks inside quotes, CRLF, LF or CR), each
 * with the line it starts on. The delimiter is the one of `,` and `;` the header line (outside quotes) holds more of.
 */
export function readCsv(buf: Buffer, maxRows: number): TableRow[] {
  return readCsvRows(buf, maxRows).rows;
}

/** readCsv, stopping once `maxRows` lines with values are read (`truncated` when more follow). */
function readCsvRows(buf: Buffer, maxRows: number): { rows: TableRow[]; truncated: boolean } {
  let text = new TextDecoder('utf-8').decode(buf);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // With `info`, each record comes with where the parser was (its types describe the plain records only).
  const records = parse(text, {
    delimiter: detectDelimiter(text),
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    info: true,
    to: maxRows + 1,
  }) as unknown as { record: string[]; info: { lines: number } }[];
  const rows = records.slice(0, maxRows).map(({ record, info }) => ({
    // `lines` is where the record ends: it starts as many lines earlier as its values hold line breaks.
    line: info.lines - record.reduce((n, cell) => n + (cell.match(/\n/g)?.length ?? 0), 0),
    cells: record,
  }));
  return { rows, truncated: records.length > maxRows };
}

function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semicolons++;
  }
  return semicolons > commas ? ';' : ',';
}
