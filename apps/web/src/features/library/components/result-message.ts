import type { Language } from '../../../lib/languages';
import { type PluralForm, pluralForm } from '../../../lib/plural';

/** What the list answers about a search (the fields of library.bookList the message needs). */
export interface ListOutcome {
  total: number;
  found: number;
  fallback: boolean;
  search: string;
}

export type ResultMessage =
  | { key: `result.found.${PluralForm}`; values: { count: number } }
  | { key: 'result.fallback'; values: { search: string; total: number } };

/**
 * The message above the list (spec, library screen): 'Найдено N файлов' for what the list holds, or, when a search
 * found nothing and the server shows every file instead, 'Поиск по [text] не дал результатов, показаны все файлы
 * (total)'. N takes the plural form of the language.
 */
export function resultMessage(outcome: ListOutcome, language: Language): ResultMessage {
  if (outcome.fallback) {
    return { key: 'result.fallback', values: { search: outcome.search, total: outcome.total } };
  }
  const count = outcome.search ? outcome.found : outcome.total;
  return { key: `result.found.${pluralForm(count, language)}`, values: { count } };
}
