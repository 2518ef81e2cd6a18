import { afterEach, describe, expect, it } from 'vitest';
import { clearSessionData, storageKeys, writeStorage } from '../../../lib/storage';
import {
  isRefreshDue,
  keepSchedule,
  latestKeptSchedule,
  readKeptSchedule,
  SCHEDULE_REFRESH_MS,
} from './schedule-cache';
import { testWeek } from './test-week';

const student = { uid: 31, role: 2 };

afterEach(() => window.localStorage.clear());

describe('the kept schedule', () => {
  it('is kept per uid, role, year and half-year, with the date it was fetched', () => {
    keepSchedule(student, testWeek(), 1_000);
    expect(window.localStorage.getItem('schedule:31:2:2026:1')).not.toBeNull();
    expect(readKeptSchedule(student, 2026, 1)).toMatchObject({ uid: 31, role: 2, year: 2026, ws: 1, date: 1_000 });
    expect(readKeptSchedule(student, 2026, 1)?.data).toEqual(testWeek());
    // Another user, role or half-year has none.
    expect(readKeptSchedule({ uid: 32, role: 2 }, 2026, 1)).toBeNull();
    expect(readKeptSchedule({ uid: 31, role: 1 }, 2026, 1)).toBeNull();
    expect(readKeptSchedule(student, 2026, 2)).toBeNull();
  });

  it('ignores what does not fit (another shape, or not JSON)', () => {
    window.localStorage.setItem(
      'schedule:31:2:2026:1',
      JSON.stringify({ uid: 31, role: 2, date: 1, data: { days: 1 } }),
    );
    expect(readKeptSchedule(student, 2026, 1)).toBeNull();
    window.localStorage.setItem('schedule:31:2:2026:1', '{');
    expect(readKeptSchedule(student, 2026, 1)).toBeNull();
  });

  it('offers the latest one when today’s half-year is unknown (offline)', () => {
    keepSchedule(student, { ...testWeek(), ws: 2 }, 5_000);
    keepSchedule(student, testWeek(), 9_000);
    keepSchedule({ uid: 32, role: 2 }, { ...testWeek(), ws: 3 }, 20_000);
    expect(latestKeptSchedule(student)).toMatchObject({ ws: 1, date: 9_000 });
    expect(latestKeptSchedule({ uid: 40, role: 1 })).toBeNull();
  });

  it('goes at logout with the rest of the user’s data', () => {
    keepSchedule(student, testWeek(), 1_000);
    writeStorage(storageKeys.language, 'kg');
    clearSessionData();
    expect(readKeptSchedule(student, 2026, 1)).toBeNull();
    expect(window.localStorage.getItem('lang')).toBe('kg');
  });

  it('is fetched again only on Saturday or Sunday (Bishkek), once a week old', () => {
    const fetched = Date.parse('2026-11-14T10:00:00+06:00'); // a Saturday
    const at = (iso: string) => new Date(iso);
    // A week later, on Saturday: due; a moment earlier: not yet.
    expect(isRefreshDue(fetched, at('2026-11-21T10:00:00+06:00'))).toBe(true);
    expect(isRefreshDue(fetched, new Date(fetched + SCHEDULE_REFRESH_MS - 1))).toBe(false);
    // Sunday: due; Monday to Friday: never, however old.
    expect(isRefreshDue(fetched, at('2026-11-22T23:30:00+06:00'))).toBe(true);
    for (const day of ['23', '24', '25', '26', '27']) {
      expect(isRefreshDue(fetched, at(`2026-11-${day}T12:00:00+06:00`)), day).toBe(false);
    }
    // The weekday is Bishkek's: 20:00 UTC on Friday is already Saturday there.
    expect(isRefreshDue(fetched, at('2026-11-27T20:00:00Z'))).toBe(true);
    expect(isRefreshDue(fetched, at('2026-11-27T17:00:00Z'))).toBe(false);
  });
});
