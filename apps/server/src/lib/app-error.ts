import { type ErrorCode, type errorParams, errorStatus, type ParamsOf } from '@okuu/contracts/errors';
import type { ValidationIssue } from '@okuu/contracts/messages';

/** What an error carries for the web app to explain it in the reader's language (see the contracts' errors.ts). */
export interface ErrorDetails {
  params?: Record<string, string | number>;
  issues?: ValidationIssue[];
}

/**
 * An error meant for the caller: a code from the contracts, an English message a person can act on (for API clients),
 * optional data; the codes of errorParams come with their params.
 */
export class AppError extends Error {
  readonly status: number;
  readonly details: ErrorDetails;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.status = errorStatus[code];
    this.details = details;
  }

  /** An error of a code that carries params (errorParams), with them. */
  static withParams<C extends keyof typeof errorParams>(
    code: C,
    message: string,
    params: ParamsOf<C>,
    data: unknown = null,
  ): AppError {
    return new AppError(code, message, data, { params });
  }
}
