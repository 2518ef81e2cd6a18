// No imports: the web app's entry uses this before its contracts and screens have loaded.

/**
 * The calls the portal's first screens make as they show, by address. The server answers them within the page it
 * sends (in the element `firstRepliesElementId`, when the visitor is signed in); the web app's entry takes the replies
 * from there, or else starts the calls itself before the screens' code has loaded. A test keeps each equal to its
 * contract.
 */

/** Every screen of the portal: who is signed in, the header's photo, the unread-messages badge. */
export const portalCalls = [
  { method: 'POST', path: '/api/auth/enticate.json' },
  { method: 'POST', path: '/misc/photo.json' },
  { method: 'POST', path: '/api/chat/count.json' },
] as const;

/** Home: the study period and the academic years. */
export const homeCalls = [
  { method: 'GET', path: '/api/discipline/current/year.json' },
  { method: 'GET', path: '/api/discipline/current/ws.json' },
  { method: 'GET', path: '/misc/years.json' },
  { method: 'GET', path: '/misc/defaultyear.json' },
] as const;

/** The id of the page's `<script type="application/json">` element with the replies of the first calls. */
export const firstRepliesElementId = 'first-replies';

/** A first call's reply as the page carries it: the HTTP status and the JSON envelope. */
export interface FirstReply {
  method: 'GET' | 'POST';
  path: string;
  status: number;
  envelope: unknown;
}

/** Whether a path opens the portal (not the sign-in screen, the offline notice nor a public page). */
export const isPortalPath = (pathname: string) =>
  /^\/lms(\/|$)/.test(pathname) &&
  pathname !== '/lms/login' &&
  pathname !== '/lms/offline' &&
  !pathname.startsWith('/lms/public/');

/** Whether a path opens home. */
export const isHomePath = (pathname: string) => /^\/lms\/?$/.test(pathname);

/** The calls a visit that starts at this path makes first (none outside the portal). */
export function firstCallsOf(pathname: string): readonly { method: 'GET' | 'POST'; path: string }[] {
  if (!isPortalPath(pathname)) return [];
  return isHomePath(pathname) ? [...portalCalls, ...homeCalls] : portalCalls;
}
