// No imports: the entry uses this before the contracts and the screens have loaded.

/**
 * The calls the portal's first screens make as they show. The entry starts them as the page starts (lib/api.ts,
 * `startEarlyCalls`), so their round trips overlap the download of the app's code. A test keeps each equal to its
 * contract.
 */

/** Every screen of the portal: who is signed in, the header's photo, the unread-messages badge. */
export const portalCalls = [
  { method: 'POST', path: '/api/auth/enticate.json' },
  { method: 'POST', path: '/misc/photo.json' },
  { method: 'POST', path: '/api/chat/count.json' },
] as const;

/** Home: its summary, the study period and the academic years. */
export const homeCalls = [
  { method: 'GET', path: '/api/home/summary.json' },
  { method: 'GET', path: '/api/discipline/current/year.json' },
  { method: 'GET', path: '/api/discipline/current/ws.json' },
  { method: 'GET', path: '/misc/years.json' },
  { method: 'GET', path: '/misc/defaultyear.json' },
] as const;

/** Whether a path opens the portal (not the sign-in screen, the offline notice, a public page nor the sandbox's). */
export const isPortalPath = (pathname: string) =>
  /^\/lms(\/|$)/.test(pathname) &&
  pathname !== '/lms/login' &&
  pathname !== '/lms/offline' &&
  !pathname.startsWith('/lms/public/') &&
  !pathname.startsWith('/lms/sandbox/');

/** Whether a path opens home. */
export const isHomePath = (pathname: string) => /^\/lms\/?$/.test(pathname);

/** The calls a visit that starts at this path makes first (none outside the portal). */
export function firstCallsOf(pathname: string): readonly { method: 'GET' | 'POST'; path: string }[] {
  if (!isPortalPath(pathname)) return [];
  return isHomePath(pathname) ? [...portalCalls, ...homeCalls] : portalCalls;
}
