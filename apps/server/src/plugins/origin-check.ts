import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/**
 * Cross-site request forgery: a browser names the page that makes a request (`Origin`, and `Sec-Fetch-Site`). A call
 * from a page of another site, or of another port of this host, is refused; so is any `Sec-Fetch-Site: cross-site`.
 * A request with neither header (curl, another server) is not a browser's and passes.
 */
export function originAllowed(request: FastifyRequest, allowedOrigins: ReadonlySet<string>): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site') return false;
  const origin = request.headers.origin;
  if (origin === undefined) return site === undefined || site === 'same-origin' || site === 'none';
  if (allowedOrigins.has(origin)) return true;
  try {
    // The portal's own pages: the host the request reached (the scheme may differ behind a TLS-ending proxy). URL
    // drops a default port on both sides.
    return new URL(origin).host === new URL(`${request.protocol}://${request.host}`).host;
  } catch {
    return false; // 'null' (a sandboxed frame, a privacy redirect) or garbage
  }
}

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Refuses state-changing calls (403 foreign_origin) that a page of another origin made, before any body is read. */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: ReadonlySet<string>) {
  app.addHook('onRequest', async (request) => {
    if (stateChanging.has(request.method) && !originAllowed(request, allowedOrigins)) {
      throw new AppError('foreign_origin', 'Only pages of this portal may make this call.');
    }
  });
}
