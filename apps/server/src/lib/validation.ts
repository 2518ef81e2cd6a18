import {
  englishIssue,
  isValidationRule,
  type MessageParams,
  type ValidationIssue,
  type ValidationRule,
  validationRules,
} from '@okuu/contracts/messages';
import type { z } from 'zod';
import { AppError } from './app-error.ts';

type ZodIssue = z.core.$ZodIssue & { input?: unknown };

/** The rule zod's own issue says, when a check did not name one (messages.ts). */
function ruleOfCode(issue: ZodIssue): ValidationRule {
  switch (issue.code) {
    case 'invalid_type':
      return issue.expected === 'int' ? 'not_integer' : 'invalid_type';
    case 'invalid_union':
      return 'invalid_type';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'required' : 'too_short';
      return issue.origin === 'array' || issue.origin === 'set' ? 'too_few' : 'too_small';
    case 'too_big':
      if (issue.origin === 'string') return 'too_long';
      return issue.origin === 'array' || issue.origin === 'set' ? 'too_many' : 'too_big';
    case 'invalid_value':
      return 'invalid_choice';
    case 'invalid_format':
      return 'invalid_format';
    default:
      return 'invalid';
  }
}

/** The parameters zod's issue holds (those the rule's text uses are kept). */
function paramsOf(issue: ZodIssue): MessageParams | undefined {
  switch (issue.code) {
    case 'too_small':
      return { min: Number(issue.minimum) };
    case 'too_big':
      return { max: Number(issue.maximum) };
    case 'invalid_value':
      return { options: issue.values.map(String).join(', ') };
    case 'custom':
      return issue.params;
    default:
      return undefined;
  }
}

/**
 * A zod issue (from a parse with `reportInput`) as the API reports it: a missing value is `required`; a check's message
 * that names a rule is that rule; anything else is read from zod's issue code.
 */
export function toValidationIssue(issue: ZodIssue): ValidationIssue {
  const path = issue.path.filter((key): key is string | number => typeof key !== 'symbol');
  const missing = issue.input === undefined && ['invalid_type', 'invalid_union', 'invalid_value'].includes(issue.code);
  const rule = missing ? 'required' : isValidationRule(issue.message) ? issue.message : ruleOfCode(issue);
  const known = missing ? undefined : paramsOf(issue);
  const names: readonly string[] = validationRules[rule].params;
  const params = Object.fromEntries(Object.entries(known ?? {}).filter(([name]) => names.includes(name)));
  return Object.keys(params).length ? { path, rule, params } : { path, rule };
}

/** Issues reported at most, and in the message. */
const maxIssues = 5;

/** A 400 `validation` error for these issues: the English message lists them, `issues` carries them for the web app. */
export function validationError(issues: ValidationIssue[]): AppError {
  const reported = issues.slice(0, maxIssues);
  return new AppError('validation', reported.map(englishIssue).join('; '), null, { issues: reported });
}

/** The same for a parse's zod issues. */
export function invalidInput(issues: readonly ZodIssue[]): AppError {
  return validationError(issues.map(toValidationIssue));
}
