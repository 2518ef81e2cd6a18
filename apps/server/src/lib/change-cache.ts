/**
 * Answers many readers share (a news feed page, a library search), kept ready: at a semester start thousands of
 * students asking the same thing cost a handful of queries, not thousands.
 *
 * The owner empties it on any change of what it holds: a change made on this instance before its call returns, one
 * made on another instance as soon as that instance's NOTIFY arrives. The time limit only bounds what no event
 * announces (an author's new name, say).
 */
export function createChangeCache<T>(opts: { ttlMs: number; maxEntries: number }) {
  const entries = new Map<string, { value: Promise<T>; until: number }>();
  let generation = 0;

  return {
    /** The entry under `key`, or the one `load` makes. Callers asking together while it loads share the one load. */
    get(key: string, load: () => Promise<T>): Promise<T> {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (opts.ttlMs <= 0) return load();
      if (entries.size >= opts.maxEntries) {
        // Maps iterate in insertion order: drop the oldest entry.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      const started = generation;
      const value = load();
      const entry = { value, until: now + opts.ttlMs };
      entries.set(key, entry);
      value.then(
        () => {
          // Loaded across a change: serve it to those who asked before the change, but keep nothing stale.
          if (started !== generation && entries.get(key) === entry) entries.delete(key);
        },
        () => {
          if (entries.get(key) === entry) entries.delete(key);
        },
      );
      return value;
    },

    /** Forgets every entry: what it holds changed. */
    clear() {
      generation++;
      entries.clear();
    },
  };
}

export type ChangeCache<T> = ReturnType<typeof createChangeCache<T>>;
