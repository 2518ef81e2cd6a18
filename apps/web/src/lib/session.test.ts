import { enticate } from '@okuu/contracts/auth/enticate';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeServer, testStudent as student } from '../test/render';
import { ApiError } from './api';
import { sessionCheck, startSessionCheck, takeSessionCheck } from './session';
import { sessionQuery } from './use-session';

afterEach(() => {
  takeSessionCheck();
});

describe('the early session check', () => {
  it('calls the address and method of the contract', () => {
    expect(sessionCheck).toEqual({ method: enticate.method, path: enticate.path });
  });

  it('is the session query’s first answer, so the page asks once', async () => {
    const calls = fakeServer({ '/api/auth/enticate.json': { data: { user: student } } });
    startSessionCheck();
    startSessionCheck();
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(sessionQuery)).resolves.toEqual(student);
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/enticate.json']);

    // A later check (after a sign-in, say) asks again.
    await queryClient.refetchQueries({ queryKey: sessionQuery.queryKey });
    expect(calls).toHaveLength(2);
  });

  it('reports its failure through the query, checked like any reply', async () => {
    fakeServer({ '/api/auth/enticate.json': { status: 401, error: { code: 'unauthenticated', message: 'Sign in' } } });
    startSessionCheck();
    const failure = await new QueryClient().fetchQuery(sessionQuery).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
  });
});
