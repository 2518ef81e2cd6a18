import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';
import { changeEvents } from '../db/schema/changes.ts';

/**
 * What a change is announced as. Subscribers (caches, live pushes) name the topics they depend on in app.ts.
 * - sessions: 's:<token hash>' or 'u:<user id>' ended or changed
 * - news, library, journal, schedule (bells, rooms, timetable), calendar (years, half-years), branding
 * - chat: a chat notice (chat.fanout.ts); qr: a check-in's counts changed ('<teacher id>:<session id>')
 * - grades: a grading sheet closed or reopened (recorded: {event, sheetId, disciplineId, groupId, year, ws, students})
 * - grading: a grading sheet changed ('<sheet id>', '' when any may have); scale: the grade scale changed
 * - orders: a reference order moved on ('<student id>'); recorded too when staff moved it (notifications)
 * - payments, imports: recorded for the notifications (a payment's status, an import finished or failed); news and
 *   schedule are recorded too (an item posted, a timetable imported)
 * - registration: a registration window opened or comes within 24 hours of closing (recorded: {event, windowId,
 *   year, ws, closesAt}, by the periodic job that sees it first)
 * - notifications: a person's unread count changed ('u:<user id>', or 'e:<change event id>' for everyone it notified)
 * - webinars: a teacher's online lesson or its link or recording changed ('<teacher id>')
 */
export const topics = [
  'sessions',
  'news',
  'library',
  'journal',
  'schedule',
  'calendar',
  'branding',
  'chat',
  'qr',
  'grades',
  'grading',
  'scale',
  'orders',
  'payments',
  'imports',
  'registration',
  'notifications',
  'webinars',
] as const;
export type Topic = (typeof topics)[number];

/** A subscriber hears the payload its topic was announced with, or null: anything may have changed (see below). */
export type Subscriber = (payload: string | null) => void;

/**
 * Where a reader stops: before the oldest transaction still under way that may write this database (one known to
 * run in another database of the cluster cannot), else before the first not yet started. A transaction under way
 * may commit changes older than those already readable; a reader that went past it would never see them.
 */
const readableBelow = sql`(select coalesce(
    (select min(x) from pg_snapshot_xip(c.s) x where not exists (select 1 from pg_stat_activity a
      where a.backend_xid = x::xid and a.datname <> current_database())),
    pg_snapshot_xmax(c.s)) from (select pg_current_snapshot() as s) c)`;

/** The one NOTIFY channel every instance listens on; the topic travels in the payload. */
export const changesChannel = 'okuu_changes';
const channel = changesChannel;

/** What a staff call's change records in the audit log (the actor and the time are the mechanism's). */
export interface AuditDetail {
  /** One of the actions the endpoint's contract declares; the first of them when left out. */
  action?: string;
  targetType: string;
  targetId?: number | null;
  targetName?: string | null;
  before?: unknown;
  after?: unknown;
}

/**
 * The change a transaction makes: its connection, what it announces, and (within a staff call) what the audit log
 * says of it. Another module's service that writes its own tables as part of this change takes it.
 */
export interface Change {
  tx: Db;
  announce(topic: Topic, payload?: string): void;
  /** Says that the transaction changed nothing after all (a refusal decided inside it): a staff call records no row. */
  unchanged(): void;
  /**
   * Announces `topic` (with `notice`, '' when left out) and keeps the change as a row of this transaction, for the readers that must not miss one
   * (`Changes.read`), even if every instance stops right after the commit.
   */
  record(topic: Topic, payload: object, notice?: string): Promise<void>;
  /** Describes the change for the audit log; without it, a staff call's change is recorded with its input. */
  audit(detail: AuditDetail): void;
}

/** A staff call that may change data (contract `audit`): every transaction it runs writes its audit row(s). */
export interface StaffCall {
  actor: { id: number; login: string; fullName: string };
  /** The actions the endpoint may record; the first is the default. */
  actions: readonly string[];
  input: unknown;
  /** Audit rows written so far in this call. */
  audited: number;
}

const staffCalls = new AsyncLocalStorage<StaffCall>();

/** Runs `fn` as a staff call: every change transaction it runs, now or in work it starts, is audited. */
export function runAsStaffCall<T>(call: StaffCall, fn: () => Promise<T>): Promise<T> {
  return staffCalls.run(call, fn);
}

