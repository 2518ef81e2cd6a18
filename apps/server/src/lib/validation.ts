import { toValidationIssue, type ZodIssue } from '@okuu/contracts/issues';
import { englishIssue, type ValidationIssue } from '@okuu/contracts/messages';
import { AppError } from './app-error.ts';

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
