import { assertLocal } from './local.ts';

interface Envelope<T> {
  result: number;
  error: { code: string; message: string } | null;
  data: T;
}

/** Signs in through the public API and returns the session token. */
export async function signIn(baseUrl: string, login: string, password: string): Promise<string> {
  const url = new URL('/api/auth/orize.json', baseUrl).toString();
  assertLocal(url);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ login, password }),
    signal: AbortSignal.timeout(30_000),
  });
  const body = (await res.json()) as Envelope<unknown>;
  // The session is the HttpOnly cookie the sign-in sets.
  const token = /(?:^|,\s*)token=([^;,]+)/.exec(res.headers.getSetCookie().join(', '))?.[1];
  if (res.status !== 200 || body.result !== 0 || !token) {
    throw new Error(
      `Signing in as ${login} failed: HTTP ${res.status} ${body.error?.code ?? ''} ${body.error?.message ?? ''}`,
    );
  }
  return token;
}

/** Signs in every login, `concurrency` at a time; the tokens come back in the order of `logins`. */
export async function signInAll(
  baseUrl: string,
  logins: string[],
  password: string,
  concurrency = 8,
): Promise<string[]> {
  const tokens: string[] = new Array(logins.length);
  let next = 0;
  const worker = async () => {
    while (next < logins.length) {
      const i = next++;
      tokens[i] = await signIn(baseUrl, logins[i] as string, password);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, logins.length) }, worker));
  return tokens;
}

/** `count` student logins spread evenly over the demo university's `students - 1` numbered students. */
export function studentLogins(students: number, count: number): string[] {
  const numbered = students - 1;
  const n = Math.min(count, numbered);
  return Array.from({ length: n }, (_, i) => `student${1 + Math.floor((i * numbered) / n)}`);
}
