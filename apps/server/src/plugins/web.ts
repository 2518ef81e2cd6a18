import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built web app under /lms with history fallback: a GET under /lms that is not a file gets index.html.
 * `/` serves the app too (it redirects to /lms or /lms/offline itself), and /sw.js the service worker.
 */
export async function registerWeb(app: FastifyInstance, webDist: string) {
  const built = existsSync(path.join(webDist, 'index.html'));
  const notFound = {
    result: 1,
    error: { code: 'not_found', message: 'There is nothing at this address.' },
    data: null,
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/lms/',
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/sw.js', (_req, reply) =>
      reply.header('service-worker-allowed', '/').header('cache-control', 'no-cache').sendFile('sw.js'),
    );
  }

  // The first screens most visits open have their own copy of the page, which preloads their code (vite.config.ts).
  const firstScreenPages = new Map(
    Object.entries({ '/': 'home.html', '/lms': 'home.html', '/lms/': 'home.html', '/lms/login': 'login.html' }).filter(
      ([, page]) => existsSync(path.join(webDist, page)),
    ),
  );
  const pageFor = (url: string) => firstScreenPages.get(url) ?? 'index.html';
  const sendApp = (reply: import('fastify').FastifyReply, url: string) =>
    built
      ? reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(pageFor(url))
      : reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built yet: run `npm run build -w apps/web` (npm start does it for you).');

  app.get('/', (_req, reply) => sendApp(reply, '/'));
  app.get('/lms', (_req, reply) => sendApp(reply, '/lms'));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && (url === '/lms' || url.startsWith('/lms/')) && !url.startsWith('/lms/assets/')) {
      return sendApp(reply, url);
    }
    return reply.status(404).send(notFound);
  });
}
