import type { AuthUser } from '../../lib/session.ts';

/**
 * A short-lived, per-instance cache of session lookups. The database stays the record of every session: an entry
 * lives a few seconds at most (never past the session's expiry), and every revocation reaches every instance at once
 * through the database's NOTIFY (see `createAuthService`), so a revoked token stops working everywhere immediately.
 */
export function createSessionCache(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { user: AuthUser; until: number }>();
  return {
    get(key: string): AuthUser | null {
      const hit = entries.get(key);
      if (!hit) return null;
      if (hit.until <= Date.now()) {
        entries.delete(key);
        return null;
      }
      return hit.user;
    },
    set(key: string, user: AuthUser) {
      if (opts.ttlMs <= 0) return;
      if (entries.size >= opts.maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { user, until: Math.min(Date.now() + opts.ttlMs, user.sessionExpiresAt.getTime()) });
    },
    forgetSession(key: string) {
      entries.delete(key);
    },
    forgetAll() {
      entries.clear();
    },
    forgetUser(userId: number) {
      for (const [key, entry] of entries) if (entry.user.id === userId) entries.delete(key);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
