import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type Db, openPglite, openPostgres } from '../src/db/client.ts';
import { createDatabaseStorage, createDiskStorage, type StorageDriver } from '../src/lib/storage.ts';
import { seedIfEmpty } from '../src/seed/seed.ts';

/** Size of the demo university the tests run on. */
export const testStudents = 100;

export function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Runs statements on the server's maintenance database (CREATE / DROP DATABASE). */
export async function admin(base: string, statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    for (const s of statements) await client.query(s);
  } finally {
    await client.end();
  }
}

/** The storage driver of this test project (TEST_STORAGE, `local` unless set). */
export function testStorageDriver(): StorageDriver {
  return process.env.TEST_STORAGE === 'postgres' ? 'postgres' : 'local';
}

/**
 * Builds the seeded template once per run: a PGlite data dump, or a PostgreSQL template database; the demo files in
 * a folder (local storage) or in the template's own tables (database storage, the folder then stays empty).
 */
export async function buildTemplate(
  engine: string,
  driver: StorageDriver = 'local',
): Promise<{ template: string; storageDir: string; cleanup: () => Promise<void> }> {
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-test-files-'));
  const storageOf = (db: Db) => (driver === 'postgres' ? createDatabaseStorage(db) : createDiskStorage(storageDir));
  if (engine === 'postgres') {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `okuu_tpl_${randomBytes(4).toString('hex')}`;
    await admin(base, [`CREATE DATABASE ${name}`]);
    const db = await openPostgres(databaseUrl(base, name), 2);
    await db.migrate();
    await seedIfEmpty(db.db, storageOf(db.db), { students: testStudents });
    await db.close();
    return {
      template: name,
      storageDir,
      cleanup: async () => {
        await admin(base, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
        await fs.rm(storageDir, { recursive: true, force: true });
      },
    };
  }
  const db = await openPglite(undefined);
  await db.migrate();
  await seedIfEmpty(db.db, storageOf(db.db), { students: testStudents });
  const dump = path.join(storageDir, '..', `${path.basename(storageDir)}.tar.gz`);
  const blob = await db.dumpDataDir();
  await fs.writeFile(dump, Buffer.from(await blob.arrayBuffer()));
  await db.close();
  return {
    template: dump,
    storageDir,
    cleanup: async () => {
      await fs.rm(dump, { force: true });
      await fs.rm(storageDir, { recursive: true, force: true });
    },
  };
}