/** Runs `fn` as the portal's own work, outside any staff call (its changes write no audit row): bookkeeping. */
export function outsideStaffCall<T>(fn: () => T): T {
  return staffCalls.exit(fn);
}

/** A recorded change, as its readers get it. */
export interface ChangeEvent {
  id: number;
  topic: Topic;
  payload: unknown;
  at: Date;
}

export interface Changes {
  /**
   * Runs `fn` in one transaction. What it announces reaches this instance's subscribers right after the commit, and
   * every other instance's through NOTIFY, which PostgreSQL delivers at commit (and never for a rollback). Within a
   * staff call, the audit row(s) are written in the same transaction.
   */
  transaction<T>(fn: (tx: Db, change: Change) => Promise<T>): Promise<T>;
  /** `fn` hears every announcement of `topic`, from any instance; after a gap in notifications, null. */
  subscribe(topic: Topic, fn: Subscriber): void;
  /**
   * Hands every recorded change of `topics` to `handle` once, in the order of their transactions, in batches: each
   * batch in one transaction that also moves the reader's place, so what `handle` writes through `change` commits
   * with it or not at all. One instance reads at a time; it reads when a change is announced, and every few seconds.
   */
  read(
    reader: string,
    topics: readonly Topic[],
    handle: (events: ChangeEvent[], change: Change) => Promise<void>,
  ): void;
  /** Starts listening and reading; call once the subscribers and readers are in. Returns the function that stops. */
  listen(): Promise<() => Promise<void>>;
  /** Forgets recorded changes older than `days` (housekeeping). */
  forgetOld(days?: number): Promise<void>;
  /** Resolves once every reader has handled every change recorded so far: tests compare stored data after it. */
  caughtUp(): Promise<void>;
}

/** Recorded changes a reader takes in one transaction at most. */
const readBatch = 500;
/** How often readers look for recorded changes no announcement told them of (a missed one, another's restart). */
const readEveryMs = 5_000;

