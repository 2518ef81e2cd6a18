import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';

/** The inline script every page of the build carries (the theme, before the first paint). */
const themeScript = "document.documentElement.dataset.mantineColorScheme='light'";
const hashOf = (script: string) => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

let t: TestApp;
let dist: string;
beforeAll(async () => {
  // A build of the shape vite.config.ts makes: the shell, and the pages of each language.
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-dist-'));
  const pages = ['index', 'portal.ru', 'portal.kg', 'portal.en', 'login.ru', 'login.kg', 'login.en'];
  for (const page of pages) {
    const html = `<!doctype html><html><head><script>${themeScript}</script><title>${page}</title></head></html>`;
    await fs.writeFile(path.join(dist, `${page}.html`), html);
    await fs.writeFile(path.join(dist, `${page}.html.br`), zlib.brotliCompressSync(html));
  }
  await fs.mkdir(path.join(dist, 'assets'));
  await fs.writeFile(path.join(dist, 'assets', 'start-abc123.js'), 'export {};');
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

/** The page a reply carries: its <title>. */
const pageOf = (body: string) => /<title>([^<]*)<\/title>/.exec(body)?.[1];

describe('the pages of the web app', () => {
  it('are the prerendered sign-in page and the portal’s shell, in the language the app will choose', async () => {
    const cases = [
      { url: '/lms/login', headers: {}, page: 'login.ru' },
      { url: '/lms/login', headers: { cookie: 'lang=en' }, page: 'login.en' },
      { url: '/lms/login?lang=kg', headers: { cookie: 'lang=en' }, page: 'login.kg' },
      { url: '/lms/login?lang=xx', headers: {}, page: 'login.ru' },
      { url: '/', headers: {}, page: 'portal.ru' },
      { url: '/lms', headers: { cookie: 'lang=kg' }, page: 'portal.kg' },
      { url: '/lms/', headers: {}, page: 'portal.ru' },
      { url: '/lms/news', headers: { cookie: 'lang=en' }, page: 'portal.en' },
      // An address of the portal the app does not know: the app says so (its routes are its own).
      { url: '/lms/no-such-page', headers: {}, page: 'portal.ru' },
    ];
    for (const { url, headers, page } of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(pageOf(res.body), url).toBe(page);
      // The same for everyone but by the language: asked again at each visit, cached by the cookie.
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers.vary, url).toContain('cookie');
      expect(res.headers['content-type'], url).toContain('text/html');
    }
  });

  it('allow their inline script, and no other, by its hash', async () => {
    for (const url of ['/lms/login', '/lms', '/lms/index.html']) {
      const policy = String((await t.app.inject({ method: 'GET', url })).headers['content-security-policy']);
      const scripts = policy.split(';').find((directive) => directive.startsWith('script-src '));
      expect(scripts, url).toBe(`script-src 'self' ${hashOf(themeScript)} 'wasm-unsafe-eval'`);
    }
  });

  it('are sent compressed as the browser accepts, from the files the build compressed', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lms/login', headers: { 'accept-encoding': 'gzip, br' } });
    expect(res.headers['content-encoding']).toBe('br');
    expect(pageOf(zlib.brotliDecompressSync(res.rawPayload).toString())).toBe('login.ru');
    expect(res.headers.vary).toBe('cookie, accept-encoding');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain(hashOf(themeScript));
  });

  it('have files that never change under their names', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lms/assets/start-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/lms/assets/start-missing.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ result: 1, error: { code: 'not_found' } });
  });
});

describe('an address that is nothing', () => {
  it('is the app’s not-found page, with a 404, for a browser', async () => {
    const accept = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    for (const url of ['/no-such-page', '/api/no-such-call', '/lms.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(pageOf(res.body), url).toBe('index');
      // A page of the app: its own policy, not the API's (which lets nothing load).
      expect(res.headers['content-security-policy'], url).toContain(hashOf(themeScript));
    }
  });

  it('is the API’s JSON for anything else', async () => {
    for (const [method, url, accept] of [
      ['GET', '/no-such-page', undefined],
      ['GET', '/no-such-page', 'application/json'],
      ['GET', '/api/no-such-call.json', '*/*'],
      ['POST', '/no-such-page', 'text/html'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: accept ? { accept } : {} });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json(), `${method} ${url}`).toMatchObject({ result: 1, error: { code: 'not_found' }, data: null });
    }
  });
});
