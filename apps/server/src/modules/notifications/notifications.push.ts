import type { NotificationKind } from '@okuu/contracts/notifications/kinds';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import type { Db } from '../../db/client.ts';
import { pushPayload } from './notifications.texts.ts';

/** The portal's VAPID keys (base64url). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

async function rowsOf<T>(db: Pick<Db, 'execute'>, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The keys kept in the database; made at the first start (the first instance to store its pair wins). */
export async function loadVapidKeys(db: Db): Promise<VapidKeys> {
  const read = () =>
    rowsOf<VapidKeys>(
      db,
      sql`select public_key as "publicKey", private_key as "privateKey" from push_keys where id = 1`,
    );
  const [kept] = await read();
  if (kept) return kept;
  const made = webpush.generateVAPIDKeys();
  await db.execute(
    sql`insert into push_keys (id, public_key, private_key) values (1, ${made.publicKey}, ${made.privateKey})
      on conflict (id) do nothing`,
  );
  const [stored] = await read();
  if (!stored) throw new Error('The VAPID keys were not stored');
  return stored;
}

interface Claimed {
  id: number;
  personId: number;
  kind: NotificationKind;
  params: Record<string, unknown>;
  attempts: number;
  /** When this person last got a push of this kind, if within the last minute (now, if one is being sent). */
  lastSent: string | null;
}

