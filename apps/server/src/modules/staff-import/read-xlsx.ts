import { StringDecoder } from 'node:string_decoder';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl, { type Entry, type ZipFile } from 'yauzl';

/**
 * The first sheet of an XLSX workbook, read as a stream: the zip's entries are inflated piece by piece (yauzl, which
 * also holds each entry to the size its header declares) into a SAX parser (saxes), so that memory stays small
 * whatever the sheet's size. Reading stops once `maxRows` rows with values are read (the file is then `truncated`),
 * and a workbook whose entries inflate to more than `maxUnzippedBytes` (a zip bomb) is refused as too large.
 */

/** The workbook inflates to more than the limit. */
export class UnzippedTooLarge extends Error {}

export interface SheetRows {
  rows: { line: number; cells: string[] }[];
  /** More rows with values follow the ones read. */
  truncated: boolean;
}

/** A cell as the sheet holds it: its text, or the index of a shared string. */
type RawCell = string | { shared: number };

/** The element's local name ('x:row' and 'row' alike). */
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/** 'AB12' -> 27 (0-based column); null for anything else. */
function columnOf(ref: string | undefined): number | null {
  const m = /^([A-Z]{1,3})\d*$/.exec(ref ?? '');
  if (!m) return null;
  let n = 0;
  for (const ch of m[1] as string) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A path inside the zip from a relationship's target (relative to xl/, or absolute). */
const partPath = (target: string) => (target.startsWith('/') ? target.slice(1) : `xl/${target.replace(/^\.\//, '')}`);

async function entriesOf(zip: ZipFile): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (entry: Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', resolve);
    zip.on('error', reject);
    zip.readEntry();
  });
  return entries;
}

/**
 * Parses one entry's XML with `handle` attached to the parser; `handle` answers a function that says when to stop
 * early. Every inflated byte counts against the budget.
 */
async function parseEntry(
  zip: ZipFile,
  entry: Entry,
  budget: { left: number },
  handle: (parser: SaxesParser) => () => boolean,
): Promise<'ended' | 'stopped'> {
  const parser = new SaxesParser();
  const done = handle(parser);
  const stream = await zip.openReadStreamPromise(entry);
  const decoder = new StringDecoder('utf8');
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      budget.left -= chunk.length;
      if (budget.left < 0) throw new UnzippedTooLarge();
      parser.write(decoder.write(chunk));
      if (done()) return 'stopped';
    }
    parser.write(decoder.end());
    parser.close();
    return 'ended';
  } finally {
    stream.destroy();
  }
}

