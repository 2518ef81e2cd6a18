import type * as z from 'zod/mini';
import {
  isValidationRule,
  type MessageParams,
  type ValidationIssue,
  type ValidationRule,
  validationRules,
} from './messages.ts';

/** A zod issue as a parse with `reportInput` gives it. */
export type ZodIssue = z.core.$ZodIssue & { input?: unknown };

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
