/**
 * How documents the server draws (PDFs, workbooks, calendars) write numbers and dates for their reader: in the
 * document's language and the university's time zone, as the web app's lib/format does on screen. Kyrgyz writes
 * figures as Russian does (ICU's Kyrgyz numeric date is year first, which nobody there writes); English is British.
 */
export type DocumentLanguage = 'ru' | 'kg' | 'en';

const intlLocale: Record<DocumentLanguage, string> = { ru: 'ru-RU', kg: 'ru-RU', en: 'en-GB' };

/** Bishkek keeps UTC+6 all year: its wall clock is UTC shifted by six hours. */
const BISHKEK_OFFSET_MS = 6 * 60 * 60 * 1000;

/** A number with `fractionDigits` decimals (up to two when not given): "3,67", "12 345" (ru, kg); "3.67" (en). */
export function formatNumber(value: number, language: DocumentLanguage, fractionDigits?: number): string {
  const digits =
    fractionDigits === undefined
      ? { maximumFractionDigits: 2 }
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits };
  return new Intl.NumberFormat(intlLocale[language], digits).format(value);
}

/** A calendar date 'YYYY-MM-DD' in figures: "28.11.2026" (ru, kg), "28/11/2026" (en). */
export function formatDay(day: string, language: DocumentLanguage): string {
  return new Intl.DateTimeFormat(intlLocale[language], {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** The calendar day of an instant in Bishkek, 'YYYY-MM-DD' (today's by default). */
export function bishkekDay(instant: Date = new Date()): string {
  return new Date(instant.getTime() + BISHKEK_OFFSET_MS).toISOString().slice(0, 10);
}
