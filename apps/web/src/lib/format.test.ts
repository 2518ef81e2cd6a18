import { describe, expect, it } from 'vitest';
import {
  bishkekDay,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatMoney,
  formatNumber,
  formatShortDate,
  formatTime,
  initials,
  shortName,
} from './format';
import { switchLanguage } from './i18n';

// Intl writes a narrow no-break space between thousands in Russian: compare with it spelled out.
const nbsp = (text: string) => text.replace(/ /g, '\u00a0');

describe('formatting', () => {
  it('writes numbers in the reader’s language, grouped, with the decimals asked for', () => {
    expect(formatNumber(2002, undefined, 'ru')).toBe(nbsp('2 002'));
    expect(formatNumber(2002, undefined, 'kg')).toBe(nbsp('2 002'));
    expect(formatNumber(2002, undefined, 'en')).toBe('2,002');
    expect(formatNumber(3.666, 2, 'ru')).toBe('3,67');
    expect(formatNumber(3.5, 2, 'en')).toBe('3.50');
    expect(formatNumber(3.5, undefined, 'ru')).toBe('3,5');
    expect(formatNumber(42.123456, 5, 'ru')).toBe('42,12346');
  });

  it('writes tyiyn as som with two decimals, never through floating point', () => {
    expect(formatMoney(123456, 'ru')).toBe(nbsp('1 234,56'));
    expect(formatMoney(123456, 'kg')).toBe(nbsp('1 234,56'));
    expect(formatMoney(123456, 'en')).toBe('1,234.56');
    expect(formatMoney(50000, 'ru')).toBe('500,00');
    expect(formatMoney(5, 'en')).toBe('0.05');
    expect(formatMoney(-1010, 'en')).toBe('-10.10');
    expect(formatMoney(100_000_000_07, 'en')).toBe('100,000,000.07');
  });

  it('writes dates in the long form of the language (Kyrgyz from its catalogue)', async () => {
    expect(formatDate('2008-04-05', 'ru')).toBe('5 апреля 2008 г.');
    expect(formatDate('2008-04-05', 'en')).toBe('5 April 2008');
    await switchLanguage('kg');
    expect(formatDate('2008-04-05')).toBe('2008-ж., 5-апрель');
    expect(formatDate(new Date('2026-03-01T20:00:00Z'), 'ru')).toBe('2 марта 2026 г.');
  });

  it('writes dates and times in figures, day first, on the 24-hour clock, in Bishkek time (UTC+6)', () => {
    expect(formatShortDate('2026-03-01T20:05:00Z', 'ru')).toBe('02.03.2026');
    expect(formatShortDate('2026-03-01T20:05:00Z', 'kg')).toBe('02.03.2026');
    expect(formatShortDate('2026-03-01T20:05:00Z', 'en')).toBe('02/03/2026');
    expect(formatShortDate(new Date('2026-12-31T18:00:00Z'), 'ru')).toBe('01.01.2027');
    expect(formatDayMonth('2026-09-03', 'ru')).toBe('03.09');
    expect(formatDayMonth('2026-09-03', 'en')).toBe('03/09');
    expect(formatTime('2026-03-01T20:05:00Z', 'en')).toBe('02:05');
    expect(formatTime('2026-12-31T11:59:00.000Z', 'ru')).toBe('17:59');
    expect(formatTime('2026-07-10T18:00:00Z', 'en')).toBe('00:00');
    expect(formatDateTime('2026-11-28T05:07:00Z', 'ru')).toBe('28.11.2026, 11:07');
    expect(formatDateTime('2026-11-28T05:07:00Z', 'en')).toBe('28/11/2026, 11:07');
    // A wall-clock moment of Bishkek (a registration window) is shown as it is.
    expect(formatDateTime('2026-09-01T09:00', 'ru')).toBe('01.09.2026, 09:00');
  });

  it('follows the interface language when none is given', async () => {
    await switchLanguage('en');
    expect(formatShortDate('2026-04-05')).toBe('05/04/2026');
    expect(formatNumber(1234.5, 2)).toBe('1,234.50');
    await switchLanguage('ru');
    expect(formatShortDate('2026-04-05')).toBe('05.04.2026');
  });

  it('knows the day in Bishkek', () => {
    expect(bishkekDay(new Date('2026-11-27T18:30:00Z'))).toBe('2026-11-28');
    expect(bishkekDay(new Date('2026-11-27T17:59:00Z'))).toBe('2026-11-27');
  });

  it('shortens names for narrow screens and placeholders', () => {
    expect(shortName('Жээнбеков Нурсултан Жоомартович')).toBe('Жээнбеков Н. Ж.');
    expect(initials('Жээнбеков Нурсултан Жоомартович')).toBe('ЖН');
  });
});
