import type { SessionUser } from '@okuu/contracts/auth/user';
import type { QueryClient } from '@tanstack/react-query';
import { type Reply, sendCall } from './api';
import { clearSessionData, readStorage, storageKeys, writeStorage } from './storage';

export const LOGIN_PATH = '/lms/login';
export const sessionQueryKey = ['session'] as const;

/** The session check (`enticate` of the contracts; a test keeps the two equal), for starting it before they load. */
export const sessionCheck = { method: 'POST', path: '/api/auth/enticate.json' } as const;

let earlyCheck: Promise<Reply> | undefined;

/**
 * Starts the session check as the page starts, while the portal's code (and the contracts) still load: on a slow
 * network its round trip then overlaps theirs.
 */
export function startSessionCheck(): void {
  if (earlyCheck) return;
  earlyCheck = sendCall(sessionCheck, {});
  // Its failure is for the session query to report, whenever it takes the reply.
  earlyCheck.catch(() => {});
}

/** The reply of the check started early, once; undefined when none was started (or it was taken). */
export function takeSessionCheck(): Promise<Reply> | undefined {
  const check = earlyCheck;
  earlyCheck = undefined;
  return check;
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
  writeStorage(storageKeys.session, randomId());
  queryClient.setQueryData(sessionQueryKey, user);
}

/** Forget everything about the user in this browser. */
export function endSession(queryClient: QueryClient): void {
  clearSessionData();
  queryClient.clear();
}
