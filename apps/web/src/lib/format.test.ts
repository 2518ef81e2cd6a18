import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatShortDate, formatTime, initials, shortName } from './format';
import { switchLanguage } from './i18n';

describe('formatting', () => {
  it('writes dates in the long form of the language', async () => {
    expect(formatDate('2008-04-05')).toBe('5 апреля 2008 г.');
    await switchLanguage('en');
    expect(formatDate('2008-04-05')).toBe('5 April 2008');
  });

  it('writes dates in Bishkek time', () => {
    expect(formatDate(new Date('2026-03-01T20:00:00Z'))).toBe('2 марта 2026 г.');
  });

  it('uses the catalogue when the browser cannot format the language', async () => {
    vi.spyOn(Intl.DateTimeFormat, 'supportedLocalesOf').mockReturnValue([]);
    await switchLanguage('kg');
    expect(formatDate('2008-04-05')).toBe('2008-ж., 5-апрель');
  });

  it('writes news dates as DD/MM/YY and times as HH:mm, in Bishkek time (UTC+6)', async () => {
    expect(formatShortDate('2026-03-01T20:05:00Z')).toBe('02/03/26');
    expect(formatTime('2026-03-01T20:05:00Z')).toBe('02:05');
    expect(formatTime('2026-12-31T11:59:00.000Z')).toBe('17:59');
    expect(formatShortDate(new Date('2026-12-31T18:00:00Z'))).toBe('01/01/27');
    expect(formatTime('2026-07-10T18:00:00Z')).toBe('00:00');
    await switchLanguage('en');
    expect(formatShortDate('2026-03-01T20:05:00Z')).toBe('02/03/26');
  });

  it('shortens names for narrow screens and placeholders', () => {
    expect(shortName('Жээнбеков Нурсултан Жоомартович')).toBe('Жээнбеков Н. Ж.');
    expect(initials('Жээнбеков Нурсултан Жоомартович')).toBe('ЖН');
  });
});
