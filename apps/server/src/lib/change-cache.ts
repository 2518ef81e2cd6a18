import { LRUCache } from 'lru-cache';

/**
 * Answers many readers share (a news feed page, a library search), kept ready: at a semester start thousands of
 * students asking the same thing cost a handful of queries, not thousands.
 *
 * The owner empties it on any change of what it holds (its subscription to the change path): a change made on this
 * instance at its commit, one made on another instance as soon as that instance's announcement arrives. The time
 * limit only bounds what no change announces (an author's new name, say).
 */
export function createChangeCache<T>(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new LRUCache<string, { value: Promise<T> }>({ max: opts.maxEntries, ttl: Math.max(opts.ttlMs, 1) });

  return {
    /**
     * The entry under `key`, or the one `load` makes. Callers asking together while it loads share the one load. A
     * change while it loads takes the entry out (delete, clear): those who asked before get what was read, and the
     * next caller loads afresh.
     */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) return hit.value;
      if (opts.ttlMs <= 0) return load();
      const entry = { value: load() };
      entries.set(key, entry);
      entry.value.catch(() => {
        if (entries.peek(key) === entry) entries.delete(key);
      });
      return entry.value;
    },

    /** Forgets the entry under `key`: what it holds changed (a load under way is served but not kept). */
    delete(key: string) {
      entries.delete(key);
    },

    /** Forgets every entry: what it holds changed. */
    clear() {
      entries.clear();
    },
  };
}

export type ChangeCache<T> = ReturnType<typeof createChangeCache<T>>;
