import { currentLanguage } from './i18n';
import type { Language } from './languages';

/** A record named in the three portal languages. */
export interface LocalizedName {
  name: string;
  nameKg: string;
  nameEn: string;
}

const fieldOf: Record<Language, keyof LocalizedName> = { ru: 'name', kg: 'nameKg', en: 'nameEn' };

/** The record's name in `language` (the current interface language by default), the Russian one when it is empty. */
export function localizedName(record: LocalizedName, language: Language = currentLanguage()): string {
  return record[fieldOf[language]] || record.name;
}

/** The same for a value that may be missing: null then. */
export function localizedNameOrNull(record: LocalizedName | null, language?: Language): string | null {
  return record ? localizedName(record, language) : null;
}
