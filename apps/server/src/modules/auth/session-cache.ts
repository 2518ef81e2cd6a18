import { LRUCache } from 'lru-cache';
import type { AuthUser } from '../../lib/session.ts';

/**
 * A short-lived, per-instance cache of session lookups. The database stays the record of every session: an entry
 * lives a few seconds at most (never past the session's expiry), and every revocation reaches every instance at once
 * through the change path (topic `sessions`), so a revoked token stops working everywhere immediately.
 */
export function createSessionCache(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new LRUCache<string, AuthUser>({ max: opts.maxEntries, ttl: Math.max(opts.ttlMs, 1) });
  return {
    get: (key: string): AuthUser | null => entries.get(key) ?? null,
    set(key: string, user: AuthUser) {
      const ttl = Math.min(opts.ttlMs, user.sessionExpiresAt.getTime() - Date.now());
      if (ttl > 0) entries.set(key, user, { ttl });
    },
    forgetSession(key: string) {
      entries.delete(key);
    },
    forgetAll() {
      entries.clear();
    },
    forgetUser(userId: number) {
      for (const [key, user] of entries.entries()) if (user.id === userId) entries.delete(key);
    },
  };
}

export type SessionCache = ReturnType<typeof createSessionCache>;
