import i18n from 'i18next';
import { currentLanguage, localeOf } from './i18n';

/** Dates are shown in Bishkek time unless the value is a plain calendar date. */
const TIME_ZONE = 'Asia/Bishkek';

type Month = '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9' | '10' | '11' | '12';

/**
 * A calendar date ('2004-05-17') or an instant, in the long form of the current language: "17 мая 2004 г.".
 * Browsers without formatting data for the language (Chromium has none for Kyrgyz) get the catalogue's form.
 */
export function formatDate(value: string | Date): string {
  const calendarDate = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value);
  const date = calendarDate ? new Date(`${value}T00:00:00Z`) : new Date(value);
  const timeZone = calendarDate ? 'UTC' : TIME_ZONE;
  const locale = localeOf[currentLanguage()];
  if (Intl.DateTimeFormat.supportedLocalesOf(locale).length > 0) {
    return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone }).format(date);
  }
  const parts = new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'numeric',
    year: 'numeric',
    timeZone,
  }).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((found) => found.type === type)?.value);
  const month = i18n.t(`date.months.${String(part('month')) as Month}`);
  return i18n.t('date.long', { day: part('day'), month, year: part('year') });
}

function bishkekParts(value: string | Date, options: Intl.DateTimeFormatOptions) {
  const parts = new Intl.DateTimeFormat('en-GB', { ...options, timeZone: TIME_ZONE }).formatToParts(new Date(value));
  return (type: Intl.DateTimeFormatPartTypes) => parts.find((part) => part.type === type)?.value ?? '';
}

/** An instant as DD/MM/YY in Bishkek time (news items): "05/04/26". The same in every language. */
export function formatShortDate(value: string | Date): string {
  const part = bishkekParts(value, { day: '2-digit', month: '2-digit', year: '2-digit' });
  return `${part('day')}/${part('month')}/${part('year')}`;
}

/** An instant as HH:mm (24-hour) in Bishkek time: "09:05". */
export function formatTime(value: string | Date): string {
  const part = bishkekParts(value, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  return `${part('hour')}:${part('minute')}`;
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
