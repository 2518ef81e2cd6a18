import { describe, expect, it } from 'vitest';
import { extensionOf, fileKindOf, fileSizeParts, oversizedFiles, splitFileNames, truncateName } from './files';

describe('files', () => {
  it('tells the kind of a file by its extension, in any case', () => {
    const kinds = [
      'a.pdf',
      'b.XLS',
      'c.xlsx',
      'd.doc',
      'e.DocX',
      'f.txt',
      'g.ppt',
      'h.pptx',
      'i.zip',
      'README',
      '.pdf',
    ];
    expect(kinds.map(fileKindOf)).toEqual([
      'pdf',
      'sheet',
      'sheet',
      'doc',
      'doc',
      'text',
      'slides',
      'slides',
      'other',
      'other',
      'other',
    ]);
    expect(extensionOf('архив.tar.gz')).toBe('gz');
    expect(extensionOf('name.')).toBe('');
  });

  it('truncates names to 20 characters, whole characters only', () => {
    expect(truncateName('Повестка заседания.txt')).toBe('Повестка заседания.…');
    expect(truncateName('Повестка заседания.txt')).toHaveLength(20);
    expect(truncateName('ровно двадцать симв.')).toBe('ровно двадцать симв.');
    expect(truncateName('Повестка заседания совета.pdf')).toBe('Повестка заседания…');
    expect(truncateName('short.pdf')).toBe('short.pdf');
    const emoji = `${'😀'.repeat(25)}.pdf`;
    expect(Array.from(truncateName(emoji))).toHaveLength(20);
    expect(truncateName(emoji)).toBe(`${'😀'.repeat(19)}…`);
  });

  it("splits the names the wire joins with ';!;'", () => {
    expect(splitFileNames('Памятка.txt;!;Контакты деканатов.txt')).toEqual(['Памятка.txt', 'Контакты деканатов.txt']);
    expect(splitFileNames('one.pdf')).toEqual(['one.pdf']);
    expect(splitFileNames('')).toEqual([]);
    expect(splitFileNames('a;b.txt;!;;!;c.txt')).toEqual(['a;b.txt', 'c.txt']);
  });

  it('finds files over the upload limit in MB', () => {
    const mb = 1024 * 1024;
    const files = [{ size: 20 * mb }, { size: 20 * mb + 1 }, { size: 1 }];
    expect(oversizedFiles(files, 20)).toEqual([{ size: 20 * mb + 1 }]);
    expect(oversizedFiles(files, 0.5)).toHaveLength(2);
  });

  it('writes sizes in B, KB or MB', () => {
    expect(fileSizeParts(512)).toEqual({ value: '512', unit: 'b' });
    expect(fileSizeParts(14 * 1024 + 100)).toEqual({ value: '14', unit: 'kb' });
    expect(fileSizeParts(2.54 * 1024 * 1024)).toEqual({ value: '2,5', unit: 'mb' });
  });
});