interface Subscription {
  id: number;
  personId: number;
  sessionId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/** How long a claimed push is the claimer's: another instance takes it after that (the claimer died). */
const leaseSec = 120;
/** Pushes of one kind to one person within this long fold into one. */
const foldSec = 60;
/** Tries before a push is given up. */
const maxAttempts = 8;
const batch = 100;
const sendTimeoutMs = 10_000;
/** The advisory lock that makes claims one at a time across instances. */
const claimLock = 727276;

/** The wait before try `attempt` + 1: 5 s, 10 s, 20 s … at most an hour. */
export const backoffSec = (attempt: number) => Math.min(3600, 5 * 2 ** Math.max(0, attempt - 1));

/**
 * The push sender: a durable queue in PostgreSQL (the 'push' notifications). Any instance takes due pushes with
 * `FOR UPDATE SKIP LOCKED` and a lease, so each is sent by one instance once (a crash mid-send leaves it to be taken
 * again when the lease ends); a push service's refusal is retried with back-off; 404/410 forgets the subscription.
 * Pushes of one kind to one person within a minute of the last fold into one, sent when the minute is up.
 */
export function createPushSender(deps: {
  db: Db;
  keys: () => Promise<VapidKeys>;
  subject: string;
  /** Of these sessions, the live ones: a subscription ends with the session that made it. */
  liveSessions: (ids: readonly number[]) => Promise<Set<number>>;
  onError: (err: unknown) => void;
  everyMs?: number;
}) {
  const { db } = deps;

  /**
   * Claims are taken one instance at a time: the fold check below must see another instance's claim of the same
   * person and kind, which a statement running beside it would not (its snapshot predates that claim's commit).
   */
  async function claim(): Promise<Claimed[]> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${claimLock})`);
      return rowsOf<Claimed>(
        tx,
        sql`with due as (
          select id from notifications
          where channel = 'push' and sent_at is null and next_at <= now()
          order by next_at, id limit ${batch}
          for update skip locked)
        update notifications n set attempts = n.attempts + 1, next_at = now() + make_interval(secs => ${leaseSec})
        from due where n.id = due.id
        returning n.id::float8 as id, n.person_id as "personId", n.kind, n.params, n.attempts,
          (select greatest(
              max(o.sent_at) filter (where o.sent_at > now() - make_interval(secs => ${foldSec})),
              max(now()) filter (where o.sent_at is null and o.attempts > 0 and o.next_at > now()))::text
            from notifications o where o.person_id = n.person_id and o.kind = n.kind and o.channel = 'push'
              and o.id <> n.id) as "lastSent"`,
      );
    });
  }

  async function subscriptionsOf(personIds: number[]): Promise<Subscription[]> {
    if (!personIds.length) return [];
    const subs = await rowsOf<Subscription>(
      db,
      sql`select id, person_id as "personId", session_id as "sessionId", endpoint, p256dh, auth, lang
        from push_subscriptions where person_id = any(${`{${personIds.join(',')}}`}::int[])`,
    );
    const live = await deps.liveSessions([...new Set(subs.map((s) => s.sessionId))]);
    const ended = subs.filter((s) => !live.has(s.sessionId)).map((s) => s.id);
    if (ended.length) await forget(ended);
    return subs.filter((s) => live.has(s.sessionId));
  }

  async function forget(subscriptionIds: number[]) {
    await db.execute(sql`delete from push_subscriptions where id = any(${`{${subscriptionIds.join(',')}}`}::int[])`);
  }

  /** Sends one push to one device: 'sent', 'gone' (404/410: the subscription is no more) or 'failed'. */
  async function sendOne(sub: Subscription, payload: object, keys: VapidKeys): Promise<'sent' | 'gone' | 'failed'> {
    const details = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject: deps.subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: 24 * 3600,
        contentEncoding: 'aes128gcm',
      },
    );
    try {
      const res = await fetch(details.endpoint, {
        method: details.method,
        headers: details.headers as Record<string, string>,
        body: details.body as Buffer,
        signal: AbortSignal.timeout(sendTimeoutMs),
      });
      await res.arrayBuffer().catch(() => {});
      if (res.status === 404 || res.status === 410) return 'gone';
      return res.ok ? 'sent' : 'failed';
    } catch {
      return 'failed';
    }
  }

  /** One round: claims due pushes and sends them; answers how many it took. */
  async function round(): Promise<number> {
    const claimed = await claim();
    if (!claimed.length) return 0;
    // Folded: one push per person and kind. A person who got this kind within the minute waits for the minute's end.
    const groups = new Map<string, Claimed[]>();
    const deferred: { ids: number[]; at: string }[] = [];
    for (const c of claimed) {
      const key = `${c.personId}:${c.kind}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    for (const [key, list] of groups) {
      const last = list[0]?.lastSent;
      if (last && list.every((c) => c.attempts === 1)) {
        deferred.push({ ids: list.map((c) => c.id), at: last });
        groups.delete(key);
      }
    }
    for (const d of deferred) {
      await db.execute(
        sql`update notifications set attempts = attempts - 1,
            next_at = ${d.at}::timestamptz + make_interval(secs => ${foldSec})
          where id = any(${`{${d.ids.join(',')}}`}::bigint[])`,
      );
    }
    if (!groups.size) return claimed.length;
    const keys = await deps.keys();
    const subs = await subscriptionsOf([...new Set([...groups.values()].map((l) => (l[0] as Claimed).personId))]);
    const gone: number[] = [];
    const done: number[] = [];
    const retry: { ids: number[]; attempts: number }[] = [];
    await Promise.all(
      [...groups.values()].map(async (list) => {
        const first = list[0] as Claimed;
        const latest = list.reduce((a, b) => (b.id > a.id ? b : a));
        const devices = subs.filter((s) => s.personId === first.personId);
        const results = await Promise.all(
          devices.map(async (s) => {
            const r = await sendOne(s, pushPayload(first.kind, latest.params, list.length, s.lang), keys);
            if (r === 'gone') gone.push(s.id);
            return r;
          }),
        );
        const ids = list.map((c) => c.id);
        // Sent when a device took it, or no device is left to take it; else tried again later, up to a limit.
        const attempts = Math.max(...list.map((c) => c.attempts));
        if (results.includes('sent') || !results.includes('failed') || attempts >= maxAttempts) done.push(...ids);
        else retry.push({ ids, attempts });
      }),
    );
    if (gone.length) await forget(gone);
    if (done.length) {
      await db.execute(
        sql`update notifications set sent_at = now() where id = any(${`{${done.join(',')}}`}::bigint[])`,
      );
    }
    for (const r of retry) {
      await db.execute(
        sql`update notifications set next_at = now() + make_interval(secs => ${backoffSec(r.attempts)})
          where id = any(${`{${r.ids.join(',')}}`}::bigint[])`,
      );
    }
    return claimed.length;
  }

  let running: Promise<void> | null = null;
  let again = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stopped = false;
  const run = async () => {
    do {
      again = false;
      try {
        while (!stopped && (await round()) === batch) {}
      } catch (err) {
        deps.onError(err);
      }
    } while (again && !stopped);
    running = null;
  };

  /** Looks for due pushes now (a notification was made), or soon after the round under way. */
  const wake = (): void => {
    if (stopped) return;
    if (running) again = true;
    else running = run();
  };

  return {
    wake,
    start(): void {
      timer = setInterval(wake, deps.everyMs ?? 2_000);
      timer.unref();
      wake();
    },
    async stop(): Promise<void> {
      stopped = true;
      clearInterval(timer);
      await running;
    },
    /** Resolves once the round under way (if any) is over. */
    idle: async () => {
      while (running) await running;
    },
    round,
  };
}

export type PushSender = ReturnType<typeof createPushSender>;
