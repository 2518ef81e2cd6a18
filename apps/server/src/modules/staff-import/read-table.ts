import ExcelJS from 'exceljs';

/** One non-empty line of an uploaded table: its line in the file (1 is the header) and its cells as texts. */
export interface TableRow {
  line: number;
  cells: string[];
}

export interface Table {
  rows: TableRow[];
  /** Lines whose text is not valid UTF-8 (read as U+FFFD) or looks like mojibake (UTF-8 read as Windows-1251 or Latin-1). */
  badEncodingLines: number[];
}

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

/** Reads CSV (UTF-8, with or without BOM, `,` or `;` between values) or XLSX (its first sheet). Throws when unreadable. */
export async function readTable(buf: Buffer, maxLines: number): Promise<Table> {
  const raw = isXlsx(buf) ? await readXlsx(buf, maxLines) : readCsv(buf, maxLines);
  const rows: TableRow[] = [];
  const badEncodingLines: number[] = [];
  for (const r of raw) {
    const cells = r.cells.map(clean);
    if (cells.every((c) => c === '')) continue;
    if (cells.some(looksGarbled)) badEncodingLines.push(r.line);
    rows.push({ line: r.line, cells });
  }
  return { rows, badEncodingLines };
}

async function readXlsx(buf: Buffer, maxLines: number): Promise<TableRow[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(buf as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: TableRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, line) => {
    if (rows.length > maxLines + 1) return;
    const cells: string[] = [];
    for (let c = 1; c <= row.cellCount; c++) cells.push(row.getCell(c).text ?? '');
    rows.push({ line, cells });
  });
  return rows;
}

/**
 * A small RFC 4180 reader (quoted values, "" inside quotes, line breaks inside quotes, CRLF or LF). The delimiter is
 * the one of `,` and `;` the header line (outside quotes) holds more of.
 */
export function readCsv(buf: Buffer, maxLines: number): TableRow[] {
  let text = new TextDecoder('utf-8').decode(buf);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const delimiter = detectDelimiter(text);
  const rows: TableRow[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          cell += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n') line++;
        cell += ch;
      }
    } else if (ch === '"' && cell.trim() === '') {
      cell = '';
      quoted = true;
    } else if (ch === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      rows.push({ line: rowLine, cells });
      if (rows.length > maxLines + 1) return rows;
      cells = [];
      cell = '';
      line++;
      rowLine = line;
    } else cell += ch;
  }
  if (cell !== '' || cells.length) {
    cells.push(cell);
    rows.push({ line: rowLine, cells });
  }
  return rows;
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
