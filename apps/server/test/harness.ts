import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { DataOf, Endpoint, RequestOf } from '@okuu/contracts/endpoint';
import type { ApiError } from '@okuu/contracts/errors';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type Database, openPglite, openPostgres } from '../src/db/client.ts';
import { users } from '../src/db/schema/users.ts';
import { type Changes, createChanges } from '../src/lib/changes.ts';
import { hashToken } from '../src/lib/session.ts';
import { createDatabaseStorage, createDiskStorage, type Storage } from '../src/lib/storage.ts';
import { createAuthRepository } from '../src/modules/auth/auth.repository.ts';
import { createJournalRepository } from '../src/modules/journal/journal.repository.ts';
import { createJournalService } from '../src/modules/journal/journal.service.ts';
import { admin, databaseUrl, testStorageDriver } from './template.ts';

export const password = 'Okuu2026!';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  storage: Storage;
  config: Config;
  /** The URL of the test's own PostgreSQL database (undefined on PGlite). */
  databaseUrl?: string;
  /** Signs a demo account in and returns its Cookie header value. */
  signIn(login: string, pass?: string): Promise<string>;
  /**
   * A session of any account, opened without the sign-in's rules (the Cookie header value): for roles the portal's
   * sign-in refuses (staff, until it has an area), whose calls are still checked by their access levels.
   */
  sessionOf(login: string): Promise<string>;
  /** Calls an endpoint as the holder of `cookie` (anonymous when undefined). */
  call<E extends Endpoint>(
    endpoint: E,
    input?: RequestOf<E> | Record<string, unknown>,
    opts?: { cookie?: string; ip?: string },
  ): Promise<{ status: number; body: { result: number; error: ApiError; data: DataOf<E> } }>;
  /**
   * A second server instance on its own connection to the same database and the same files (the same folder, or its
   * own connection to the files' tables); close() ends both.
   */
  secondInstance(): Promise<{ app: FastifyInstance; close(): Promise<void> }>;
  close(): Promise<void>;
}

/** A fresh copy of the seeded demo university (database and files), on the engine of this test project. */
async function freshDatabase(): Promise<{
  database: Database;
  url?: string;
  reopen: () => Promise<Database>;
  drop: () => Promise<void>;
}> {
  const template = inject('template');
  if (process.env.TEST_ENGINE === 'postgres') {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `okuu_t_${randomBytes(6).toString('hex')}`;
    await admin(base, [`CREATE DATABASE ${name} TEMPLATE ${template}`]);
    const database = await openPostgres(databaseUrl(base, name), 5);
    return {
      database,
      url: databaseUrl(base, name),
      reopen: () => openPostgres(databaseUrl(base, name), 5),
      drop: () => admin(base, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]),
    };
  }
  const dump = await fs.readFile(template);
  const database = await openPglite(undefined, new Blob([dump]));
  // PGlite lives in one process: a second instance shares the same handle (close is then a no-op for it).
  return { database, reopen: async () => ({ ...database, close: async () => {} }), drop: async () => {} };
}

/** The change path for a module built by a test outside an app: announced changes reach no one but fail loudly. */
export function testChanges(database: Database): Changes {
  return createChanges(database, (err) => {
    throw err;
  });
}

/** What the QR service needs, for a test that builds it alone: the change path and the journal's service. */
export function qrDeps(t: TestApp) {
  const changes = testChanges(t.database);
  const halfYearOf = async () => {
    throw new Error('QR check-in never asks for a half-year');
  };
  return {
    changes,
    journal: createJournalService({ repo: createJournalRepository(t.database.db, changes), halfYearOf }),
  };
}

export async function createTestApp(
  env: Record<string, string> = {},
  opts: { now?: () => Date } = {},
): Promise<TestApp> {
  const { database, reopen, drop, url } = await freshDatabase();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-test-'));
  await fs.cp(inject('templateFiles'), path.join(dataDir, 'files'), { recursive: true });
  const driver = env.STORAGE === 'postgres' || env.STORAGE === 'local' ? env.STORAGE : testStorageDriver();
  const storageOf = (db: Database) =>
    driver === 'postgres' ? createDatabaseStorage(db.db) : createDiskStorage(path.join(dataDir, 'files'));
  const storage = storageOf(database);
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '0',
    DATA_DIR: dataDir,
    SEED: 'off',
    STORAGE: driver,
    TIMED_NOTIFICATIONS: 'off',
    ...env,
  });
  const app = await buildApp({ config, database, storage, now: opts.now });
  await app.ready();

  const call: TestApp['call'] = async (endpoint, input, o = {}) => {
    const res = await app.inject({
      method: endpoint.method,
      url: endpoint.path,
      ...(endpoint.method === 'GET'
        ? { query: (input ?? {}) as Record<string, string> }
        : { payload: (input ?? {}) as object }),
      headers: o.cookie ? { cookie: o.cookie } : {},
      remoteAddress: o.ip ?? '127.0.0.1',
    });
    return { status: res.statusCode, body: res.json() };
  };

  return {
    app,
    database,
    storage,
    config,
    databaseUrl: url,
    call,
    async secondInstance() {
      const second = await reopen();
      const other = await buildApp({ config, database: second, storage: storageOf(second) });
      await other.ready();
      return {
        app: other,
        async close() {
          await other.close();
          await second.close();
        },
      };
    },
    async signIn(login, pass = password) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/orize.json',
        payload: { login, password: pass },
        remoteAddress: `127.0.${Math.floor(Math.random() * 250)}.1`,
      });
      if (res.statusCode !== 200) throw new Error(`Sign-in of ${login} failed: ${res.statusCode} ${res.body}`);
      const cookie = res.cookies.find((c) => c.name === 'token');
      if (!cookie) throw new Error('No token cookie');
      return `token=${cookie.value}`;
    },
    async sessionOf(login) {
      const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.login, login));
      if (!user) throw new Error(`No account ${login}`);
      const token = randomBytes(32).toString('base64url');
      await createAuthRepository(database.db, testChanges(database)).createSession(
        user.id,
        Buffer.from(hashToken(token), 'hex'),
        new Date(Date.now() + config.sessionTtlMs),
        '127.0.0.1',
      );
      return `token=${token}`;
    },
    async close() {
      await app.close();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
