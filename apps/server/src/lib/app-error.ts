import { type ErrorCode, errorStatus } from '@okuu/contracts/errors';

/** An error meant for the caller: a code from the contracts, a message a person can act on, optional data. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.status = errorStatus[code];
  }
}
