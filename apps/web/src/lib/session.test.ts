import { enticate } from '@okuu/contracts/auth/enticate';
import { chatCount } from '@okuu/contracts/chat/count';
import { currentHalfYear, currentYear } from '@okuu/contracts/discipline/current';
import { homeSummary } from '@okuu/contracts/home/summary';
import { photo } from '@okuu/contracts/misc/photo';
import { defaultYear, years } from '@okuu/contracts/misc/years';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, testStudent as student } from '../test/render';
import { ApiError, callApi, dropEarlyCalls, startEarlyCalls } from './api';
import { firstCallsOf, homeCalls, portalCalls } from './first-calls';
import { endSession, startSession } from './session';
import { rememberedUser, sessionQuery } from './use-session';

afterEach(() => {
  dropEarlyCalls();
});

const addressOf = (endpoint: { method: string; path: string }) => ({ method: endpoint.method, path: endpoint.path });

describe('the calls started as the page starts', () => {
  it('are those of the contracts the first screens call', () => {
    expect(portalCalls).toEqual([enticate, photo, chatCount].map(addressOf));
    expect(homeCalls).toEqual([homeSummary, currentYear, currentHalfYear, years, defaultYear].map(addressOf));
  });

  it('are those of the screen the visit starts at: home’s, another portal screen’s, none elsewhere', () => {
    expect(firstCallsOf('/lms')).toEqual([...portalCalls, ...homeCalls]);
    expect(firstCallsOf('/lms/')).toEqual([...portalCalls, ...homeCalls]);
    expect(firstCallsOf('/lms/news')).toEqual(portalCalls);
    for (const path of ['/lms/login', '/lms/offline', '/lms/public/verify/AAAA-BBBB-CCCC', '/', '/docs'])
      expect(firstCallsOf(path), path).toEqual([]);
  });

  it('answer the session query, so the page asks once', async () => {
    const calls = fakeServer({ '/api/auth/enticate.json': { data: { user: student } } });
    startEarlyCalls(portalCalls.slice(0, 1));
    startEarlyCalls(portalCalls.slice(0, 1));
    const queryClient = new QueryClient();
    await expect(queryClient.fetchQuery(sessionQuery)).resolves.toEqual(student);
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/enticate.json']);

    // A later check (after a sign-in, say) asks again.
    await queryClient.refetchQueries({ queryKey: sessionQuery.queryKey });
    expect(calls).toHaveLength(2);
  });

  it('report a failure through the query, checked like any reply', async () => {
    fakeServer({ '/api/auth/enticate.json': { status: 401, error: { code: 'unauthenticated', message: 'Sign in' } } });
    startEarlyCalls(portalCalls.slice(0, 1));
    const failure = await new QueryClient().fetchQuery(sessionQuery).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(401);
  });

  it('are forgotten at sign-in: the new session’s screens ask again', async () => {
    const calls = fakeServer({
      '/misc/photo.json': { status: 401, error: { code: 'unauthenticated', message: 'Sign in' } },
    });
    startEarlyCalls(portalCalls);
    const queryClient = new QueryClient();
    startSession(queryClient, student);
    await callApi(photo, {}).catch(() => {});
    expect(calls.filter((call) => call.path === '/misc/photo.json')).toHaveLength(2);
  });

  it('are forgotten at logout: the next user’s screens ask again', async () => {
    const calls = fakeServer({ '/api/auth/enticate.json': { data: { user: student } } });
    startEarlyCalls(portalCalls.slice(0, 1));
    const queryClient = new QueryClient();
    endSession();
    await queryClient.fetchQuery(sessionQuery);
    expect(calls).toHaveLength(2);
  });
});

describe('the session of a portal opened offline', () => {
  const unreachable = () =>
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('is the user last confirmed by the server when the server cannot be reached, on every screen', async () => {
    startSession(new QueryClient(), student);
    expect(rememberedUser()).toEqual(student);
    unreachable();
    for (const path of ['/lms/schedule', '/lms/transcript', '/lms/journal', '/lms']) {
      window.history.replaceState(null, '', path);
      await expect(new QueryClient().fetchQuery(sessionQuery), path).resolves.toEqual(student);
    }
  });

  it('is not without a remembered user, nor when the server refuses it', async () => {
    startSession(new QueryClient(), student);
    window.history.replaceState(null, '', '/lms/schedule');
    fakeServer({ '/api/auth/enticate.json': { status: 401, error: { code: 'unauthenticated', message: 'Sign in' } } });
    await expect(new QueryClient().fetchQuery(sessionQuery)).rejects.toMatchObject({ status: 401 });

    endSession();
    expect(rememberedUser()).toBeNull();
    unreachable();
    await expect(new QueryClient().fetchQuery(sessionQuery)).rejects.toBeInstanceOf(ApiError);
  });

  it('is remembered from each confirmation of the server', async () => {
    fakeServer({ '/api/auth/enticate.json': { data: { user: { ...student, fullName: 'Новое Имя' } } } });
    window.localStorage.setItem('token', 'x');
    await new QueryClient().fetchQuery(sessionQuery);
    expect(rememberedUser()?.fullName).toBe('Новое Имя');
  });
});
