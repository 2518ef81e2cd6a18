import type { FastifyInstance } from 'fastify';
import { apiHeaders, documentHeaders } from '../lib/security-headers.ts';

/** The web app: its pages and assets under /lms, the root (which sends there) and the service worker. */
function isWebApp(url: string) {
  return url.startsWith('/lms') || url === '/' || url.startsWith('/?') || url.startsWith('/sw.js');
}

/**
 * The web app gets the document headers (the service worker's fetches obey the policy of its script); everything else
 * is data: the API, /config.json, /logo.json, /healthz. A page among them (the API docs) sets the document headers
 * itself.
 */
export function registerSecurityHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isWebApp(request.url) ? documentHeaders : apiHeaders);
    done();
  });
}
