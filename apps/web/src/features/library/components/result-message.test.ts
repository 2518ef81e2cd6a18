import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { resultMessage } from './result-message';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

const say = (outcome: Parameters<typeof resultMessage>[0], language: 'ru' | 'kg' | 'en' = 'ru') => {
  const message = resultMessage(outcome, language);
  return i18n.t(`library:${message.key}`, message.values);
};

describe('library result message', () => {
  it("says how many files a search found, in Russian plural forms ('Найдено N файлов')", () => {
    expect(say({ total: 5, found: 5, fallback: false, search: 'кормен' })).toBe('Найдено 5 файлов');
    expect(say({ total: 1, found: 1, fallback: false, search: 'кормен' })).toBe('Найден 1 файл');
    expect(say({ total: 3, found: 3, fallback: false, search: 'а' })).toBe('Найдено 3 файла');
    expect(say({ total: 21, found: 21, fallback: false, search: 'а' })).toBe('Найден 21 файл');
    expect(say({ total: 11, found: 11, fallback: false, search: 'а' })).toBe('Найдено 11 файлов');
  });

  it('counts the whole list when there is no search text', () => {
    expect(resultMessage({ total: 8, found: 8, fallback: false, search: '' }, 'ru')).toEqual({
      key: 'result.found.many',
      values: { count: 8 },
    });
  });

  it('on a search that found nothing, names the text and the total of every file shown', () => {
    const outcome = { total: 9, found: 0, fallback: true, search: 'нет такой книги' };
    expect(resultMessage(outcome, 'ru')).toEqual({
      key: 'result.fallback',
      values: { search: 'нет такой книги', total: 9 },
    });
    expect(say(outcome)).toBe('Поиск по «нет такой книги» не дал результатов, показаны все файлы (9)');
  });

  it('speaks Kyrgyz and English too', async () => {
    await switchLanguage('en');
    expect(say({ total: 1, found: 1, fallback: false, search: 'x' }, 'en')).toBe('1 file found');
    expect(say({ total: 2, found: 2, fallback: false, search: 'x' }, 'en')).toBe('2 files found');
    expect(say({ total: 4, found: 0, fallback: true, search: 'zzz' }, 'en')).toBe(
      'The search for “zzz” found nothing; showing all files (4)',
    );
    await switchLanguage('kg');
    expect(say({ total: 4, found: 0, fallback: true, search: 'zzz' }, 'kg')).toBe(
      '«zzz» боюнча издөө натыйжа берген жок, бардык файлдар көрсөтүлдү (4)',
    );
  });
});
