import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { auditLog } from '../db/schema/audit.ts';

/**
 * What a change is announced as. Subscribers (caches, live pushes) name the topics they depend on in app.ts.
 * - sessions: 's:<token hash>' or 'u:<user id>' ended or changed
 * - news, library, journal, schedule (bells, rooms, timetable), calendar (years, half-years), branding
 * - chat: a chat notice (chat.fanout.ts); qr: a check-in's counts changed ('<teacher id>:<session id>')
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
] as const;
export type Topic = (typeof topics)[number];

/** A subscriber hears the payload its topic was announced with, or null: anything may have changed (see below). */
export type Subscriber = (payload: string | null) => void;

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

export interface Changes {
  /**
   * Runs `fn` in one transaction. What it announces reaches this instance's subscribers right after the commit, and
   * every other instance's through NOTIFY, which PostgreSQL delivers at commit (and never for a rollback). Within a
   * staff call, the audit row(s) are written in the same transaction.
   */
  transaction<T>(fn: (tx: Db, change: Change) => Promise<T>): Promise<T>;
  /** `fn` hears every announcement of `topic`, from any instance; after a gap in notifications, null. */
  subscribe(topic: Topic, fn: Subscriber): void;
  /** Starts listening; call once the subscribers are in. Returns the function that stops. */
  listen(): Promise<() => Promise<void>>;
}

export function createChanges(
  database: Pick<Database, 'db' | 'listen' | 'onListenRestored'>,
  onError: (err: unknown, topic: Topic) => void,
): Changes {
  const instance = randomUUID().slice(0, 8);
  const subscribers = new Map<Topic, Subscriber[]>();

  function deliver(topic: Topic, payload: string | null) {
    for (const fn of subscribers.get(topic) ?? []) {
      try {
        fn(payload);
      } catch (err) {
        onError(err, topic);
      }
    }
  }

  return {
    async transaction(fn) {
      const announced: { t: Topic; p: string }[] = [];
      const call = staffCalls.getStore();
      const result = await database.db.transaction(async (tx) => {
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
      return async () => {
        unrestored();
        await stop();
      };
    },
  };
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
