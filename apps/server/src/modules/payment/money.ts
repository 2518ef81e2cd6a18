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

/** A UTC instant as day and time in Asia/Bishkek. */
export function bishkekTime(date: Date, lang: Lang = 'ru'): string {
  return new Intl.DateTimeFormat(locales[lang], {
    timeZone: 'Asia/Bishkek',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(date);
}
