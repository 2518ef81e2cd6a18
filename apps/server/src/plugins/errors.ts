import type { ErrorCode } from '@okuu/contracts/errors';
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** Maps the framework's own client errors (bad JSON, too large, …) to the envelope's codes. */
function clientErrorCode(status: number): ErrorCode {
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 413) return 'too_large';
  if (status === 415) return 'unsupported_type';
  if (status === 429) return 'rate_limited';
  return 'validation';
}

const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted; send JSON.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT: 'Too many files in one request.',
  FST_PARTS_LIMIT: 'Too many parts in one request.',
  FST_FIELDS_LIMIT: 'Too many fields in one request.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'This call expects multipart/form-data.',
};

/** Error codes of a database that cannot be reached now: refused, cut or shutting down (SQLSTATE 08…, 57P01–03). */
const unreachableCodes = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03']);

/** Whether a failure (or what caused it: the ORM wraps the driver's error) is the database being out of reach. */
function isDatabaseUnreachable(err: unknown): boolean {
  let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined;
  for (let depth = 0; e && depth < 5; depth++, e = e.cause as typeof e) {
    if (typeof e.code === 'string' && (unreachableCodes.has(e.code) || e.code.startsWith('08'))) return true;
    if (typeof e.message === 'string' && e.message.startsWith('Connection terminated')) return true;
  }
  return false;
}

const megabytes = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** One error handler for the whole app: every failure leaves as the envelope; 5xx never show internals. */
export function registerErrorHandling(
  app: FastifyInstance,
  limits: { uploadMaxBytes: number; bodyLimitBytes: number },
) {
  const maxMb = megabytes(limits.uploadMaxBytes);

  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) request.log.error({ err }, 'request failed');
      return reply
        .status(err.status)
        .send({ result: 1, error: { code: err.code, message: err.message, ...err.details }, data: err.data });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = clientErrorCode(status);
      const message =
        code === 'too_large' && err.code === 'FST_REQ_FILE_TOO_LARGE'
          ? `The file is too large: at most ${maxMb} MB.`
          : (frameworkMessages[err.code] ??
            (code === 'rate_limited'
              ? 'Too many requests. Wait a minute and try again.'
              : 'The request is malformed.'));
      // A file or a JSON body too large says how much is accepted.
      const limitMb =
        err.code === 'FST_REQ_FILE_TOO_LARGE'
          ? maxMb
          : err.code === 'FST_CTP_BODY_TOO_LARGE'
            ? megabytes(limits.bodyLimitBytes)
            : null;
      const params = limitMb === null ? undefined : { maxMb: limitMb };
      return reply.status(status).send({ result: 1, error: { code, message, params }, data: null });
    }
    if (isDatabaseUnreachable(err)) {
      // Down or restarting: the request was fine, and the client may try again shortly.
      request.log.warn({ err }, 'database out of reach');
      return reply
        .status(503)
        .header('retry-after', '5')
        .send({
          result: 1,
          error: { code: 'unavailable', message: 'The database does not answer. Try again in a moment.' },
          data: null,
        });
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send({
      result: 1,
      error: { code: 'internal', message: 'Something went wrong on the server. Try again later.' },
      data: null,
    });
  });
}
