import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** How often an instance adds its counts to the shared ones (and learns the others'). */
export const shareEveryMs = 1000;
const minuteMs = 60_000;

interface Count {
  minute: number;
  /** Requests counted here since the last share. */
  local: number;
  /** The total of every instance at the last share. */
  shared: number;
}

type Reply = { current: number; ttl: number };

/**
 * A store for @fastify/rate-limit whose counts are those of every instance together: requests per key and minute
 * (fixed minutes of the clock) are counted in memory, and once a second each instance adds what it counted to the
 * table `request_counts` and reads back the totals. A request costs no query; the limit is exact across instances to
 * within a second's requests.
 */
export function createSharedRateLimitStore(db: Db, onError: (err: unknown) => void) {
  const counts = new Map<string, Count>();
  // One share at a time: a slow database must not stack them up.
  let sharing = false;

  async function share(now = Date.now()): Promise<void> {
    const minute = Math.floor(now / minuteMs);
    const due = [...counts].filter(([, c]) => c.minute === minute && c.local > 0);
    for (const [key, c] of counts) if (c.minute < minute) counts.delete(key);
    if (due.length === 0) return;
    const adds = due.map(([, c]) => c.local);
    const batch = JSON.stringify(due.map(([key, c]) => ({ k: key, n: c.local })));
    for (const [, c] of due) c.local = 0;
    try {
      const { rows } = (await db.execute(
        sql`insert into request_counts (key, minute, count)
            select k, ${minute}, n from json_to_recordset(${batch}::json) as t(k text, n int)
            on conflict (key, minute) do update set count = request_counts.count + excluded.count
            returning key, count`,
      )) as unknown as { rows: { key: string; count: number }[] };
      for (const row of rows) {
        const c = counts.get(row.key);
        if (c && c.minute === minute) c.shared = row.count;
      }
      // Minutes past are of no use to anyone (any instance may sweep them).
      await db.execute(sql`delete from request_counts where minute < ${minute - 1}`);
    } catch (err) {
      // Not shared this time: the counts go with the next share.
      due.forEach(([, c], i) => {
        c.local += adds[i] ?? 0;
      });
      onError(err);
    }
  }

  const timer = setInterval(() => {
    if (sharing) return;
    sharing = true;
    share().finally(() => {
      sharing = false;
    });
  }, shareEveryMs);
  timer.unref();

  function incr(key: string, cb: (err: Error | null, reply: Reply) => void): void {
    const now = Date.now();
    const minute = Math.floor(now / minuteMs);
    let c = counts.get(key);
    if (!c || c.minute !== minute) {
      c = { minute, local: 0, shared: 0 };
      counts.set(key, c);
    }
    c.local++;
    cb(null, { current: c.shared + c.local, ttl: (minute + 1) * minuteMs - now });
  }

  /** The plugin's store class (it makes one per route with its own settings; all share these counts). */
  class SharedStore {
    incr(key: string, cb: (err: Error | null, reply: Reply) => void): void {
      incr(key, cb);
    }
    child(): SharedStore {
      return new SharedStore();
    }
  }

  return {
    Store: SharedStore,
    /** Shares now (tests; a stopping server). */
    share,
    stop(): void {
      clearInterval(timer);
    },
  };
}
