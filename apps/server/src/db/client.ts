import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';

export type Db = PgDatabase<PgQueryResultHKT>;

/** The database the server runs on: PostgreSQL through `pg`, or embedded PGlite. One schema, one set of migrations. */
export interface Database {
  db: Db;
  engine: 'postgres' | 'pglite';
  /** Applies the migrations that have not run yet. Safe when several instances start at once. */
  migrate(): Promise<void>;
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** Whether notifications arrive: false while the listening connection is down and being opened again. */
  listening(): boolean;
  /**
   * Calls `fn` each time the listening connection is back after a drop (every channel listened to again):
   * notifications sent meanwhile were missed. Returns the unsubscribe function.
   */
  onListenRestored(fn: () => void): () => void;
  ping(): Promise<void>;
  /** The connection pool's use (PostgreSQL); null where there is no pool. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const channelName = /^[a-z_][a-z0-9_]{0,62}$/;

function checkChannel(channel: string): string {
  if (!channelName.test(channel)) throw new Error(`Invalid channel name: ${channel}`);
  return channel;
}

export async function openPostgres(url: string, poolSize: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it */
  });
  // A client checked out of the pool has no error listener of the pool's: when its connection drops between two
  // queries (a transaction waiting on a file write while PostgreSQL restarts), its 'error' event would end the
  // process. The next query on it fails instead, and the pool discards it when it is released with that error.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  const db = drizzlePg(pool) as unknown as Db;
  const handlers = new Map<string, Set<(payload: string) => void>>();
  const restoredHandlers = new Set<() => void>();
  /** The connection LISTENing on every channel; null while down. */
  let listener: pg.Client | null = null;
  let opening: Promise<pg.Client> | null = null;
  let closed = false;
  let retries = 0;
  let retryTimer: NodeJS.Timeout | undefined;

  /** A new listening connection, subscribed to every channel so far. */
  async function openListener(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: url });
    client.on('notification', (msg) => {
      for (const fn of handlers.get(msg.channel) ?? []) fn(msg.payload ?? '');
    });
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    try {
      await client.connect();
      for (const channel of handlers.keys()) await client.query(`LISTEN ${channel}`);
    } catch (err) {
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      throw err;
    }
    return client;
  }

  /** The listening connection dropped (a restart, a network cut, a terminated backend): open it again. */
  function lost(client: pg.Client) {
    if (listener !== client) return;
    listener = null;
    client.end().catch(() => {});
    reopenLater();
  }

  /** Retries with exponential backoff (0.5 s doubling to 15 s, with jitter) until the connection is back. */
  function reopenLater() {
    if (closed) return;
    const delay = Math.min(15_000, 500 * 2 ** retries) * (0.75 + Math.random() / 4);
    retries++;
    retryTimer = setTimeout(async () => {
      try {
        const client = await openListener();
        if (closed) {
          await client.end().catch(() => {});
          return;
        }
        listener = client;
        retries = 0;
        retryTimer = undefined;
        for (const fn of restoredHandlers) fn();
      } catch {
        reopenLater();
      }
    }, delay);
  }

  /** The listening connection, opened at the first listen; null while it is being opened again. */
  async function listenerClient(): Promise<pg.Client | null> {
    if (listener || retryTimer) return listener;
    opening ??= openListener().then((client) => {
      listener = client;
      return client;
    });
    return opening;
  }

  return {
    db,
    engine: 'postgres',
    async migrate() {
      const client = await pool.connect();
      try {
        await client.query('SELECT pg_advisory_lock(727274)');
        await migratePg(drizzlePg(client), { migrationsFolder });
      } finally {
        await client.query('SELECT pg_advisory_unlock(727274)').catch(() => {});
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let set = handlers.get(checkChannel(channel));
      if (!set) {
        set = new Set();
        handlers.set(channel, set);
        // While the connection is down, the reopened one listens to every channel in `handlers`.
        await client?.query(`LISTEN ${channel}`);
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [checkChannel(channel), payload]);
    },
    listening: () => listener !== null,
    onListenRestored(fn) {
      restoredHandlers.add(fn);
      return () => restoredHandlers.delete(fn);
    },
    async ping() {
      await pool.query('SELECT 1');
    },
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      await listener?.end().catch(() => {});
      await pool.end();
    },
  };
}

/** The extensions the migrations use (trigram search, GiST equality for the schedule's constraints). */
export const pgliteExtensions = { pg_trgm, btree_gist };

/** Embedded PostgreSQL. `dataDir` undefined keeps everything in memory (tests). */
export async function openPglite(
  dataDir: string | undefined,
  loadFrom?: Blob,
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  const client = await PGlite.create(dataDir, {
    extensions: pgliteExtensions,
    ...(loadFrom ? { loadDataDir: loadFrom } : {}),
  });
  const db = drizzlePglite(client) as unknown as Db;
  return {
    db,
    engine: 'pglite',
    async dumpDataDir() {
      return client.dumpDataDir('gzip');
    },
    async migrate() {
      await migratePglite(drizzlePglite(client), { migrationsFolder });
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(checkChannel(channel), onPayload);
      return unsubscribe;
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [checkChannel(channel), payload]);
    },
    // In-process: notifications cannot be cut off.
    listening: () => true,
    onListenRestored: () => () => {},
    async ping() {
      await client.query('SELECT 1');
    },
    poolStats: () => null,
    async close() {
      await client.close();
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string;
  poolSize: number;
}): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize);
  await mkdir(opts.dataDir, { recursive: true });
  return openPglite(path.join(opts.dataDir, 'pglite'));
}
