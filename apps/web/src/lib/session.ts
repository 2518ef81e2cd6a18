import type { SessionUser } from '@okuu/contracts/auth/user';
import type { QueryClient } from '@tanstack/react-query';
import { dropEarlyCalls } from './api';
import { clearSessionData, readStorage, storageKeys, writeStorage } from './storage';

export const LOGIN_PATH = '/lms/login';
export const sessionQueryKey = ['session'] as const;

/** Keeps the user the server confirmed (names and role only: the session itself is the HttpOnly cookie). */
export function rememberUser(user: SessionUser): void {
  writeStorage(storageKeys.user, JSON.stringify(user));
}

/**
 * Where a page that stands in for another (sign-in, the offline notice) returns to: the portal page in `?next=` (a
 * path of the portal, never another site), else home.
 */
export function returnPath(search: string = window.location.search): string {
  const next = new URLSearchParams(search).get('next');
  return next && /^\/lms\/[^/\\]/.test(next) && !next.startsWith(LOGIN_PATH) ? next : '/lms';
}

/** Whether a sign-in left its local token: only then is the cookie session worth checking. */
export function hasStoredSession(): boolean {
  return readStorage(storageKeys.session) !== null;
}

function randomId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** After a successful sign-in: store a random local token (a session exists) and keep the user. */
export function startSession(queryClient: QueryClient, user: SessionUser): void {
  // Calls started before the sign-in (the page's first, refused) are not this session's.
  dropEarlyCalls();
  writeStorage(storageKeys.session, randomId());
  rememberUser(user);
  queryClient.setQueryData(sessionQueryKey, user);
}

/**
 * Forget the user in this browser: the stored session and the calls started for it. (Their data leave the cache with
 * the portal, once it is no longer shown: see PortalLayout.)
 */
export function endSession(): void {
  clearSessionData();
  dropEarlyCalls();
}
