import { currentLanguage } from './i18n';
import { type Language, localeOf } from './languages';

/** The plural forms the catalogues spell out (each language uses the ones its grammar needs; all have all four). */
export type PluralForm = 'one' | 'few' | 'many' | 'other';

/**
 * The plural form of `count` in `language`: Russian "1 файл", "2 файла", "5 файлов" (one, few, many); Kyrgyz and
 * English have one and other. Catalogues keep all four forms in every language, so their keys stay the same.
 */
export function pluralForm(count: number, language: Language = currentLanguage()): PluralForm {
  const form = new Intl.PluralRules(localeOf[language]).select(count);
  return form === 'one' || form === 'few' || form === 'many' ? form : 'other';
}
