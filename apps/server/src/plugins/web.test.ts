import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { enticate } from '@okuu/contracts/auth/enticate';
import { chatCount } from '@okuu/contracts/chat/count';
import { type FirstReply, firstCallsOf, firstRepliesElementId } from '@okuu/contracts/first-calls';
import { photo } from '@okuu/contracts/misc/photo';
import { years } from '@okuu/contracts/misc/years';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { users } from '../db/schema/users.ts';

let t: TestApp;
let dist: string;
beforeAll(async () => {
  dist = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-dist-'));
  for (const page of ['index', 'home.ru', 'home.kg', 'home.en', 'login.ru']) {
    await fs.writeFile(
      path.join(dist, `${page}.html`),
      `<!doctype html><html data-mantine-color-scheme="dark"><title>${page}</title><!--${page}-->` +
        '<body><div id="root"><svg class="boot"></svg></div></body></html>',
    );
  }
  // A renderer of the shape the web app builds (PageRenderer): it draws the request it got, so that the tests see it.
  await fs.mkdir(path.join(dist, 'server'));
  await fs.writeFile(
    path.join(dist, 'server', 'render-page.js'),
    `export async function renderPage(request) {
      if (request.userAgent === 'breaks the renderer') throw new Error('the drawing failed');
      const drawn =
        request.draw && (request.pathname === '/lms/login' || (request.replies !== null && request.pathname === '/lms'));
      return {
        colorScheme: request.colorScheme === 'light' ? 'light' : 'dark',
        root: drawn ? '<div id="root" data-request="' + encodeURIComponent(JSON.stringify(request)) + '">drawn</div>' : null,
        title: drawn ? '<title>drawn ' + request.pathname + '</title>' : null,
      };
    }`,
  );
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  await fs.rm(dist, { recursive: true, force: true });
});

const elementPattern = new RegExp(`<script type="application/json" id="${firstRepliesElementId}">(.*?)</script>`, 's');
/** The first calls' replies a page carries, or null when it carries none. */
const repliesIn = (html: string): FirstReply[] | null => {
  const found = elementPattern.exec(html);
  return found?.[1] ? (JSON.parse(found[1]) as FirstReply[]) : null;
};

