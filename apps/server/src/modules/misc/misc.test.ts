import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { currentHalfYear, currentYear } from '@okuu/contracts/discipline/current';
import { portalConfig } from '@okuu/contracts/misc/config';
import { registeredFacultyList } from '@okuu/contracts/misc/faculties';
import { logo, logoImage } from '@okuu/contracts/misc/logo';
import { photo, photoImage, position } from '@okuu/contracts/misc/photo';
import { settings } from '@okuu/contracts/misc/settings';
import { defaultYear, years } from '@okuu/contracts/misc/years';
import { profileData } from '@okuu/contracts/profile/profile-data';
import { registry } from '@okuu/contracts/registry';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema/users.ts';

let t: TestApp;
let student: string;
let teacher: string;
beforeAll(async () => {
  t = await createTestApp();
  [student, teacher] = await Promise.all([t.signIn('student1'), t.signIn('teacher1')]);
});
afterAll(() => t.close());

describe('branding and configuration', () => {
  it('serves config.json and logo.json with the defaults of the spec', async () => {
    const config = await t.call(portalConfig);
    expect(config.body.data).toMatchObject({
      basePath: '/lms',
      publicBase: '/lms/public',
      defaultLanguage: 'ru',
      chatPageSize: 20,
    });
    const res = await t.call(logo);
    expect(res.body.data).toEqual({
      // The address carries a version of the stored logo: a new logo is a new address (staff settings).
      logo: expect.stringMatching(/^\/logo\.image\?v=[0-9a-f]{12}$/),
      width: 30,
      name: 'Университет Окуу',
      nameKg: 'Окуу университети',
      nameEn: 'Okuu University',
      fontsize: 16,
    });
  });

  it('serves the logo image from storage', async () => {
    const res = await t.app.inject({ method: 'GET', url: logoImage.path });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('settings carry the current year and half-year', async () => {
    const res = await t.call(settings, { role: 2 }, { cookie: student });
    expect(res.body.data).toMatchObject({
      university: { name: 'Университет Окуу', nameKg: 'Окуу университети', nameEn: 'Okuu University' },
      maxUploadMb: 20,
      electiveRegistration: true,
    });
  });
});

describe('calendar', () => {
  const at = async (iso: string) => {
    const app = await createTestApp({}, { now: () => new Date(iso) });
    const cookie = await app.signIn('student1');
    return { app, cookie };
  };

  it('offers six academic years, current minus 4 to plus 1', async () => {
    const res = await t.call(years, {}, { cookie: student });
    const year = new Date().getUTCFullYear();
    expect(res.body.data).toHaveLength(6);
    expect(res.body.data[0]).toEqual({
      id: year - 4,
      name: `${year - 4}-${String((year - 3) % 100).padStart(2, '0')}`,
    });
    expect(res.body.data[5]?.id).toBe(year + 1);
  });

  it('switches the default year after September, and the half-year by the calendar (2 when unknown)', async () => {
    const september = await at('2026-09-15T12:00:00Z');
    const october = await at('2026-10-15T12:00:00Z');
    const march = await at('2027-03-10T12:00:00Z');
    const farFuture = await at('2040-03-10T12:00:00Z');
    try {
      expect((await september.app.call(defaultYear, {}, { cookie: september.cookie })).body.data).toEqual({
        id: 2025,
        name: '2025-26',
      });
      expect((await october.app.call(defaultYear, {}, { cookie: october.cookie })).body.data).toEqual({
        id: 2026,
        name: '2026-27',
      });
      expect((await october.app.call(currentHalfYear, {}, { cookie: october.cookie })).body.data).toEqual({ ws: 1 });
      expect((await march.app.call(currentHalfYear, {}, { cookie: march.cookie })).body.data).toEqual({ ws: 2 });
      expect((await march.app.call(currentYear, {}, { cookie: march.cookie })).body.data).toEqual({
        year: 2026,
        name: '2026-27',
      });
      expect((await farFuture.app.call(currentHalfYear, {}, { cookie: farFuture.cookie })).body.data).toEqual({
        ws: 2,
      });
    } finally {
      await Promise.all([september, october, march, farFuture].map((x) => x.app.close()));
    }
  });
});

describe('profile, photo and position', () => {
  it("returns the caller's own personal data whatever uid is sent", async () => {
    const [other] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'student2'));
    const res = await t.call(profileData, { uid: other?.id, role: 2 }, { cookie: student });
    expect(res.status).toBe(200);
    const me = (await t.call(profileData, {}, { cookie: student })).body.data;
    expect(res.body.data).toEqual(me);
    expect(me).toMatchObject({
      role: 2,
      citizenship: { name: 'Кыргызская Республика', nameKg: 'Кыргыз Республикасы', nameEn: 'Kyrgyz Republic' },
      education: { name: 'Среднее общее', nameKg: 'Орто жалпы', nameEn: 'General secondary' },
      position: null,
      faculty: {
        name: 'Факультет информационных технологий',
        nameKg: expect.stringMatching(/\S/),
        nameEn: expect.stringMatching(/Information Technolog/),
      },
    });
    expect(me.nationality?.nameEn).toMatch(/^(Kyrgyz|Russian)$/);
    expect(me.group).toBeTruthy();
    expect(me.fullName).toContain(me.lastName);
  });

  it("names a woman's nationality in its Russian feminine form, and a teacher's position", async () => {
    const [woman] = await t.database.db
      .select({ login: users.login })
      .from(users)
      .where(and(eq(users.gender, 'female'), eq(users.nationalityId, 1), eq(users.role, 2)))
      .limit(1);
    const hers = (await t.call(profileData, {}, { cookie: await t.signIn(woman?.login as string) })).body.data;
    expect(hers.nationality).toEqual({ name: 'кыргызка', nameKg: 'кыргыз', nameEn: 'Kyrgyz' });
    const his = (await t.call(profileData, {}, { cookie: teacher })).body.data;
    expect(his).toMatchObject({
      role: 1,
      group: null,
      position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
      education: { name: 'Высшее', nameKg: 'Жогорку', nameEn: 'Higher' },
    });
  });

  it('gives a photo address only when there is a photo', async () => {
    expect((await t.call(photo, {}, { cookie: student })).body.data).toEqual({ url: null });
    const [me] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.login, 'student1'));
    const missing = await t.app.inject({
      method: 'GET',
      url: `${photoImage.path}?id=${me?.id}`,
      headers: { cookie: student },
    });
    expect(missing.statusCode).toBe(404);
    await t.storage.put('photos/student1.jpg', Buffer.from([0xff, 0xd8, 0xff, 0xd9]));
    await t.database.db.update(users).set({ photoKey: 'photos/student1.jpg' }).where(eq(users.login, 'student1'));
    // The session's user says whether there is a photo: a new session sees it at once (one in use, within
    // SESSION_CACHE_SECONDS).
    const withPhoto = await t.call(photo, {}, { cookie: await t.signIn('student1') });
    expect(withPhoto.body.data.url).toBe(`${photoImage.path}?id=${me?.id}`);
    const image = await t.app.inject({
      method: 'GET',
      url: String(withPhoto.body.data.url),
      headers: { cookie: teacher },
    });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
  });

  it("gives a teacher's position", async () => {
    const res = await t.call(position, { id: 1 }, { cookie: teacher });
    expect(res.body.data).toEqual({
      doljnost: 'Доцент',
      position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
    });
  });
});

