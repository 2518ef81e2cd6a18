/** The portal's languages, with nothing else: the build reads them too (vite.config.ts). */

/** In the order of the spec's menu: Кыр, Рус, Eng. */
export const languages = ['kg', 'ru', 'en'] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = 'ru';

/** BCP 47 tags for formatting and for <html lang>: the portal's 'kg' is Kyrgyz, 'ky'. */
export const localeOf: Record<Language, string> = { ru: 'ru-RU', kg: 'ky-KG', en: 'en-GB' };

/** The `lang` of the page's <html> in a language. */
export const htmlLangOf = (language: Language) => localeOf[language].slice(0, 2);

export function isLanguage(value: unknown): value is Language {
  return languages.includes(value as Language);
}
