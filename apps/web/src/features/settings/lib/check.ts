import type { Endpoint } from '@okuu/contracts/endpoint';
import { isValidationRule, type ValidationIssue, type ValidationRule } from '@okuu/contracts/messages';
import { ApiError } from '../../../lib/api';
import { issueMessage } from '../../../lib/error-message';

/** Field errors of a form, by the API's field name. */
export type FieldErrors = Record<string, string>;

/** A form's labels of its fields, by the API's field name: its errors name the fields as the form does. */
export type FieldLabels = Record<string, string>;

interface RawIssue {
  code: string;
  path: PropertyKey[];
  message: string;
  input?: unknown;
  origin?: string;
  minimum?: unknown;
  maximum?: unknown;
  params?: Record<string, string | number>;
}

/** A zod issue of the contract as the API would report it (the server's toValidationIssue, in short). */
function toIssue(i: RawIssue): ValidationIssue {
  const path = i.path.filter((p): p is string | number => typeof p !== 'symbol');
  let rule: ValidationRule = 'invalid';
  let params: Record<string, string | number> | undefined = i.params;
  if (isValidationRule(i.message)) rule = i.message;
  else if (i.code === 'invalid_type') rule = i.input === undefined ? 'required' : 'invalid_type';
  else if (i.code === 'too_small') {
    rule = i.origin === 'string' ? (Number(i.minimum) === 1 ? 'required' : 'too_short') : 'too_small';
    params = { min: Number(i.minimum) };
  } else if (i.code === 'too_big') {
    rule = i.origin === 'string' ? 'too_long' : 'too_big';
    params = { max: Number(i.maximum) };
  } else if (i.code === 'invalid_format') rule = 'invalid_format';
  return params ? { path, rule, params } : { path, rule };
}

const fieldOf = (issue: ValidationIssue) => String(issue.path.find((p) => typeof p === 'string') ?? '');

function collect(issues: readonly ValidationIssue[], labels: FieldLabels): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = fieldOf(issue);
    errors[field] ??= issueMessage(issue, labels[field]);
  }
  return errors;
}

/** Checks an input against the endpoint's own request schema, the one the server applies: the errors by field. */
export function checkInput(endpoint: Endpoint, input: unknown, labels: FieldLabels = {}): FieldErrors {
  const parsed = endpoint.request.safeParse(input);
  return parsed.success ? {} : collect((parsed.error.issues as unknown as RawIssue[]).map(toIssue), labels);
}

/** The field errors of a server's refusal (a validation error), or none. */
export function serverFieldErrors(error: unknown, labels: FieldLabels = {}): FieldErrors {
  return error instanceof ApiError && error.code === 'validation' ? collect(error.issues, labels) : {};
}
