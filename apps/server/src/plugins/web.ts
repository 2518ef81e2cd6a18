import { existsSync, readdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import { type FirstReply, firstCallsOf, firstRepliesElementId } from '@okuu/contracts/first-calls';
import type { DrawnPage, PageRenderer } from '@okuu/contracts/page-renderer';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { tokenCookie } from './auth.ts';
import { createDrawingBudget } from './drawing-budget.ts';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The web app's language when a request names none (it has a page of each first screen in every language). */
const defaultLanguage = 'ru';

/** The web app's renderer of its first screens; null, with the reason logged, when it cannot be loaded. */
async function loadRenderer(app: FastifyInstance, file: string): Promise<PageRenderer | null> {
  try {
    return (await import(pathToFileURL(file).href)) as PageRenderer;
  } catch (error) {
    app.log.error({ err: error }, 'the first screens’ renderer could not be loaded: the app draws every page');
    return null;
  }
}

/**
 * Serves the built web app under /lms with history fallback: a GET under /lms that is not a file gets index.html.
 * `/` serves the app too (it redirects to /lms or /lms/offline itself), and /sw.js the service worker.
 */
export async function registerWeb(app: FastifyInstance, { webDist, serverRenderShare }: Config) {
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
      // The renderer of the first screens is the server's (below), not a file of the site.
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
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
  /** The web app's renderer of its first screens, from the same build. */
  const rendererFile = path.join(webDist, 'server', 'render-page.js');
  const renderer = built && existsSync(rendererFile) ? await loadRenderer(app, rendererFile) : null;
  const budget = createDrawingBudget(serverRenderShare);
  /** The language the app will choose (spec: `?lang`, then the `lang` cookie), so far as a request shows it. */
  const languageOf = (request: FastifyRequest): string | undefined => {
    const query = request.query as Record<string, unknown> | undefined;
    return [query?.lang, request.cookies.lang].find(
      (lang): lang is string => typeof lang === 'string' && /^\w+$/.test(lang),
    );
  };
  const pageFor = (request: FastifyRequest, url: string) => {
    const screen = firstScreens[url];
    const pages = [`${screen}.${languageOf(request) ?? defaultLanguage}.html`, `${screen}.${defaultLanguage}.html`];
    return (screen && pages.find((page) => screenPages.has(page))) || 'index.html';
  };
  /**
   * The replies of the calls the portal's first screen makes (`firstCallsOf`), made here for a signed-in visitor, so
   * that the page brings them: on a slow network that saves the app their round trips, and on a slow phone the work of
   * sending them. They are the API's own replies (the same routes, access checks and rate limit), asked with the
   * visitor's cookies. Null when the visitor is not signed in (the app then finds that out as usual).
   */
  const firstReplies = async (request: FastifyRequest, url: string): Promise<FirstReply[] | null> => {
    const calls = firstCallsOf(url);
    if (calls.length === 0 || !request.cookies[tokenCookie]) return null;
    const ask = async ({ method, path }: (typeof calls)[number]): Promise<FirstReply> => {
      const res = await app.inject({
        method,
        url: path,
        remoteAddress: request.ip,
        headers: { cookie: request.headers.cookie ?? '', 'content-type': 'application/json' },
        ...(method === 'POST' ? { payload: '{}' } : {}),
      });
      let envelope: unknown;
      try {
        envelope = res.json();
      } catch {
        envelope = undefined;
      }
      return { method, path, status: res.statusCode, envelope };
    };
    // The first call is the session check: when it fails, the app is for someone signed out and gets no replies.
    const replies = await Promise.all(calls.map(ask));
    return replies[0]?.status === 200 ? replies : null;
  };

  /**
   * The page as drawn for this request (its screen, title and theme; see PageRenderer), with the first calls' replies
   * in it, compressed as the browser accepts. A renderer that fails, or has no time left (SERVER_RENDER_SHARE), leaves
   * the page as built: the app draws it.
   */
  const sendPage = async (request: FastifyRequest, reply: FastifyReply, url: string, replies: FirstReply[] | null) => {
    const draw = async (): Promise<DrawnPage | null> => {
      if (!renderer) return null;
      const reserved = budget.reserve();
      const started = performance.now();
      try {
        const drawn = await renderer.renderPage({
          pathname: url,
          language: languageOf(request),
          colorScheme: request.cookies.theme,
          userAgent: request.headers['user-agent'],
          replies,
          draw: reserved,
        });
        if (reserved) budget.settle(drawn.root ? performance.now() - started : null);
        return drawn;
      } catch (error) {
        if (reserved) budget.settle(performance.now() - started);
        request.log.error({ err: error }, 'the first screen could not be drawn');
        return null;
      }
    };
    // Read at each request, as sendFile does: a rebuild of the app changes the page.
    let [html, drawn] = await Promise.all([readFile(path.join(webDist, pageFor(request, url)), 'utf8'), draw()]);
    if (drawn) {
      html = html.replace(/data-mantine-color-scheme="\w+"/, `data-mantine-color-scheme="${drawn.colorScheme}"`);
      if (drawn.title) html = html.replace(/<title>[^<]*<\/title>/, drawn.title);
      // The page's #root holds only its spinner (index.html), which the screen replaces.
      if (drawn.root) html = html.replace(/<div id="root">[\s\S]*?<\/div>/, () => drawn.root ?? '');
    }
    if (replies) {
      // JSON in a script element: only '<' could end it early.
      const json = JSON.stringify(replies).replaceAll('<', '\\u003c');
      html = html.replace(
        '</body>',
        `<script type="application/json" id="${firstRepliesElementId}">${json}</script>\n  </body>`,
      );
    }
    const accepts = String(request.headers['accept-encoding'] ?? '');
    reply
      // A signed-in visitor's page is theirs alone; any page depends on the cookies (language, theme, session).
      .header('cache-control', replies ? 'private, no-store' : 'no-cache')
      .header('vary', 'cookie, accept-encoding')
      .type('text/html; charset=utf-8');
    if (/\bbr\b/.test(accepts)) {
      const body = await brotli(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
      return reply.header('content-encoding', 'br').send(body);
    }
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(await gzip(html));
    return reply.send(html);
  };

  const sendApp = async (request: FastifyRequest, reply: FastifyReply, url: string) => {
    if (!built) {
      return reply
        .status(503)
        .type('text/plain; charset=utf-8')
        .send('The web app is not built yet: run `npm run build -w apps/web` (npm start does it for you).');
    }
    return sendPage(request, reply, url, await firstReplies(request, url));
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