export async function readXlsxRows(
  buf: Buffer,
  limits: { maxRows: number; maxUnzippedBytes: number },
): Promise<SheetRows> {
  const zip = await yauzl.fromBufferPromise(buf, { lazyEntries: true });
  try {
    const entries = await entriesOf(zip);
    const budget = { left: limits.maxUnzippedBytes };
    const part = (path: string) => {
      const entry = entries.get(path);
      if (!entry) throw new Error(`The workbook has no ${path}`);
      return entry;
    };

    // The first sheet in the workbook's order, and where the shared strings are, through the relationships.
    let firstSheetRel: string | null = null;
    await parseEntry(zip, part('xl/workbook.xml'), budget, (p) => {
      p.on('opentag', (tag: SaxesTagPlain) => {
        if (local(tag.name) !== 'sheet' || firstSheetRel !== null) return;
        const id = Object.entries(tag.attributes).find(([name]) => name.includes(':') && local(name) === 'id');
        firstSheetRel = id ? String(id[1]) : null;
      });
      return () => firstSheetRel !== null;
    });
    const targets = new Map<string, string>();
    let sharedStringsPath = 'xl/sharedStrings.xml';
    await parseEntry(zip, part('xl/_rels/workbook.xml.rels'), budget, (p) => {
      p.on('opentag', (tag: SaxesTagPlain) => {
        if (local(tag.name) !== 'Relationship') return;
        const { Id, Target, Type } = tag.attributes as Record<string, string>;
        if (Id && Target) targets.set(Id, partPath(Target));
        if (Target && Type?.endsWith('/sharedStrings')) sharedStringsPath = partPath(Target);
      });
      return () => false;
    });
    const sheetPath = firstSheetRel === null ? undefined : targets.get(firstSheetRel);
    if (!sheetPath) throw new Error('The workbook names no sheet');

    // The sheet's rows, up to the limit: each cell's text, or the index of its shared string.
    const raw: { line: number; cells: RawCell[] }[] = [];
    const needed = new Set<number>();
    let row: { line: number; cells: RawCell[]; values: boolean } | null = null;
    let cell: { col: number; type: string; value: string } | null = null;
    let capture = false;
    let inInline = false;
    let inPhonetic = false;
    const sheet = await parseEntry(zip, part(sheetPath), budget, (p) => {
      p.on('opentag', (tag: SaxesTagPlain) => {
        const name = local(tag.name);
        const a = tag.attributes as Record<string, string>;
        if (name === 'row') {
          const last = raw.at(-1)?.line ?? 0;
          row = { line: Number(a.r) || last + 1, cells: [], values: false };
        } else if (name === 'c' && row) {
          cell = { col: columnOf(a.r) ?? row.cells.length, type: a.t ?? 'n', value: '' };
        } else if (name === 'v' && cell) capture = true;
        else if (name === 'is' && cell) inInline = true;
        else if (name === 'rPh') inPhonetic = true;
        else if (name === 't' && inInline && !inPhonetic) capture = true;
      });
      p.on('text', (text: string) => {
        if (capture && cell) cell.value += text;
      });
      p.on('closetag', (tag: SaxesTagPlain) => {
        const name = local(tag.name);
        if (name === 'v' || name === 't') capture = false;
        else if (name === 'is') inInline = false;
        else if (name === 'rPh') inPhonetic = false;
        else if (name === 'c' && cell && row) {
          const c: { col: number; type: string; value: string } = cell;
          let value: RawCell = c.value;
          if (c.type === 's' && /^\d+$/.test(c.value)) {
            value = { shared: Number(c.value) };
            needed.add(value.shared);
          } else if (c.type === 'b') value = c.value === '1' ? 'TRUE' : 'FALSE';
          else if (c.type === 'n' && c.value !== '' && Number.isFinite(Number(c.value)))
            value = String(Number(c.value));
          if (typeof value !== 'string' || value.trim() !== '') row.values = true;
          row.cells[c.col] = value;
          cell = null;
        } else if (name === 'row' && row) {
          const r: { line: number; cells: RawCell[]; values: boolean } = row;
          if (r.values) raw.push({ line: r.line, cells: r.cells });
          row = null;
        }
      });
      return () => raw.length >= limits.maxRows;
    });

    // The shared strings the rows use, read up to the last one needed.
    const strings = new Map<number, string>();
    const last = needed.size ? Math.max(...needed) : -1;
    if (last >= 0) {
      let index = -1;
      let text = '';
      let inText = false;
      let phonetic = false;
      await parseEntry(zip, part(sharedStringsPath), budget, (p) => {
        p.on('opentag', (tag: SaxesTagPlain) => {
          const name = local(tag.name);
          if (name === 'si') {
            index++;
            text = '';
          } else if (name === 'rPh') phonetic = true;
          else if (name === 't' && !phonetic) inText = true;
        });
        p.on('text', (t: string) => {
          if (inText && needed.has(index)) text += t;
        });
        p.on('closetag', (tag: SaxesTagPlain) => {
          const name = local(tag.name);
          if (name === 't') inText = false;
          else if (name === 'rPh') phonetic = false;
          else if (name === 'si' && needed.has(index)) strings.set(index, text);
        });
        return () => index > last;
      });
    }

    return {
      rows: raw.map((r) => ({
        line: r.line,
        cells: Array.from(r.cells, (c) =>
          c === undefined ? '' : typeof c === 'string' ? c : (strings.get(c.shared) ?? ''),
        ),
      })),
      truncated: sheet === 'stopped',
    };
  } finally {
    zip.close();
  }
}
