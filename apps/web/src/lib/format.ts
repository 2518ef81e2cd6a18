import i18n from 'i18next';

/**
 * Dates are shown in Bishkek time unless the value is a plain calendar date. Kyrgyzstan keeps UTC+6 all year (no
 * summer time since 2005), so Bishkek's wall clock is UTC shifted by six hours: no time-zone data to load, which
 * costs a phone a noticeable pause the first time.
 */
const BISHKEK_OFFSET_MS = 6 * 60 * 60 * 1000;

type Month = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '11' | '12';

/** A date whose UTC fields are the wall-clock fields to show. */
function wallClock(value: string | Date): Date {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  return new Date(new Date(value).getTime() + BISHKEK_OFFSET_MS);
}

/**
 * A calendar date ('2004-05-17') or an instant, in the long form of the current language, from its catalogue:
 * "17 мая 2004 г.". (Not Intl: Chromium has no Kyrgyz, and a phone pauses to load a language's formatting data.)
 */
export function formatDate(value: string | Date): string {
  const date = wallClock(value);
  const month = i18n.t(`date.months.${String(date.getUTCMonth() + 1) as Month}`);
  return i18n.t('date.long', { day: date.getUTCDate(), month, year: date.getUTCFullYear() });
}

const twoDigits = (n: number) => String(n).padStart(2, '0');

/** An instant as DD/MM/YY in Bishkek time (news items): "05/04/26". The same in every language. */
export function formatShortDate(value: string | Date): string {
  const date = wallClock(value);
  return `${twoDigits(date.getUTCDate())}/${twoDigits(date.getUTCMonth() + 1)}/${twoDigits(date.getUTCFullYear() % 100)}`;
}

/** An instant as HH:mm (24-hour) in Bishkek time: "09:05". */
export function formatTime(value: string | Date): string {
  const date = wallClock(value);
  return `${twoDigits(date.getUTCHours())}:${twoDigits(date.getUTCMinutes())}`;
}

/** "Иванов Иван Иванович" → "Иванов И. И.". */
export function shortName(fullName: string): string {
  const [lastName = '', ...rest] = fullName.trim().split(/\s+/);
  return [lastName, ...rest.map((part) => `${part.charAt(0)}.`)].join(' ');
}

/** "Иванов Иван Иванович" → "ИИ" (last name and first name), for a photo placeholder. */
export function initials(fullName: string): string {
  return fullName
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('');
}