export function createChanges(
  database: Pick<Database, 'db' | 'listen' | 'onListenRestored'>,
  onError: (err: unknown, topic: Topic) => void,
): Changes {
  const instance = randomUUID().slice(0, 8);
  const subscribers = new Map<Topic, Subscriber[]>();
  const readers: { reader: string; list: string; wake: () => void; idle: () => Promise<void> }[] = [];
  const { db } = database;

  function deliver(topic: Topic, payload: string | null) {
    for (const fn of subscribers.get(topic) ?? []) {
      try {
        fn(payload);
      } catch (err) {
        onError(err, topic);
      }
    }
  }

  const changes: Changes = {
    async transaction(fn) {
      const announced: { t: Topic; p: string }[] = [];
      const call = staffCalls.getStore();
      const result = await db.transaction(async (tx) => {
        const audits: AuditDetail[] = [];
        let unchanged = false;
        const change: Change = {
          tx: tx as unknown as Db,
          announce: (t, p = '') => {
            if (!announced.some((a) => a.t === t && a.p === p)) announced.push({ t, p });
          },
          audit: (detail) => audits.push(detail),
          unchanged: () => {
            unchanged = true;
          },
          record: async (topic, payload, notice = '') => {
            await tx.insert(changeEvents).values({ topic, payload });
            change.announce(topic, notice);
          },
        };
        const value = await fn(tx as unknown as Db, change);
        if (call && !unchanged) await writeAudit(tx as unknown as Db, call, audits);
        for (const a of announced) {
          await tx.execute(sql`select pg_notify(${channel}, ${JSON.stringify({ i: instance, ...a })})`);
        }
        return value;
      });
      for (const a of announced) deliver(a.t, a.p);
      return result;
    },

    subscribe(topic, fn) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), fn]);
    },

    read(reader, topicsRead, handle) {
      const list = `{${topicsRead.join(',')}}`;
      /** One batch: answers how many events it handled (0 when another instance holds the reader's place). */
      const batch = () =>
        changes.transaction(async (tx, change) => {
          const [place] = await rowsOf<{ txid: string; lastId: number }>(
            tx,
            sql`select txid::text as txid, last_id as "lastId" from change_cursors where reader = ${reader}
              for update skip locked`,
          );
          if (!place) return 0;
          const events = await rowsOf<ChangeEvent & { txid: string }>(
            tx,
            sql`select id::float8 as id, topic, payload, at, txid::text as txid from change_events
              where topic = any(${list}::text[]) and (txid, id) > (${place.txid}::xid8, ${place.lastId})
                and txid < ${readableBelow}
              order by txid, id limit ${readBatch}`,
          );
          const last = events.at(-1);
          if (!last) {
            change.unchanged();
            return 0;
          }
          await handle(
            events.map(({ txid: _, ...e }) => ({ ...e, at: new Date(e.at) })),
            change,
          );
          await tx.execute(
            sql`update change_cursors set txid = ${last.txid}::xid8, last_id = ${last.id} where reader = ${reader}`,
          );
          return events.length;
        });
      let running: Promise<void> | null = null;
      let again = false;
      const run = async () => {
        do {
          again = false;
          try {
            while ((await batch()) === readBatch) {}
          } catch (err) {
            onError(err, topicsRead[0] as Topic);
          }
        } while (again);
        running = null;
      };
      // Outside any staff call: reading is the portal's own work, not the caller's change.
      const wake = () =>
        staffCalls.exit(() => {
          if (running) again = true;
          else running = run();
        });
      for (const topic of topicsRead) changes.subscribe(topic, wake);
      readers.push({ reader, list, wake, idle: async () => void (await running) });
    },

    async listen() {
      const stop = await database.listen(channel, (text) => {
        let message: { i?: string; t?: Topic; p?: string };
        try {
          message = JSON.parse(text);
        } catch {
          return;
        }
        // This instance's own changes were delivered at their commit.
        if (message.i === instance || !message.t) return;
        deliver(message.t, message.p ?? '');
      });
      // The listening connection dropped and is back: what was announced meanwhile is lost, so assume anything.
      const unrestored = database.onListenRestored(() => {
        for (const topic of subscribers.keys()) deliver(topic, null);
      });
      const wakeAll = () => {
        for (const { wake } of readers) wake();
      };
      // Each reader's place exists before the first read, so nothing is written behind the caller's back later.
      if (readers.length) {
        await db.execute(
          sql`insert into change_cursors (reader) select unnest(${`{${readers.map((r) => r.reader).join(',')}}`}::text[])
            on conflict do nothing`,
        );
      }
      wakeAll();
      const timer = readers.length ? setInterval(wakeAll, readEveryMs) : undefined;
      timer?.unref();
      return async () => {
        clearInterval(timer);
        unrestored();
        await stop();
      };
    },

    async caughtUp() {
      for (const { reader, list, wake, idle } of readers) {
        for (let tries = 0; ; tries++) {
          const [behind] = await rowsOf<{ n: number }>(
            db,
            sql`select 1 as n from change_events e left join change_cursors c on c.reader = ${reader}
              where e.topic = any(${list}::text[])
                and (e.txid, e.id) > (coalesce(c.txid, '0'::xid8), coalesce(c.last_id, 0)) limit 1`,
          );
          if (!behind) break;
          if (tries === 500) throw new Error(`The reader ${reader} did not catch up`);
          // An earlier transaction still open, or another instance reading, defers it: look again shortly.
          if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 10));
          wake();
          await idle();
        }
      }
    },

    async forgetOld(days = 30) {
      await db.execute(sql`delete from change_events where at < now() - make_interval(days => ${days})`);
    },
  };
  return changes;
}

async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** The staff call's audit rows: the details its service gave, or one row with the call's input. */
async function writeAudit(tx: Db, call: StaffCall, details: AuditDetail[]) {
  const rows = (details.length ? details : [{ targetType: 'input', after: call.input }]).map((d) => {
    const action = d.action ?? call.actions[0];
    if (!action || !call.actions.includes(action)) {
      throw new Error(`Audit action ${action} is not among the call's actions [${call.actions}]`);
    }
    return {
      actorId: call.actor.id,
      actorLogin: call.actor.login,
      actorName: call.actor.fullName,
      action,
      targetType: d.targetType,
      targetId: d.targetId ?? null,
      targetName: d.targetName ?? null,
      before: d.before ?? null,
      after: d.after ?? null,
    };
  });
  await tx.insert(auditLog).values(rows);
  call.audited += rows.length;
}

/** A repository's transactions: `fn` gets the repository's queries bound to the transaction, and its change. */
export function transactionOf<Q>(changes: Changes, queriesOn: (db: Db) => Q) {
  return <T>(fn: (q: Q, change: Change) => Promise<T>): Promise<T> =>
    changes.transaction((tx, change) => fn(queriesOn(tx), change));
}
