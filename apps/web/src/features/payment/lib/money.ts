import { currentLanguage } from '../../../lib/i18n';
import type { Language } from '../../../lib/languages';

/** The decimal separator of typed amounts in each language (lib/format writes amounts for reading). */
const decimalOf: Record<Language, string> = { ru: ',', kg: ',', en: '.' };

/**
 * A typed amount of som ('1 234,5', '1234.50', '700') in tyiyn, or null when it is not a positive amount with at most
 * two decimals. Parsed as text, never through floating point.
 */
export function parseSom(text: string): number | null {
  const cleaned = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{0,2}))?$/.exec(cleaned);
  if (!match) return null;
  const tyiyn = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return tyiyn > 0 ? tyiyn : null;
}

/** Tyiyn as the amount field shows it for editing: '700' or '700,50' (no grouping). */
export function somInputText(tyiyn: number, language: Language = currentLanguage()): string {
  const cents = tyiyn % 100;
  const whole = String(Math.floor(tyiyn / 100));
  return cents === 0 ? whole : `${whole}${decimalOf[language]}${String(cents).padStart(2, '0')}`;
}
