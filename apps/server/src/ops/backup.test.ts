import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { chatInsert } from '@okuu/contracts/chat/insert';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { formBody } from '../../test/multipart.ts';
import { admin, databaseUrl } from '../../test/template.ts';
import { loadConfig } from '../config.ts';
import { type Database, openDatabase, openPglite } from '../db/client.ts';
import { createDatabaseStorage, createDiskStorage, type Storage, type StorageDriver } from '../lib/storage.ts';
import { backup, restore, tableCounts } from './backup.ts';

const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
// The cases below choose their storage drivers themselves, from a template whose demo files are on disk: they run in
// the projects of the local storage only (TEST_STORAGE=postgres keeps the template's files in its database).
const templateOnDisk = process.env.TEST_STORAGE !== 'postgres';
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanups.reverse()) await c();
});

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** sha256 of every stored file (staged uploads under tmp/ aside), by key. */
async function checksums(storage: Storage): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  for await (const file of storage.list()) {
    if (file.key.startsWith('tmp/')) continue;
    const got = await storage.get(file.key);
    const hash = createHash('sha256');
    await pipeline(got?.stream ?? [], hash);
    sums.set(file.key, hash.digest('hex'));
  }
  return sums;
}

/** Rows per table, the storage driver's own tables aside when the files moved between drivers. */
const rows = async (db: Database, skipFileTables = false) => {
  const counts = await tableCounts(db.db);
  if (skipFileTables) {
    delete counts['public.stored_files'];
    delete counts['public.file_chunks'];
  }
  return counts;
};

/** A message with a 600 KB attachment (more than two chunks of the database storage), sent by student1. */
async function addUpload(t: TestApp) {
  const cookie = await t.signIn('student1');
  const res = await t.app.inject({
    method: 'POST',
    url: chatInsert.path,
    payload: formBody({ id_to: -1, text: 'перед резервной копией' }, [
      { name: 'notes.txt', content: randomBytes(450_000).toString('base64') },
    ]),
    headers: { cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe.runIf(engine === 'postgres' && templateOnDisk)('backup and restore on PostgreSQL', () => {
  const base = process.env.TEST_DATABASE_URL as string;

  /** An empty database and data folder, as a new installation has. */
  async function emptyInstallation(storage: StorageDriver) {
    const name = `okuu_r_${randomBytes(6).toString('hex')}`;
    await admin(base, [`CREATE DATABASE ${name}`]);
    cleanups.push(() => admin(base, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]));
    const dataDir = await tempDir('okuu-restore-');
    return loadConfig({
      DATABASE_URL: databaseUrl(base, name),
      PUBLIC_URL: 'https://portal.example.edu',
      DATA_DIR: dataDir,
      STORAGE: storage,
    });
  }

  it.each([
    ['local', 'local'],
    ['postgres', 'postgres'],
    ['local', 'postgres'],
  ] as const)(
    '%s storage, restored with %s storage: every row and every file',
    { timeout: 120_000 },
    async (from, to) => {
      const t = await createTestApp({ STORAGE: from });
      cleanups.push(() => t.close());
      if (from === 'postgres') {
        // The demo files, wherever this test project's template keeps them, into the database storage.
        const disk = createDiskStorage(path.join(t.config.dataDir, 'files'));
        for await (const file of disk.list()) {
          const got = await disk.get(file.key);
          if (got) await t.storage.put(file.key, got.stream);
        }
      }
      await addUpload(t);
      const config = { ...t.config, databaseUrl: t.databaseUrl };
      const dir = await tempDir('okuu-backups-');

      const { archive, manifest } = await backup(config, dir);
      expect(path.basename(archive)).toMatch(/^okuu-backup-\d{8}-\d{6}Z\.tar\.gz$/);
      const before = await rows(t.database, from !== to);
      const files = await checksums(t.storage);
      expect(files.size).toBeGreaterThan(10);
      expect(manifest.files.count).toBe(from === 'local' ? files.size : 0);

      const target = await emptyInstallation(to);
      const result = await restore(target, archive);
      expect(result.differences).toEqual([]);
      expect(result.missingFiles).toEqual([]);

      const restored = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir, poolSize: 2 });
      try {
        expect(await rows(restored, from !== to)).toEqual(before);
        const storage =
          to === 'postgres'
            ? createDatabaseStorage(restored.db)
            : createDiskStorage(path.join(target.dataDir, 'files'));
        expect(await checksums(storage)).toEqual(files);
      } finally {
        await restored.close();
      }
      // Into an installation that has data, a restore refuses.
      await expect(restore(target, archive)).rejects.toThrow(/empty/);
    },
  );
});

describe.runIf(engine === 'pglite' && templateOnDisk)('backup and restore of the embedded database', () => {
  let source: string;
  let sourceRows: Record<string, number>;
  let sourceFiles: Map<string, string>;
  beforeAll(async () => {
    // An installation on disk: the seeded template's database in DATA_DIR/pglite, its files in DATA_DIR/files.
    source = await tempDir('okuu-pglite-');
    const dump = await fs.readFile(inject('template'));
    const db = await openPglite(path.join(source, 'pglite'), new Blob([dump]));
    sourceRows = await rows(db);
    await db.close();
    await fs.cp(inject('templateFiles'), path.join(source, 'files'), { recursive: true });
    sourceFiles = await checksums(createDiskStorage(path.join(source, 'files')));
  });

  it('backs up a stopped installation and restores every row and file into an empty one', async () => {
    const dir = await tempDir('okuu-backups-');
    const { archive } = await backup(loadConfig({ DATA_DIR: source }), dir);
    const target = loadConfig({ DATA_DIR: await tempDir('okuu-restore-') });
    const result = await restore(target, archive);
    expect(result.differences).toEqual([]);
    expect(result.missingFiles).toEqual([]);
    expect(result.files).toBe(sourceFiles.size);
    const restored = await openDatabase({ dataDir: target.dataDir, poolSize: 1 });
    try {
      expect(await rows(restored)).toEqual(sourceRows);
    } finally {
      await restored.close();
    }
    expect(await checksums(createDiskStorage(path.join(target.dataDir, 'files')))).toEqual(sourceFiles);
  });

  it('refuses to copy the embedded database while a server has it open', async () => {
    const open = await openDatabase({ dataDir: source, poolSize: 1 });
    try {
      await expect(backup(loadConfig({ DATA_DIR: source }), await tempDir('okuu-backups-'))).rejects.toThrow(
        /stop the server/,
      );
    } finally {
      await open.close();
    }
  });
});
