import { MantineProvider } from '@mantine/core';
import type { SessionUser } from '@okuu/contracts/auth/user';
import type { ApiError } from '@okuu/contracts/errors';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { theme } from '../app/theme';
import { sessionQueryKey } from '../lib/session';

/** A signed-in student of the demo's first group, for tests that need one. */
export const testStudent: SessionUser = {
  id: 1,
  uid: 1,
  role: 2,
  login: 'student1',
  fullName: 'Асанова Айгерим',
  group: 'ПИ-1-26',
  position: null,
  facultyId: 1,
  newsPerms: false,
};

/** Any other page: its path, so a test can see where a link or a navigation led. */
function Elsewhere() {
  return <p>page {useLocation().pathname}</p>;
}

/**
 * Renders `ui` at `path` (a query string included) with the app's providers; '/lms' shows a marker so a test can see the navigation, and any
 * other page its path.
 * With `user`, that user is signed in (the session is known, as inside the portal layout).
 */
export function renderAt(path: string, ui: ReactElement, options: { user?: SessionUser } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (options.user) queryClient.setQueryData(sessionQueryKey, options.user);
  return render(
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={path.split('?')[0]} element={ui} />
            <Route path="/lms" element={<p>portal home</p>} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

export interface FakeReply {
  status?: number;
  data?: unknown;
  error?: ApiError;
}

/**
 * Replaces fetch with a fake server: `routes` maps a path to its reply (or a function of the JSON body).
 * Returns the calls made, in order, with their bodies and headers.
 */
export function fakeServer(routes: Record<string, FakeReply | ((body: Record<string, unknown>) => FakeReply)>) {
  const calls: { path: string; body: Record<string, unknown>; headers: Headers; at: number }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ path, body, headers: new Headers(init?.headers), at: performance.now() });
      const route = routes[path];
      if (!route)
        return new Response(JSON.stringify({ result: 1, error: { code: 'not_found' }, data: null }), { status: 404 });
      const reply = typeof route === 'function' ? route(body) : route;
      const status = reply.status ?? 200;
      const failed = status >= 400 || reply.error;
      return new Response(
        JSON.stringify({ result: failed ? 1 : 0, error: reply.error ?? null, data: reply.data ?? null }),
        { status, headers: { 'Content-Type': 'application/json' } },
      );
    }),
  );
  return calls;
}
