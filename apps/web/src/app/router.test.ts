import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unreadCountQuery } from '../features/chat/api/get-unread-count';
import { yearsQuery } from '../features/misc/api/get-years';
import { photoQuery } from '../features/profile/api/get-photo';
import { dropEarlyCalls } from '../lib/api';
import { storageKeys, writeStorage } from '../lib/storage';
import { sessionQuery } from '../lib/use-session';
import { fakeServer, testStudent } from '../test/render';
import { menuOf } from './menu';
import { queryClient } from './query-client';
import { hasScreen, preloadFirstScreen } from './router';

const replies = {
  '/api/auth/enticate.json': { data: { user: testStudent } },
  '/misc/photo.json': { data: { url: null } },
  '/api/chat/count.json': { data: { count: 3 } },
  '/api/discipline/current/year.json': { data: { year: 2026, name: '2026-27' } },
  '/api/discipline/current/ws.json': { data: { ws: 1 } },
  '/misc/years.json': { data: [{ id: 2026, name: '2026-27' }] },
  '/misc/defaultyear.json': { data: { id: 2026, name: '2026-27' } },
};

/** The fake server's replies, the one to `slowPath` `delayMs` later. */
function serverWithSlowCall(slowPath: string, delayMs: number) {
  fakeServer(replies);
  const answer = globalThis.fetch;
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    if (new URL(url, 'http://localhost').pathname === slowPath) await new Promise((r) => setTimeout(r, delayMs));
    return answer(url, init);
  });
}

beforeEach(() => {
  writeStorage(storageKeys.session, 'test');
});

afterEach(() => {
  dropEarlyCalls();
  queryClient.clear();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the first screen of the portal', () => {
  it('waits for its data, so that its first picture is drawn once, complete', async () => {
    serverWithSlowCall('/misc/photo.json', 150);
    await preloadFirstScreen('/lms');
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toEqual(testStudent);
    expect(queryClient.getQueryData(photoQuery.queryKey)).toEqual({ url: null });
    expect(queryClient.getQueryData(unreadCountQuery.queryKey)).toBe(3);
    expect(queryClient.getQueryData(yearsQuery.queryKey)).toEqual([{ id: 2026, name: '2026-27' }]);
  });

  it('does not wait long for a slow call: that part shows its own loading state', async () => {
    serverWithSlowCall('/misc/photo.json', 3000);
    const started = performance.now();
    await preloadFirstScreen('/lms');
    expect(performance.now() - started).toBeLessThan(2000);
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toEqual(testStudent);
    expect(queryClient.getQueryData(yearsQuery.queryKey)).toBeDefined();
    expect(queryClient.getQueryData(photoQuery.queryKey)).toBeUndefined();
  });

  it('waits for who is signed in, however long that takes', async () => {
    serverWithSlowCall('/api/auth/enticate.json', 600);
    await preloadFirstScreen('/lms');
    expect(queryClient.getQueryData(sessionQuery.queryKey)).toEqual(testStudent);
  });
});

describe('the menus', () => {
  it("lead every role to screens of the route table, never to a placeholder or 'not found'", () => {
    for (const role of [1, 2, 3]) {
      const menu = menuOf(role);
      for (const entry of [...menu.entries, ...menu.staff]) expect(hasScreen(entry.path), entry.path).toBe(true);
    }
    expect(hasScreen('/lms/no-such-screen')).toBe(false);
  });
});