describe('the page of a signed-in visitor', () => {
  it('carries the replies of the first screen’s calls, the same as the API gives', async () => {
    const cookie = await t.signIn('student1');
    const res = await t.app.inject({ method: 'GET', url: '/lms', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<!--home.ru-->');
    const replies = repliesIn(res.body);
    expect(replies?.map(({ method, path }) => ({ method, path }))).toEqual(firstCallsOf('/lms'));
    for (const endpoint of [enticate, photo, chatCount, years]) {
      const direct = await t.call(endpoint, {}, { cookie });
      const carried = replies?.find((r) => r.path === endpoint.path);
      expect(carried?.status, endpoint.path).toBe(200);
      expect(carried?.envelope, endpoint.path).toEqual(direct.body);
    }
    // It is this visitor's: no cache may keep it.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('cookie');

    // Another screen of the portal: the calls every screen makes.
    const news = repliesIn((await t.app.inject({ method: 'GET', url: '/lms/news', headers: { cookie } })).body);
    expect(news?.map((r) => r.path)).toEqual(firstCallsOf('/lms/news').map((call) => call.path));
  });

  it('is compressed as the browser accepts', async () => {
    const cookie = await t.signIn('student2');
    const br = await t.app.inject({ method: 'GET', url: '/lms', headers: { cookie, 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(repliesIn(zlib.brotliDecompressSync(br.rawPayload).toString())).toHaveLength(firstCallsOf('/lms').length);
    const gz = await t.app.inject({ method: 'GET', url: '/lms', headers: { cookie, 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(repliesIn(zlib.gunzipSync(gz.rawPayload).toString())).toHaveLength(firstCallsOf('/lms').length);
  });

  it('keeps what the replies say from ending the script element', async () => {
    const [original] = await t.database.db.select().from(users).where(eq(users.login, 'teacher2'));
    await t.database.db.update(users).set({ firstName: '</script><b>x</b>' }).where(eq(users.login, 'teacher2'));
    try {
      const cookie = await t.signIn('teacher2');
      const res = await t.app.inject({ method: 'GET', url: '/lms', headers: { cookie } });
      expect(res.body).not.toContain('</script><b>');
      expect(JSON.stringify(repliesIn(res.body)?.[0]?.envelope)).toContain('</script><b>x</b>');
    } finally {
      await t.database.db
        .update(users)
        .set({ firstName: original?.firstName ?? '' })
        .where(eq(users.login, 'teacher2'));
    }
  });
});

describe('the page of anyone else', () => {
  it('carries no replies: no session, an unknown one, or a page that makes no calls', async () => {
    const cookie = await t.signIn('student1');
    const cases = [
      { url: '/lms', headers: {} },
      { url: '/lms', headers: { cookie: 'token=not-a-session' } },
      { url: '/lms/login', headers: { cookie } },
      { url: '/lms/offline', headers: { cookie } },
      { url: '/', headers: { cookie } },
    ];
    for (const { url, headers } of cases) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).not.toContain(firstRepliesElementId);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

/** The request the test renderer drew the page for, or null when it drew none. */
const drawnFor = (html: string) => {
  const found = /<div id="root" data-request="([^"]*)">drawn<\/div>/.exec(html);
  return found?.[1] ? JSON.parse(decodeURIComponent(found[1])) : null;
};

describe('the first screens the web app draws', () => {
  it('are drawn for what the request says: path, language, theme, browser and, signed in, the first calls’ replies', async () => {
    const cookie = await t.signIn('student1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/lms?lang=kg',
      headers: { cookie: `${cookie}; theme=light`, 'user-agent': 'a phone (Mobile)' },
    });
    const request = drawnFor(res.body);
    expect(request).toMatchObject({
      pathname: '/lms',
      language: 'kg',
      colorScheme: 'light',
      userAgent: 'a phone (Mobile)',
    });
    expect(request.replies).toEqual(repliesIn(res.body));
    // The drawing replaces the spinner's #root, and the page takes its title and theme.
    expect(res.body).not.toContain('class="boot"');
    expect(res.body).toContain('<title>drawn /lms</title>');
    expect(res.body).toContain('<html data-mantine-color-scheme="light">');
    expect(res.body).toContain('<!--home.kg-->');
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('draws the sign-in screen for anyone, and leaves other pages to the app, in the theme of the cookie', async () => {
    const signInPage = await t.app.inject({ method: 'GET', url: '/lms/login', headers: { cookie: 'lang=en' } });
    expect(drawnFor(signInPage.body)).toMatchObject({ pathname: '/lms/login', language: 'en', replies: null });
    expect(signInPage.headers['cache-control']).toBe('no-cache');
    expect(signInPage.headers.vary).toContain('cookie');

    const news = await t.app.inject({ method: 'GET', url: '/lms/news', headers: { cookie: 'theme=light' } });
    expect(drawnFor(news.body)).toBeNull();
    expect(news.body).toContain('<svg class="boot"></svg>');
    expect(news.body).toContain('<html data-mantine-color-scheme="light">');
    expect(news.body).toContain('<title>index</title>');
  });

  it('sends the page as built when the drawing fails', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/lms/login',
      headers: { 'user-agent': 'breaks the renderer' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<svg class="boot"></svg>');
    expect(res.body).toContain('<title>login.ru</title>');
  });

  it('are not drawn when the server may spend no time drawing (SERVER_RENDER_SHARE=0)', async () => {
    const busy = await createTestApp({ WEB_DIST: dist, SERVER_RENDER_SHARE: '0' });
    try {
      const res = await busy.app.inject({ method: 'GET', url: '/lms/login', headers: { cookie: 'theme=light' } });
      expect(drawnFor(res.body)).toBeNull();
      expect(res.body).toContain('<svg class="boot"></svg>');
      expect(res.body).toContain('<html data-mantine-color-scheme="light">');
    } finally {
      await busy.close();
    }
  });

  it('keeps the renderer itself out of the site', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/lms/server/render-page.js' });
    expect(res.body).not.toContain('renderPage');
  });
});
