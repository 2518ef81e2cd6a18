import type { ErrorCode } from '@okuu/contracts/errors';
import i18n from 'i18next';
import { ApiError } from './api';

/**
 * The translated text for a failed call, in the current language: by the API's error code when the
 * catalogue has it (every code of the contracts, a test checks), else by the problem category.
 * Call it while rendering, so a language switch re-translates it.
 */
export function errorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return i18n.t('errors:category.UNKNOWN_ERROR');
  const code = error.code as ErrorCode | null;
  if (code && i18n.exists(`errors:code.${code}`)) return i18n.t(`errors:code.${code}`);
  return i18n.t(`errors:category.${error.category}`);
}
