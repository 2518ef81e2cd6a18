/** Keys of what the portal keeps in the browser's local storage. */
export const storageKeys = {
  /** A random identifier stored after a successful sign-in: "a session exists" (the real token is an HttpOnly cookie). */
  session: 'token',
  language: 'lang',
  colorScheme: 'theme',
  academicYear: 'year',
  /** The signed-in user as last confirmed by the server, for the screens that open offline. */
  user: 'user',
  /** Kept schedules, one per user, role, year and half-year: 'schedule:<uid>:<role>:<year>:<ws>'. */
  schedule: 'schedule',
  /** Whether a user keeps the desktop's contacts and applications column on wide screens: 'panel:<uid>'. */
  panel: 'panel',
  /** The last home summary of a user, shown offline: 'home:<uid>'. */
  home: 'home',
  /** A test attempt taken on this device: its questions and the answers not yet sent, 'testing:<attempt>'. */
  testing: 'testing',
  /** The one-time offer of push on this device: 'dismissed' ("not now") or 'done' (push turned on from it). */
  pushPrompt: 'pushPrompt',
} as const;

type StorageKey =
  | Exclude<
      (typeof storageKeys)[keyof typeof storageKeys],
      typeof storageKeys.schedule | typeof storageKeys.panel | typeof storageKeys.home | typeof storageKeys.testing
    >
  | `${typeof storageKeys.schedule}:${string}`
  | `${typeof storageKeys.home}:${string}`
  | `${typeof storageKeys.panel}:${string}`
  | `${typeof storageKeys.testing}:${string}`;

/** Stored data that belongs to the signed-in user; logout removes it (language and theme stay). */
const sessionData: readonly StorageKey[] = [storageKeys.session, storageKeys.academicYear, storageKeys.user];
export function readStorage(key: StorageKey): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: StorageKey, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage can be unavailable (private mode, quota): the portal still works for this page view.
  }
}

/** The stored keys that start with `prefix`. */
export function storedKeys(prefix: string): string[] {
  if (typeof window === 'undefined') return [];
  try {
    return Object.keys(window.localStorage).filter((key) => key.startsWith(prefix));
  } catch {
    return [];
  }
}

export function clearSessionData(): void {
  for (const key of [
    ...sessionData,
    ...storedKeys(`${storageKeys.schedule}:`),
    ...storedKeys(`${storageKeys.home}:`),
    ...storedKeys(`${storageKeys.testing}:`),
  ]) {
    try {
      window.localStorage.removeItem(key);
    } catch {
      // See writeStorage.
    }
  }
}

export function removeStorage(key: StorageKey): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // See writeStorage.
  }
}

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return decodeURIComponent(value.join('='));
  }
  return null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds: number): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from browsers the portal supports.
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax`;
}
