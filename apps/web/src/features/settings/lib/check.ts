import type { Endpoint } from '@okuu/contracts/endpoint';
import { toValidationIssue } from '@okuu/contracts/issues';
import type { ValidationIssue } from '@okuu/contracts/messages';
import { ApiError } from '../../../lib/api';
import { issueMessage } from '../../../lib/error-message';

/** Field errors of a form, by the API's field name. */
export type FieldErrors = Record<string, string>;

/** A form's labels of its fields, by the API's field name: its errors name the fields as the form does. */
export type FieldLabels = Record<string, string>;

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
  // With the inputs in the issues, a missing field tells itself apart (`required`), as on the server.
  const parsed = endpoint.request.safeParse(input, { reportInput: true });
  return parsed.success ? {} : collect(parsed.error.issues.map(toValidationIssue), labels);
}

/** The field errors of a server's refusal (a validation error), or none. */
export function serverFieldErrors(error: unknown, labels: FieldLabels = {}): FieldErrors {
  return error instanceof ApiError && error.code === 'validation' ? collect(error.issues, labels) : {};
}
