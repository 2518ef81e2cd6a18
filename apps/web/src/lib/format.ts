import i18n from 'i18next';
import { currentLanguage } from './i18n';
import type { Language } from './languages';

/**
 * The one place that writes numbers, amounts, dates and times for the reader: in the interface language (Intl) and in
 * the university's time zone, Asia/Bishkek. Screens never call toFixed, toLocale… or Intl themselves.
 *
 * Browsers ship no Kyrgyz formatting data (Chromium has none), so Kyrgyz writes numbers, numeric dates and times as
 * Russian does (a space between thousands, a decimal comma, DD.MM.YYYY, 24 hours) and its long dates come from its
 * catalogue. English is British: day first, 24 hours.
 */
const intlLocale: Record<Language, string> = { ru: 'ru-RU', kg: 'ru-RU', en: 'en-GB' };

/**
 * Kyrgyzstan keeps UTC+6 all year (no summer time since 2005), so Bishkek's wall clock is UTC shifted by six hours:
 * the formatters work in UTC on the shifted instant, with no time-zone data to load (which costs a phone a pause).
 */
const BISHKEK_OFFSET_MS = 6 * 60 * 60 * 1000;

/** A value: an instant (Date, or ISO text with its zone), a calendar date 'YYYY-MM-DD', or a Bishkek wall-clock moment 'YYYY-MM-DDTHH:MM'. */
export type DateLike = string | Date;

/** A date whose UTC fields are the Bishkek wall-clock fields to show. */
function wallClock(value: DateLike): Date {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T00:00:00Z`);
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(value)) {
    return new Date(`${value}${value.length === 16 ? ':00' : ''}Z`);
  }
  return new Date(new Date(value).getTime() + BISHKEK_OFFSET_MS);
}

/** Formatters by language and kind, made once (making one costs more than using it). */
const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(fractionDigits: number | undefined, language: Language): Intl.NumberFormat {
  const key = `n:${fractionDigits ?? ''}:${language}`;
  let format = made.get(key) as Intl.NumberFormat | undefined;
  if (!format) {
    format = new Intl.NumberFormat(
      intlLocale[language],
      fractionDigits === undefined
        ? { maximumFractionDigits: 2 }
        : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
    );
    made.set(key, format);
  }
  return format;
}

const dateOptions = {
  long: { day: 'numeric', month: 'long', year: 'numeric' },
  short: { day: '2-digit', month: '2-digit', year: 'numeric' },
  dayMonth: { day: '2-digit', month: '2-digit' },
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  dateTime: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

function dateFormat(kind: keyof typeof dateOptions, language: Language): Intl.DateTimeFormat {
  const key = `d:${kind}:${language}`;
  let format = made.get(key) as Intl.DateTimeFormat | undefined;
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale[language], { ...dateOptions[kind], timeZone: 'UTC' });
    made.set(key, format);
  }
  return format;
}

/**
 * A number in the reader's language: "2 002", "3,67" (ru, kg); "2,002", "3.67" (en). With `fractionDigits`, exactly
 * that many decimals ("3,50"); without, up to two.
 */
export function formatNumber(value: number, fractionDigits?: number, language: Language = currentLanguage()): string {
  return numberFormat(fractionDigits, language).format(value);
}

/**
 * An amount kept in tyiyn (integer 1/100 som) as som with two decimals: "1 234,50" (ru, kg), "1,234.50" (en). Whole
 * som and tyiyn are written apart, so no floating point comes in between.
 */
export function formatMoney(tyiyn: number, language: Language = currentLanguage()): string {
  const abs = Math.abs(Math.trunc(tyiyn));
  const whole = numberFormat(0, language).format(Math.floor(abs / 100));
  const decimal =
    numberFormat(2, language)
      .formatToParts(0.5)
      .find((part) => part.type === 'decimal')?.value ?? '.';
  return `${tyiyn < 0 ? '-' : ''}${whole}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

type Month = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '11' | '12';

/** A date in its long form: "17 мая 2004 г.", "17 May 2004", "2004-ж., 17-май" (Kyrgyz from its catalogue). */
export function formatDate(value: DateLike, language: Language = currentLanguage()): string {
  const date = wallClock(value);
  if (language !== 'kg') return dateFormat('long', language).format(date);
  const month = i18n.t(`date.months.${String(date.getUTCMonth() + 1) as Month}`, { lng: language });
  return i18n.t('date.long', { lng: language, day: date.getUTCDate(), month, year: date.getUTCFullYear() });
}

/** A date in figures: "05.04.2026" (ru, kg), "05/04/2026" (en). */
export function formatShortDate(value: DateLike, language: Language = currentLanguage()): string {
  return dateFormat('short', language).format(wallClock(value));
}

/** Day and month in figures, for narrow columns: "05.04" (ru, kg), "05/04" (en). */
export function formatDayMonth(value: DateLike, language: Language = currentLanguage()): string {
  return dateFormat('dayMonth', language).format(wallClock(value));
}

/** A time of day on the 24-hour clock: "09:05". */
export function formatTime(value: DateLike, language: Language = currentLanguage()): string {
  return dateFormat('time', language).format(wallClock(value));
}

/** A date and a time in figures: "05.04.2026, 09:05" (ru, kg), "05/04/2026, 09:05" (en). */
export function formatDateTime(value: DateLike, language: Language = currentLanguage()): string {
  return dateFormat('dateTime', language).format(wallClock(value));
}

/** The calendar day of an instant in Bishkek, 'YYYY-MM-DD' (today's by default). */
export function bishkekDay(instant: Date = new Date()): string {
  return wallClock(instant).toISOString().slice(0, 10);
}

/**
 * A message's parameters (an error's limits, a distance) with their numbers written for the reader ("2 002"); `count`
 * stays a number, as the catalogues' plural forms choose by it.
 */
export function formatParams(params: Record<string, string | number>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(params).map(([key, v]) => [key, typeof v === 'number' && key !== 'count' ? formatNumber(v) : v]),
  );
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