describe('faculties', () => {
  it('lists the faculties by id, named in the three languages, for any signed-in user', async () => {
    for (const cookie of [student, teacher]) {
      const res = await t.call(registeredFacultyList, { id: 1 }, { cookie });
      expect(res.status).toBe(200);
      const list = res.body.data;
      expect(list.length).toBeGreaterThan(1);
      expect(list.map((f) => f.id)).toEqual([...list.map((f) => f.id)].sort((a, b) => a - b));
      expect(list[0]).toEqual({
        id: 1,
        name: 'Факультет информационных технологий',
        nameKg: 'Маалыматтык технологиялар факультети',
        nameEn: 'Faculty of Information Technology',
        shortName: 'ФИТ',
      });
    }
    const anonymous = await t.call(registeredFacultyList, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('the HTTP surface', () => {
  it('healthz answers 200 while the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('ok');
  });

  it("sends the web app's pages the full policy, and data outside /api (config.json) the policy that loads nothing", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/lms/login' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['x-frame-options']).toBeDefined();
    // The page may call and open sockets to the portal itself only (a bare ws: or wss: would allow any host).
    const connect = String(page.headers['content-security-policy'])
      .split(';')
      .find((d) => d.startsWith('connect-src'));
    expect(connect).toBe("connect-src 'self'");
    const config = await t.app.inject({ method: 'GET', url: '/config.json' });
    expect(config.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(config.headers['x-content-type-options']).toBe('nosniff');
  });

  it('refuses a multipart body sent to a JSON call with a clear 4xx, outside the scope of the upload parser', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/orize.json',
      payload: '--b\r\ncontent-disposition: form-data; name="login"\r\n\r\nx\r\n--b--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ result: 1, data: null, error: { code: expect.any(String) } });
  });

  it("gives API replies a policy that loads nothing and lets nobody frame them; the API docs page the page's", async () => {
    const api = await t.app.inject({ method: 'POST', url: '/api/auth/enticate.json', payload: {} });
    expect(api.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(docs.headers['content-type']).toMatch(/text\/html/);
    expect(docs.headers['content-security-policy']).toContain("default-src 'self'");
    expect(docs.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/nothing/here.json', payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ result: 1, data: null, error: { code: 'not_found' } });
  });

  it('rejects a body over the limit with 413 and bad JSON with 400', async () => {
    const big = await t.app.inject({
      method: 'POST',
      url: '/api/auth/orize.json',
      payload: JSON.stringify({ login: 'x', password: 'y'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.code).toBe('too_large');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/orize.json',
      payload: '{"login":',
      headers: { 'content-type': 'application/json' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toMatch(/JSON/);
  });

  it('documents every endpoint of the registry in OpenAPI and on the docs page', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(doc.openapi).toBe('3.1.0');
    for (const e of registry) expect(doc.paths[e.path]?.[e.method.toLowerCase()]?.operationId).toBe(e.id);
    // A create that takes an Idempotency-Key says so; the others do not.
    for (const e of registry) {
      const headers = (doc.paths[e.path][e.method.toLowerCase()].parameters ?? []).filter(
        (p: { in: string }) => p.in === 'header',
      );
      expect(headers.map((p: { name: string }) => p.name)).toEqual(e.idempotent ? ['Idempotency-Key'] : []);
    }
    expect(registry.some((e) => e.idempotent)).toBe(true);
    // The error object: its codes, and the details a client translates.
    const error = doc.components.schemas.ErrorEnvelope.properties.error;
    expect(Object.keys(error.properties).sort()).toEqual(['code', 'issues', 'message', 'params']);
    expect(error.properties.code.enum).toContain('weak_password');
    expect(error.properties.issues.items.properties.rule.enum).toContain('too_long');
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    for (const e of registry) expect(page.body).toContain(e.path);
  });

  it('rate-limits a flood from one address with 429', async () => {
    const limited = await createTestApp({ RATE_LIMIT_MAX: '5' });
    try {
      // The web app's files and pages are not counted.
      for (let i = 0; i < 8; i++) {
        const file = await limited.app.inject({ method: 'GET', url: `/lms/assets/app-${i}.js` });
        expect(file.statusCode).not.toBe(429);
      }
      const codes: number[] = [];
      for (let i = 0; i < 7; i++)
        codes.push((await limited.app.inject({ method: 'GET', url: '/config.json' })).statusCode);
      expect(codes.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
      const res = await limited.app.inject({ method: 'GET', url: '/config.json' });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });

  it('serves the built web app under /lms with history fallback', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-dist-'));
    await fs.mkdir(path.join(dist, 'assets'));
    await fs.writeFile(path.join(dist, 'index.html'), '<!doctype html><title>Okuu</title>');
    await fs.writeFile(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    await fs.writeFile(path.join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {})');
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      for (const url of ['/', '/lms', '/lms/', '/lms/chat', '/lms/some/deep/path']) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('<title>Okuu</title>');
      }
      const asset = await web.app.inject({ method: 'GET', url: '/lms/assets/app-1234.js' });
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await web.app.inject({ method: 'GET', url: '/lms/assets/missing.js' })).statusCode).toBe(404);
      const sw = await web.app.inject({ method: 'GET', url: '/sw.js' });
      expect(sw.headers['service-worker-allowed']).toBe('/');
      expect(sw.headers['content-security-policy']).toContain("default-src 'self'");
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });

  it('sends the sign-in page and the portal’s their own copies of the page, in the language the app will choose', async () => {
    const dist = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-dist-'));
    for (const page of ['index', 'portal.ru', 'portal.kg', 'portal.en', 'login.ru', 'login.kg', 'login.en']) {
      await fs.writeFile(path.join(dist, `${page}.html`), `<!doctype html><title>${page}</title>`);
    }
    const web = await createTestApp({ WEB_DIST: dist });
    try {
      const pages: Record<string, string> = {
        '/': 'portal.ru',
        '/lms': 'portal.ru',
        '/lms/': 'portal.ru',
        '/lms/login': 'login.ru',
        '/lms/login?lang=en': 'login.en',
        '/lms?lang=kg': 'portal.kg',
        '/lms?lang=xx': 'portal.ru',
        '/lms?lang=../index': 'portal.ru',
        '/lms/news': 'portal.ru',
      };
      for (const [url, page] of Object.entries(pages)) {
        const res = await web.app.inject({ method: 'GET', url });
        expect(res.body, url).toContain(`<title>${page}</title>`);
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
      // The cookie the app keeps the choice in; the address wins over it.
      const cookie = { lang: 'kg' };
      expect((await web.app.inject({ method: 'GET', url: '/lms', cookies: cookie })).body).toContain('portal.kg');
      expect((await web.app.inject({ method: 'GET', url: '/lms/login?lang=en', cookies: cookie })).body).toContain(
        'login.en',
      );
      expect((await web.app.inject({ method: 'GET', url: '/lms', cookies: { lang: 'fr' } })).body).toContain(
        'portal.ru',
      );
    } finally {
      await web.close();
      await fs.rm(dist, { recursive: true, force: true });
    }
  });
});
