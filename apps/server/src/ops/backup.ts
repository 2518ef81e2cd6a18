import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Config } from '../config.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { createDatabaseStorage, createDiskStorage, type Storage } from '../lib/storage.ts';
import { createFilesRepository } from '../modules/files/files.repository.ts';

/**
 * Backup and restore of a whole installation: the database (a pg_dump custom-format dump, or PGlite's data folder)
 * and the uploaded files of the local storage, in one dated .tar.gz. With STORAGE=postgres the files are in the dump.
 *
 * Archive layout: manifest.json (what, when, rows per table), files.sha256 (sha256sum format), then
 * database.dump (PostgreSQL) or pglite/ (PGlite), and files/ (local storage).
 */

export const backupFormat = 1;

export interface Manifest {
  format: number;
  createdAt: string;
  engine: 'postgres' | 'pglite';
  storage: 'local' | 'postgres';
  /** Rows per table, as the dump holds them. */
  tables: Record<string, number>;
  files: { count: number; bytes: number };
}

type Rows<T> = { rows: T[] };

/** Runs a program (no shell); rejects with its error output when it fails. `okCodes` lists other exit codes taken. */
function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}, okCodes: number[] = [0]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    child.on('error', (err) => reject(new Error(`${cmd}: ${err.message}`)));
    child.on('close', (code) => {
      if (code !== null && okCodes.includes(code)) resolve(stderr);
      else reject(new Error(`${cmd} failed (exit ${code}): ${stderr.trim()}`));
    });
  });
}

/** libpq connection settings for pg_dump/pg_restore: the URL without its password, which goes in PGPASSWORD. */
function libpq(databaseUrl: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return { dbname: url.toString(), env: password ? { PGPASSWORD: password } : {} };
}

