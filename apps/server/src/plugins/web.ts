import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { documentHeaders } from '../lib/security-headers.ts';

/** The web app's language when a request names none (it has each page in every language). */
const defaultLanguage = 'ru';

/** The API's reply to an address it does not know. */
const notFound = {
  result: 1,
  error: { code: 'not_found', message: 'There is nothing at this address.' },
  data: null,
};

/**
 * The pages' security policy with their inline scripts allowed by hash (CSP): the one in index.html, which applies the
 * chosen theme before the first paint, and which every page of the build keeps.
 */
function pagePolicy(indexHtml: string): string {
  const hashes = [...indexHtml.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, script]) =>
      `'sha256-${createHash('sha256')
        .update(script ?? '')
        .digest('base64')}'`,
  );
  const policy = documentHeaders['content-security-policy'] ?? '';
  return hashes.length > 0 ? policy.replace("script-src 'self'", `script-src 'self' ${hashes.join(' ')}`) : policy;
}

/**
 * Serves the built web app: its files under /lms and its pages, as built (vite.config.ts), in the language the app
 * will choose (spec: `?lang`, then the `lang` cookie). The sign-in page (/lms/login) is `login.<language>.html`,
 * prerendered at build time; every other page of the portal (`/`, `/lms`, `/lms/…`) is `portal.<language>.html`, the
 * app's shell, which the app renders in the browser. /sw.js is the service worker. Any other address is a 404: the
 * app's not-found page for a browser (index.html), JSON for an API client.
 */
export async function registerWeb(app: FastifyInstance, { webDist }: Config) {
  const built = existsSync(path.join(webDist, 'index.html'));
  const pages = new Set(built ? readdirSync(webDist).filter((file) => file.endsWith('.html')) : []);
  const policy = built ? pagePolicy(readFileSync(path.join(webDist, 'index.html'), 'utf8')) : '';

  if (built) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/lms/',
      wildcard: true,
      index: false,
      preCompressed: true,
      setHeaders(reply, filePath) {
        // (The path is that of the file sent: a compressed copy's ends in .br or .gz.)
        if (/\.html(\.br|\.gz)?$/.test(filePath)) {
          // A page is chosen by the language cookie, and is asked for again at each visit (a new build shows at once).
          reply.header('content-security-policy', policy).header('cache-control', 'no-cache').header('vary', 'cookie');
          return;
        }
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    app.get('/sw.js', (_request, reply) =>
      reply.header('service-worker-allowed', '/').header('cache-control', 'no-cache').sendFile('sw.js'),
    );
  }

  /** The language the app will choose, so far as the request shows it. */
  const languageOf = (request: FastifyRequest): string | undefined => {
    const query = request.query as Record<string, unknown> | undefined;
    return [query?.lang, request.cookies.lang].find(
      (lang): lang is string => typeof lang === 'string' && /^\w+$/.test(lang),
    );
  };

  /** A page of the app: `<page>.<language>.html`, else that of the default language, else the app's shell. */
  const sendPage = (request: FastifyRequest, reply: FastifyReply, page: 'login' | 'portal' | null) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build -w apps/web` (npm start does it for you).');
    }
    const candidates = page
      ? [`${page}.${languageOf(request) ?? defaultLanguage}.html`, `${page}.${defaultLanguage}.html`]
      : [];
    // (A page's own policy replaces the API's, which an address outside the app gets.)
    return reply.headers(documentHeaders).sendFile(candidates.find((file) => pages.has(file)) ?? 'index.html');
  };

  app.get('/', (request, reply) => sendPage(request, reply, 'portal'));
  app.get('/lms', (request, reply) => sendPage(request, reply, 'portal'));
  app.get('/lms/login', (request, reply) => sendPage(request, reply, 'login'));

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    const inApp = url === '/lms' || url.startsWith('/lms/');
    // A page of the portal the app knows, or one it tells it does not (its routes are the app's).
    if (request.method === 'GET' && inApp && !url.startsWith('/lms/assets/')) return sendPage(request, reply, 'portal');
    // A browser's visit elsewhere: the app's not-found page, with a way home.
    if (request.method === 'GET' && /\btext\/html\b/.test(String(request.headers.accept))) {
      return sendPage(request, reply.status(404), null);
    }
    return reply.status(404).send(notFound);
  });
}
