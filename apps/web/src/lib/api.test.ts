import { logo } from '@okuu/contracts/misc/logo';
import { profileData } from '@okuu/contracts/profile/profile-data';
import { describe, expect, it, vi } from 'vitest';
import { fakeServer } from '../test/render';
import { ApiError, callApi, REQUEST_TIMEOUT_MS, setUnauthorizedHandler } from './api';
import { errorMessage } from './error-message';

const logoData = {
  logo: '/logo.image',
  width: 30,
  name: 'Университет',
  nameKg: '',
  nameEn: 'University',
  fontsize: 16,
};

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('api client', () => {
  it('sends JSON and unwraps the envelope', async () => {
    fakeServer({ '/logo.json': { data: logoData } });
    await expect(callApi(logo, {})).resolves.toEqual(logoData);
    const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(url).toBe('/logo.json');
    expect(init).toMatchObject({
      method: 'GET',
      credentials: 'same-origin',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    });
  });

  it('carries the error code, the status and the category of a failure', async () => {
    fakeServer({ '/logo.json': { status: 429, error: { code: 'rate_limited', message: 'Slow down' } } });
    const error = await failure(callApi(logo, {}));
    expect([error.code, error.status, error.category]).toEqual(['rate_limited', 429, 'CLIENT_ERROR']);

    fakeServer({ '/logo.json': { status: 503, error: { code: 'unavailable', message: 'Down' } } });
    expect((await failure(callApi(logo, {}))).category).toBe('SERVER_ERROR');
  });

  it("loads the fields' labels before a refusal of the input reaches the screen", async () => {
    fakeServer({
      '/logo.json': {
        status: 400,
        error: {
          code: 'validation',
          message: 'Bad',
          issues: [{ path: ['newlog'], rule: 'too_short', params: { min: 3 } }],
        },
      },
    });
    expect(errorMessage(await failure(callApi(logo, {})))).toBe('Новый логин: не менее 3 символов.');
  });

  it('rejects a reply that does not match the contract', async () => {
    fakeServer({ '/logo.json': { data: { logo: 42 } } });
    expect((await failure(callApi(logo, {}))).category).toBe('UNKNOWN_ERROR');
  });

  it('tells a connection problem from an offline browser', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    expect((await failure(callApi(logo, {}))).category).toBe('CONNECTION_ERROR');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect((await failure(callApi(logo, {}))).category).toBe('NETWORK_ERROR');
  });

  it('gives up after 30 s, and tells a cancelled call apart', async () => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise((_resolve, reject) => init.signal?.addEventListener('abort', () => reject(new Error('aborted')))),
      ),
    );
    const timedOut = failure(callApi(logo, {}));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect((await timedOut).category).toBe('TIMEOUT_ERROR');
    vi.useRealTimers();

    const controller = new AbortController();
    const cancelled = failure(callApi(logo, {}, { signal: controller.signal }));
    controller.abort();
    expect((await cancelled).category).toBe('CANCEL_ERROR');
  });

  it('reports a 401 of a signed-in call, but not of a public one', async () => {
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    const unauthenticated = { status: 401, error: { code: 'unauthenticated', message: 'Sign in' } };
    fakeServer({ '/logo.json': unauthenticated, '/api/profile/data.json': unauthenticated });

    await failure(callApi(logo, {}));
    expect(onUnauthorized).not.toHaveBeenCalled();
    await failure(callApi(profileData, {}));
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });
});
