import { enticate } from '@okuu/contracts/auth/enticate';
import { chatInsert } from '@okuu/contracts/chat/insert';
import { registry } from '@okuu/contracts/registry';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allowedCaller, signInAll } from '../../test/callers.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expectNothingStored, formBody } from '../../test/multipart.ts';

let t: TestApp;
let cookies: Awaited<ReturnType<typeof signInAll>>;
beforeAll(async () => {
  t = await createTestApp({ ALLOWED_ORIGINS: 'https://portal.example' });
  cookies = await signInAll(t);
});
afterAll(() => t.close());

/** A chat message to the caller's group, sent with the given browser headers. */
async function post(headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'POST',
    url: chatInsert.path,
    payload: formBody({ id_to: -1, text: 'hello' }, [{ name: 'a.txt', content: 'x' }]),
    headers: { cookie: cookies.student as string, host: 'portal.local:8080', ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

describe('cross-site request forgery', () => {
  const uploads = registry.filter((e) => e.requestKind === 'multipart');

  it.each(uploads.map((e) => [e.path, e] as const))(
    'refuses a forged cross-site upload to %s',
    async (_p, endpoint) => {
      await expectNothingStored(t, async () => {
        for (const headers of [
          { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
          // A page on another port of the same host: same site, another origin.
          { origin: 'http://portal.local:9999', 'sec-fetch-site': 'same-site' },
          { 'sec-fetch-site': 'cross-site' },
          { origin: 'null' },
        ]) {
          const res = await t.app.inject({
            method: 'POST',
            url: endpoint.path,
            payload: formBody({ id_to: -1, text: 'forged', audience: 'all' }, [{ name: 'a.txt', content: 'x' }]),
            headers: { cookie: cookies[allowedCaller(endpoint.access)] ?? '', host: 'portal.local:8080', ...headers },
          });
          expect(res.statusCode, JSON.stringify(headers)).toBe(403);
          expect(res.json().error.code).toBe('foreign_origin');
        }
      });
    },
  );

  it('refuses a cross-site JSON call too (logout)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout.json',
      payload: {},
      headers: { cookie: cookies.teacher as string, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(res.statusCode).toBe(403);
    expect((await t.call(enticate, {}, { cookie: cookies.teacher })).status).toBe(200);
  });

  it("lets the portal's own pages, configured origins and clients that are not browsers through", async () => {
    expect((await post({ origin: 'http://portal.local:8080', 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    expect((await post({})).status).toBe(200); // curl, another server
    expect((await post({ origin: 'https://portal.example', 'sec-fetch-site': 'same-site' })).status).toBe(200);
    // A configured origin still never passes as cross-site.
    expect((await post({ origin: 'https://portal.example', 'sec-fetch-site': 'cross-site' })).status).toBe(403);
  });

  it('reads nothing of a refused request', async () => {
    const res = await post({ origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' });
    expect(res.body).toMatchObject({ result: 1, data: null, error: { code: 'foreign_origin' } });
  });
});
