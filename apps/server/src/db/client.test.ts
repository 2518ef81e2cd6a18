import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, databaseUrl } from '../../test/template.ts';
import { type Database, openPostgres } from './client.ts';

const skip = process.env.TEST_ENGINE !== 'postgres' ? 'PostgreSQL only (the pool of openPostgres)' : null;
let name: string;
let database: Database;

beforeAll(async () => {
  if (skip) return;
  name = `okuu_pool_${randomBytes(6).toString('hex')}`;
  await admin(process.env.TEST_DATABASE_URL as string, [`CREATE DATABASE ${name}`]);
  database = await openPostgres(databaseUrl(process.env.TEST_DATABASE_URL as string, name), 2);
});

afterAll(async () => {
  if (skip) return;
  await database.close();
  await admin(process.env.TEST_DATABASE_URL as string, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
});

describe.skipIf(skip)(`the PostgreSQL pool${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('survives a connection that drops while a transaction waits between two queries', async () => {
    const other = new pg.Client({ connectionString: databaseUrl(process.env.TEST_DATABASE_URL as string, name) });
    await other.connect();
    try {
      const failed = await database.db
        .transaction(async (tx) => {
          const rows = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as {
            rows: { pid: number }[];
          };
          // The connection is cut while the transaction waits (as on a restart of PostgreSQL during a file write).
          await other.query('select pg_terminate_backend($1)', [rows.rows[0]?.pid]);
          await new Promise((r) => setTimeout(r, 300));
          await tx.execute(sql`select 1`);
        })
        .then(
          () => false,
          () => true,
        );
      expect(failed).toBe(true);
      // The process is still here, and the pool gives a working connection.
      await database.ping();
    } finally {
      await other.end();
    }
  });
});