/** Every table of the application's schemas with its row count (`db` or a raw client inside a snapshot). */
async function countRows(query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>) {
  const tables = await query(
    `select table_schema || '.' || table_name as t from information_schema.tables
     where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { t } of tables.rows as { t: string }[]) {
    const [schema, name] = t.split('.') as [string, string];
    const result = await query(`select count(*)::int as n from "${schema}"."${name}"`);
    counts[t] = Number(result.rows[0]?.n);
  }
  return counts;
}

const dbQuery = (db: Db) => async (text: string) => (await db.execute(sql.raw(text))) as unknown as Rows<never>;

/** Rows per table of every schema but the system's ('schema.table' → rows). */
export const tableCounts = (db: Db) => countRows(dbQuery(db));

async function sha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

const stamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
    .replace('T', '-');

/** PGlite writes postmaster.pid while a server has the database open (and removes it on a clean stop). */
function pgliteInUse(dataDir: string): boolean {
  return existsSync(path.join(dataDir, 'pglite', 'postmaster.pid'));
}

/**
 * Writes `<dir>/okuu-backup-<UTC date-time>.tar.gz`. PostgreSQL is dumped while the portal runs (one consistent
 * snapshot); PGlite needs the server stopped. Local files are copied after the dump: an upload committed meanwhile
 * is an extra file (the orphan sweep removes it after a restore).
 */
export async function backup(
  config: Config,
  dir: string,
  now = new Date(),
): Promise<{ archive: string; manifest: Manifest }> {
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  await fs.mkdir(dir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(dir, '.okuu-backup-'));
  try {
    let tables: Record<string, number>;
    if (config.databaseUrl) {
      // Counts and dump from one snapshot: the manifest describes exactly what the dump holds.
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        await client.query('begin isolation level repeatable read read only');
        const snapshot = (await client.query('select pg_export_snapshot() as s')).rows[0].s as string;
        tables = await countRows((text) => client.query(text));
        const { dbname, env } = libpq(config.databaseUrl);
        await run(
          'pg_dump',
          ['--format=custom', `--snapshot=${snapshot}`, `--file=${path.join(staging, 'database.dump')}`, dbname],
          env,
        );
        await client.query('commit');
      } finally {
        await client.end();
      }
    } else {
      if (pgliteInUse(config.dataDir)) {
        throw new Error(
          `The embedded database in ${path.join(config.dataDir, 'pglite')} is open (postmaster.pid): stop the server first. ` +
            '(If it is stopped, it did not stop cleanly: start and stop it once.)',
        );
      }
      const database = await openDatabase({ dataDir: config.dataDir, poolSize: 1 });
      try {
        tables = await countRows(dbQuery(database.db));
      } finally {
        await database.close();
      }
    }

    // Checksums of the local files (staged uploads under tmp/ are left out), in sha256sum's format.
    const lines: string[] = [];
    let bytes = 0;
    const filesRoot = path.join(config.dataDir, 'files');
    const hasFiles = config.storage === 'local' && existsSync(filesRoot);
    if (hasFiles) {
      for await (const file of createDiskStorage(filesRoot).list()) {
        if (file.key.startsWith('tmp/')) continue;
        lines.push(`${await sha256(path.join(filesRoot, file.key))}  files/${file.key}`);
        bytes += file.size;
      }
    }
    lines.sort((a, b) => a.slice(66).localeCompare(b.slice(66)));
    await fs.writeFile(path.join(staging, 'files.sha256'), lines.map((l) => `${l}\n`).join(''));
    const manifest: Manifest = {
      format: backupFormat,
      createdAt: now.toISOString(),
      engine,
      storage: config.storage,
      tables,
      files: { count: lines.length, bytes },
    };
    await fs.writeFile(path.join(staging, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    const archive = path.join(dir, `okuu-backup-${stamp(now)}.tar.gz`);
    const partial = `${archive}.partial`;
    const args = ['-czf', partial, '-C', staging, 'manifest.json', 'files.sha256'];
    if (engine === 'postgres') args.push('database.dump');
    const sources = [...(engine === 'pglite' ? ['pglite'] : []), ...(hasFiles ? ['files'] : [])];
    if (sources.length > 0)
      args.push('--exclude=postmaster.pid', '--exclude=files/tmp', '-C', config.dataDir, ...sources);
    // Exit 1: a file changed or went while it was read (an upload or a deletion meanwhile): the archive is usable.
    await run('tar', args, {}, [0, 1]);
    await fs.rename(partial, archive);
    return { archive, manifest };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

async function isEmptyDir(dir: string): Promise<boolean> {
  const entries = await fs.readdir(dir).catch(() => []);
  return entries.length === 0;
}

export interface RestoreResult {
  manifest: Manifest;
  tables: Record<string, number>;
  /** Tables whose rows differ from the manifest's count. */
  differences: string[];
  files: number;
  /** Keys the restored rows refer to that no stored file has. */
  missingFiles: string[];
}

/**
 * Restores an archive of `backup` into an empty installation (the database of DATABASE_URL without tables, or no
 * PGlite folder; no local files), then checks it: rows per table against the manifest, and every file a row names.
 * Files of a local-storage backup go to the storage configured now (the disk, or the database with STORAGE=postgres).
 */
export async function restore(config: Config, archive: string): Promise<RestoreResult> {
  const engine = config.databaseUrl ? 'postgres' : 'pglite';
  await fs.mkdir(config.dataDir, { recursive: true });
  const staging = await fs.mkdtemp(path.join(config.dataDir, '.okuu-restore-'));
  try {
    await run('tar', ['-xzf', path.resolve(archive), '-C', staging]);
    const manifest = JSON.parse(await fs.readFile(path.join(staging, 'manifest.json'), 'utf8')) as Manifest;
    if (manifest.format !== backupFormat) throw new Error(`Unknown backup format ${manifest.format}`);
    if (manifest.engine !== engine) {
      throw new Error(
        `This backup is of a ${manifest.engine} database; the configuration here uses ${engine} ` +
          `(${engine === 'postgres' ? 'DATABASE_URL is set' : 'no DATABASE_URL'}).`,
      );
    }
    if (manifest.storage === 'postgres' && config.storage === 'local') {
      throw new Error('The files of this backup are in its database: restore with STORAGE=postgres.');
    }
    // Every file arrived intact, before anything is written.
    const sums = (await fs.readFile(path.join(staging, 'files.sha256'), 'utf8')).split('\n').filter(Boolean);
    for (const line of sums) {
      const [sum, name] = [line.slice(0, 64), line.slice(66)];
      if ((await sha256(path.join(staging, name))) !== sum) throw new Error(`Damaged file in the backup: ${name}`);
    }

    const filesRoot = path.join(config.dataDir, 'files');
    if (config.storage === 'local' && !(await isEmptyDir(filesRoot))) {
      throw new Error(`${filesRoot} is not empty: restore into an empty installation.`);
    }
    if (config.databaseUrl) {
      const client = new pg.Client({ connectionString: config.databaseUrl });
      await client.connect();
      try {
        const { rows } = await client.query(
          `select count(*)::int as n from information_schema.tables
           where table_schema not in ('pg_catalog', 'information_schema')`,
        );
        if (rows[0].n > 0) throw new Error('The database of DATABASE_URL has tables: restore into an empty database.');
      } finally {
        await client.end();
      }
      const { dbname, env } = libpq(config.databaseUrl);
      await run(
        'pg_restore',
        [
          '--exit-on-error',
          '--single-transaction',
          '--no-owner',
          '--no-privileges',
          `--dbname=${dbname}`,
          path.join(staging, 'database.dump'),
        ],
        env,
      );
    } else {
      const target = path.join(config.dataDir, 'pglite');
      if (!(await isEmptyDir(target))) throw new Error(`${target} is not empty: restore into an empty installation.`);
      await fs.rm(target, { recursive: true, force: true });
      await fs.rename(path.join(staging, 'pglite'), target);
    }

    const database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      poolSize: 2,
    });
    try {
      const staged = path.join(staging, 'files');
      let storage: Storage;
      if (config.storage === 'local') {
        if (existsSync(staged)) {
          await fs.rm(filesRoot, { recursive: true, force: true });
          await fs.rename(staged, filesRoot);
        }
        storage = createDiskStorage(filesRoot);
      } else {
        storage = createDatabaseStorage(database.db);
        // A local-storage backup restored with STORAGE=postgres: its files go into the database.
        if (existsSync(staged)) {
          for await (const file of createDiskStorage(staged).list()) {
            await storage.put(file.key, createReadStream(path.join(staged, file.key)));
          }
        }
      }
      const tables = await countRows(dbQuery(database.db));
      const differences = Object.keys({ ...manifest.tables, ...tables })
        .filter((t) => t !== 'public.stored_files' && t !== 'public.file_chunks')
        .filter((t) => manifest.tables[t] !== tables[t])
        .map((t) => `${t}: ${manifest.tables[t] ?? 'none'} in the backup, ${tables[t] ?? 'none'} restored`);
      const missingFiles: string[] = [];
      for (const key of await createFilesRepository(database.db).all()) {
        const file = await storage.get(key);
        if (file) file.stream.destroy();
        else missingFiles.push(key);
      }
      return { manifest, tables, differences, files: sums.length, missingFiles };
    } finally {
      await database.close();
    }
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}
