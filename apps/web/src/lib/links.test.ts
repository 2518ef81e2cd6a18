import { describe, expect, it } from 'vitest';
import { splitLinks } from './links';

describe('link detection', () => {
  it('finds http and https addresses inside text', () => {
    expect(splitLinks('Расписание: https://okuu.kg/schedule?week=2 и http://example.org')).toEqual([
      { kind: 'text', text: 'Расписание: ' },
      { kind: 'link', text: 'https://okuu.kg/schedule?week=2', href: 'https://okuu.kg/schedule?week=2' },
      { kind: 'text', text: ' и ' },
      { kind: 'link', text: 'http://example.org', href: 'http://example.org/' },
    ]);
  });

  it('leaves sentence punctuation and unmatched brackets out of the address', () => {
    const links = (text: string) =>
      splitLinks(text)
        .filter((part) => part.kind === 'link')
        .map((part) => part.text);
    expect(links('See https://okuu.kg/a.')).toEqual(['https://okuu.kg/a']);
    expect(links('(см. https://okuu.kg/a)')).toEqual(['https://okuu.kg/a']);
    expect(links('https://en.wikipedia.org/wiki/Bishkek_(city), ok')).toEqual([
      'https://en.wikipedia.org/wiki/Bishkek_(city)',
    ]);
    expect(links('«https://okuu.kg/новости»!')).toEqual(['https://okuu.kg/новости']);
  });

  it('gives the text back when joined, and links nothing that is not http(s)', () => {
    const text = 'javascript:alert(1) ftp://x.org <b>https://a.kg</b> mailto:a@b.kg https:// http://';
    const parts = splitLinks(text);
    expect(parts.map((part) => part.text).join('')).toBe(text);
    expect(parts.filter((part) => part.kind === 'link').map((part) => part.text)).toEqual(['https://a.kg']);
  });

  it('keeps line breaks and plain text untouched', () => {
    expect(splitLinks('Строка 1\nСтрока 2')).toEqual([{ kind: 'text', text: 'Строка 1\nСтрока 2' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
