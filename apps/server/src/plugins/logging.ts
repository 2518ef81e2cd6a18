import { type FastifyReply, type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import pino from 'pino';

/** One line per request: method, path (no query), status, time. Bodies, cookies and tokens are never logged. */
class RequestLog extends LogController {
  override incomingRequest() {}
  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = {
      method: request.method,
      url: request.url.split('?')[0],
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime),
      ip: request.ip,
    };
    if (error) reply.log.error({ ...line, err: error }, 'request failed');
    else reply.log.info(line, 'request');
  }
}

/**
 * Buffered asynchronous log writes: a request never waits on stdout. What is buffered goes out within a second,
 * and pino flushes the rest at exit.
 */
function logDestination() {
  const destination = pino.destination({ dest: 1, sync: false, minLength: 4096 });
  setInterval(() => destination.flush(), 1000).unref();
  return destination;
}

/** The server's logging options: pino at `level` ('silent' for none), to `stream` or stdout. */
export function loggingOptions(
  level: string,
  stream?: { write(line: string): void },
): Pick<FastifyServerOptions, 'logger' | 'logController'> {
  return {
    logger:
      level === 'silent'
        ? false
        : {
            level,
            redact: ['req.headers.cookie', 'req.headers.authorization'],
            stream: stream ?? logDestination(),
          },
    logController: new RequestLog(),
  };
}
