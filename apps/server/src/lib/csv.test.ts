import { csvField, csvText } from '@okuu/contracts/csv';
import { describe, expect, it } from 'vitest';

/** The cells a spreadsheet sees in a line when it splits on `delimiter`, honouring quotes only at a cell's start. */
function cellsAsSplitOn(line: string, delimiter: ',' | ';'): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let text = '';
      i++;
      while (i < line.length && !(line[i] === '"' && line[i + 1] !== '"')) {
        text += line[i] === '"' ? '"' : line[i];
        i += line[i] === '"' ? 2 : 1;
      }
      i++; // the closing quote
      const end = line.indexOf(delimiter, i);
      cells.push(text + line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    } else {
      const end = line.indexOf(delimiter, i);
      cells.push(line.slice(i, end < 0 ? line.length : end));
      i = end < 0 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

const hostile = [
  '=1+2',
  '+7 700',
  '-2',
  '@SUM(A1)',
  '  =cmd',
  '\t=1',
  '\r=1',
  'Иванов;=1+2',
  'Иванов,=1+2',
  'Иванов; "=HYPERLINK(""x"")"',
  'a\n=1',
  '＝1+2',
  'plain "quoted" text',
];

describe('CSV fields', () => {
  it('quote every field holding either delimiter, a quote or a line break', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('a;b')).toBe('"a;b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
    expect(csvField('Иванов Иван')).toBe('Иванов Иван');
    expect(csvField(2500)).toBe('2500');
  });

  it('leave no cell a spreadsheet could see starting with a formula, split on either delimiter', () => {
    const text = csvText([['id', 'name', 'group'], ...hostile.map((name, i) => [i, name, 'ПИ-1-25'])]);
    // Whichever way a line is split, and wherever a field's line break ends a row, no cell starts a formula.
    const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\r|\n/);
    for (const delimiter of [',', ';'] as const) {
      for (const line of lines) {
        for (const cell of cellsAsSplitOn(line, delimiter)) {
          expect(cell.replace(/^[\s"]*/, ''), `${delimiter} ${JSON.stringify(line)}`).not.toMatch(/^[=+\-@＝＋－＠]/);
        }
      }
    }
  });

  it('keep the text readable: only an apostrophe is added before a formula character', () => {
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('Иванов;=1+2')).toBe(`"Иванов;'=1+2"`);
    expect(csvField('ПИ-1-25')).toBe('ПИ-1-25');
    expect(csvField('TR-123')).toBe('TR-123');
  });
});
