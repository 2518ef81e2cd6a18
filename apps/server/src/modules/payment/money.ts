/** Amounts in tyiyn shown as som with two decimals, in the reader's language ('1 234,50' in Russian and Kyrgyz). */
const locales = { ru: 'ru-RU', kg: 'ky-KG', en: 'en-GB' } as const;
export type Lang = keyof typeof locales;

export function formatSom(tyiyn: number, lang: Lang = 'ru'): string {
  const sign = tyiyn < 0 ? '-' : '';
  const abs = Math.abs(tyiyn);
  // The decimal string is formatted as it is (Intl takes strings exactly): no floating point on the way.
  const text = `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return new Intl.NumberFormat(locales[lang], { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    text as unknown as number,
  );
}

const two = (n: number) => String(n).padStart(2, '0');

/** A UTC instant as DD.MM.YYYY HH:mm in Asia/Bishkek (UTC+6 all year), the same in every language. */
export function bishkekTime(date: Date): string {
  const d = new Date(date.getTime() + 6 * 3600_000);
  return `${two(d.getUTCDate())}.${two(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** The calendar day (YYYY-MM-DD) of a UTC instant in Asia/Bishkek. */
export function bishkekDay(date: Date): string {
  return new Date(date.getTime() + 6 * 3600_000).toISOString().slice(0, 10);
}
