// No imports: the web app's schedule screen uses these with no schema code.

/** Week parity of a lesson: every week, odd weeks (numerator, числитель) or even weeks (denominator, знаменатель). */
export const weekParities = ['every', 'odd', 'even'] as const;
export type WeekParity = (typeof weekParities)[number];

/** Bishkek keeps UTC+6 all year (no daylight saving since 2005). */
export const BISHKEK_UTC_OFFSET_MINUTES = 360;
const dayMs = 86_400_000;

/** The Bishkek calendar day of an instant: its date (YYYY-MM-DD), weekday (1 Monday … 7 Sunday) and minute of the day. */
export function bishkekDay(instant: Date): { date: string; weekday: number; minutes: number } {
  const local = new Date(instant.getTime() + BISHKEK_UTC_OFFSET_MINUTES * 60_000);
  return {
    date: local.toISOString().slice(0, 10),
    weekday: ((local.getUTCDay() + 6) % 7) + 1,
    minutes: local.getUTCHours() * 60 + local.getUTCMinutes(),
  };
}

/** Days from the Unix epoch of a date (YYYY-MM-DD). */
function dayNumber(date: string): number {
  return Math.floor(Date.parse(`${date}T00:00:00Z`) / dayMs);
}

/** The date (YYYY-MM-DD) `days` after `date`. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * dayMs).toISOString().slice(0, 10);
}

/** The weekday (1 Monday … 7 Sunday) of a date (YYYY-MM-DD). */
export function weekdayOf(date: string): number {
  return ((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;
}

/** The Monday of the week of a date. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/**
 * The week of a half-year a date falls in, counting from the week (Monday to Sunday) of the half-year's first day:
 * week 1 is odd (numerator), week 2 even (denominator), and so on. Dates before the start count as week 1.
 */
export function weekOfHalfYear(date: string, startsOn: string): { number: number; parity: 'odd' | 'even' } {
  const weeks = Math.floor((dayNumber(mondayOf(date)) - dayNumber(mondayOf(startsOn))) / 7);
  const number = Math.max(0, weeks) + 1;
  return { number, parity: number % 2 === 1 ? 'odd' : 'even' };
}

/** Whether a lesson of this parity takes place in a week of that parity. */
export function runsInWeek(lesson: WeekParity, week: 'odd' | 'even'): boolean {
  return lesson === 'every' || lesson === week;
}

/** Minutes from midnight of a time of day 'HH:MM'. */
export function minutesOf(time: string): number {
  const [h, m] = time.split(':');
  return Number(h) * 60 + Number(m);
}
