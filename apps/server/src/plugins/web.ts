import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** The web app's language when a request names none (it has a page of each first screen in every language). */
const defaultLanguage = 'ru';

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

  // The first screens most visits open have their own copies of the page, one per language, which preload their code
  // and the catalogues of that language (vite.config.ts): `<screen>.<language>.html`.
  const firstScreens: Record<string, string> = { '/': 'home', '/lms': 'home', '/lms/': 'home', '/lms/login': 'login' };
  const screenPages = new Set(built ? readdirSync(webDist).filter((file) => /^\w+\.\w+\.html$/.test(file)) : []);
  /** The language the app will choose (spec: `?lang`, then the `lang` cookie), so far as a request shows it. */
  const languageOf = (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown> | undefined;
    return [query?.lang, request.cookies.lang].find((lang) => typeof lang === 'string' && /^\w+$/.test(lang));
  };
  const pageFor = (request: FastifyRequest, url: string) => {
    const screen = firstScreens[url];
    const pages = [`${screen}.${languageOf(request) ?? defaultLanguage}.html`, `${screen}.${defaultLanguage}.html`];
    return (screen && pages.find((page) => screenPages.has(page))) || 'index.html';
  };
  const sendApp = (request: FastifyRequest, reply: FastifyReply, url: string) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build -w apps/web` (npm start does it for you).');
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'cookie')
      .type('text/html; charset=utf-8')
      .sendFile(pageFor(request, url));
  };

  app.get('/', (request, reply) => sendApp(request, reply, '/'));
  app.get('/lms', (request, reply) => sendApp(request, reply, '/lms'));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (request.method === 'GET' && (url === '/lms' || url.startsWith('/lms/')) && !url.startsWith('/lms/assets/')) {
      return sendApp(request, reply, url);
    }
    return reply.status(404).send(notFound);
  });
}
