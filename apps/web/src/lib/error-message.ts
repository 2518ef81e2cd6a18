import type { ErrorCode } from '@okuu/contracts/errors';
import type { ValidationIssue, ValidationRule } from '@okuu/contracts/messages';
import i18n from 'i18next';
import { ApiError } from './api';
import { formatParams } from './format';
import { currentLanguage } from './i18n';
import { localeOf } from './languages';

/**
 * The translated text for a failed call, in the current language: a refused input names each field and what is
 * wrong with it (the issues' rules); otherwise the API's error code gives the text (its detailed one when the error
 * carries the params it needs), else the problem category. The server's own English message is never shown.
 * Call it while rendering, so a language switch re-translates it.
 */
export function errorMessage(error: unknown): string {
  // Offline before the error texts could load (they load after the page, and the service worker keeps them).
  if (!i18n.hasResourceBundle(currentLanguage(), 'errors')) return i18n.t('common:errorTextsMissing');
  if (!(error instanceof ApiError)) return i18n.t('errors:category.UNKNOWN_ERROR');
  const code = error.code as ErrorCode | null;
  if (code === 'validation' && error.issues.length > 0)
    return error.issues.map((issue) => issueMessage(issue)).join(' ');
  if (code && error.params && i18n.exists(`errors:detail.${code}`)) {
    return i18n.t(`errors:detail.${code as 'weak_password'}`, formatParams(error.params));
  }
  if (code && i18n.exists(`errors:code.${code}`)) return i18n.t(`errors:code.${code}`);
  return i18n.t(`errors:category.${error.category}`);
}

/**
 * One refused field, 'Field: what is wrong.', the field named as the form labels it (`label`) or else by the fields'
 * catalogue; just what is wrong when the field has no label (or there is none).
 */
export function issueMessage(issue: ValidationIssue, label?: string): string {
  // A rule this version does not know yet (a newer server) reads as the catch-all.
  const rule: ValidationRule = i18n.exists(`errors:rule.${issue.rule}`) ? issue.rule : 'invalid';
  const problem = i18n.t(`errors:rule.${rule}`, formatParams(issue.params ?? {}));
  const field = issue.path.find((key): key is string => typeof key === 'string');
  if (label) return i18n.t('errors:issue.withField', { field: label, problem });
  if (field && i18n.exists(`fields:${field}`)) {
    return i18n.t('errors:issue.withField', { field: i18n.t(`fields:${field as 'login'}`), problem });
  }
  const capitalized = problem.charAt(0).toLocaleUpperCase(localeOf[currentLanguage()]) + problem.slice(1);
  return i18n.t('errors:issue.alone', { problem: capitalized });
}
