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
  let generation = 0;

  return {
    /** The entry under `key`, or the one `load` makes. Callers asking together while it loads share the one load. */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const hit = entries.get(key);
      if (hit) return hit.value;
      if (opts.ttlMs <= 0) return load();
      const started = generation;
      const entry = { value: load() };
      entries.set(key, entry);
      entry.value.then(
        () => {
          // Loaded across a change: serve it to those who asked before the change, but keep nothing stale.
          if (started !== generation && entries.peek(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.peek(key) === entry) entries.delete(key);
        },
      );
      return entry.value;
    },

    /** Forgets the entry under `key`: what it holds changed (a load under way is served but not kept). */
    delete(key: string) {
      generation++;
      entries.delete(key);
    },

    /** Forgets every entry: what it holds changed. */
    clear() {
      generation++;
      entries.clear();
    },
  };
}

export type ChangeCache<T> = ReturnType<typeof createChangeCache<T>>;
