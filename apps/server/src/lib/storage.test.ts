import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import v8 from 'node:v8';
import vm from 'node:vm';
import { bookDownload } from '@okuu/contracts/library/download';
import { insertUpdateBook } from '@okuu/contracts/library/insert-update-book';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { formBody } from '../../test/multipart.ts';
import type { Db } from '../db/client.ts';
import { books } from '../db/schema/library.ts';
import { chunkBytes, createDatabaseStorage, createDiskStorage, type Storage, type StorageDriver } from './storage.ts';

// A garbage collection on demand, to measure what stays allocated.
v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

let t: TestApp;
let dir: string;
beforeAll(async () => {
  t = await createTestApp();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-storage-'));
});
afterAll(async () => {
  await t.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const drivers: StorageDriver[] = ['local', 'postgres'];
const storageFor = (driver: StorageDriver): Storage =>
  driver === 'postgres' ? createDatabaseStorage(t.database.db) : createDiskStorage(dir);

async function read(storage: Storage, key: string): Promise<Buffer | null> {
  const file = await storage.get(key);
  if (!file) return null;
  const parts: Buffer[] = [];
  for await (const part of file.stream) parts.push(part as Buffer);
  const bytes = Buffer.concat(parts);
  expect(bytes.length).toBe(file.size);
  return bytes;
}

/** `bytes` as a stream of pieces of irregular sizes, the way a socket or a file would yield them. */
function streamOf(bytes: Buffer): Readable {
  const pieces: Buffer[] = [];
  for (let i = 0, n = 1; i < bytes.length; i += n, n = (n * 7 + 13) % 70_000) pieces.push(bytes.subarray(i, i + n));
  return Readable.from(pieces);
}

const keys = async (storage: Storage, areas?: string[]) => {
  const found: string[] = [];
  for await (const f of storage.list(areas)) found.push(f.key);
  return found.sort();
};

describe.each(drivers)('%s storage', (driver) => {
  let storage: Storage;
  beforeAll(() => {
    storage = storageFor(driver);
  });

  it('stores buffers and streams of every size, chunk boundaries included, and reads them back', async () => {
    const sizes = [0, 1, chunkBytes - 1, chunkBytes, chunkBytes + 1, 3 * chunkBytes, 3 * chunkBytes + 12_345];
    for (const [i, size] of sizes.entries()) {
      const bytes = randomBytes(size);
      expect(await storage.put(`tmp/b${i}`, bytes)).toBe(size);
      expect(await storage.put(`tmp/s${i}`, streamOf(bytes))).toBe(size);
      expect((await read(storage, `tmp/b${i}`))?.equals(bytes), `buffer of ${size}`).toBe(true);
      expect((await read(storage, `tmp/s${i}`))?.equals(bytes), `stream of ${size}`).toBe(true);
    }
    for (const [i] of sizes.entries()) {
      await storage.delete(`tmp/b${i}`);
      await storage.delete(`tmp/s${i}`);
    }
    expect(await keys(storage, ['tmp'])).toEqual([]);
  });

  it('replaces a file written again under its key; knows no missing file; deletes twice quietly', async () => {
    await storage.put('news/1/again', Buffer.from('first version, longer'));
    await storage.put('news/1/again', Buffer.from('second'));
    expect((await read(storage, 'news/1/again'))?.toString()).toBe('second');
    await storage.delete('news/1/again');
    await storage.delete('news/1/again');
    expect(await storage.get('news/1/again')).toBeNull();
    expect(await storage.get('news/1/never')).toBeNull();
  });

  it('moves a file to its key, replacing what was there; moving a missing file fails', async () => {
    await storage.put('tmp/m1', Buffer.from('moved'));
    await storage.put('chat/5/m', Buffer.from('old'));
    await storage.move('tmp/m1', 'chat/5/m');
    expect(await storage.get('tmp/m1')).toBeNull();
    expect((await read(storage, 'chat/5/m'))?.toString()).toBe('moved');
    await expect(storage.move('tmp/none', 'chat/5/none')).rejects.toThrow();
    await storage.delete('chat/5/m');
  });

  it('lists the files of some top-level folders, or all, with size and time', async () => {
    const before = Date.now() - 5000;
    await storage.put('library/l1', Buffer.from('12345'));
    await storage.put('umk/u1', Buffer.from('1'));
    await storage.put('branding/x.png', Buffer.from('12'));
    const listed = [];
    for await (const f of storage.list(['library', 'umk'])) listed.push(f);
    // (The demo files of the test database may be there too.)
    expect(listed.every((f) => /^(library|umk)\//.test(f.key))).toBe(true);
    const mine = listed.filter((f) => f.key === 'library/l1' || f.key === 'umk/u1');
    expect(mine.map((f) => [f.key, f.size]).sort()).toEqual([
      ['library/l1', 5],
      ['umk/u1', 1],
    ]);
    for (const f of mine) expect(f.modifiedAt.getTime()).toBeGreaterThan(before);
    expect(await keys(storage)).toEqual(expect.arrayContaining(['branding/x.png', 'library/l1', 'umk/u1']));
    expect((await keys(storage)).length).toBeGreaterThan(listed.length);
    expect(await keys(storage, [])).toEqual([]);
    for (const key of ['library/l1', 'umk/u1', 'branding/x.png']) await storage.delete(key);
  });

  it('refuses keys that are not the server’s own', async () => {
    for (const key of ['../etc/passwd', 'news/../../x', '/abs', 'News/1', 'news//1', '']) {
      await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/Invalid storage key/);
      await expect(storage.get(key), key).rejects.toThrow(/Invalid storage key/);
    }
  });

  it('a write whose source fails leaves no file', async () => {
    async function* failing() {
      yield randomBytes(chunkBytes * 2);
      throw new Error('client went away');
    }
    await expect(storage.put('tmp/broken', Readable.from(failing()))).rejects.toThrow('client went away');
    if (driver === 'postgres') expect(await storage.get('tmp/broken')).toBeNull();
    else await storage.delete('tmp/broken'); // a partial file stays on disk, for the orphan sweep
  });

  it('streams 50 MB both ways with memory far below the file size', { timeout: 180_000 }, async () => {
    const total = 50 * 1024 * 1024;
    const piece = 64 * 1024;
    gc();
    const base = process.memoryUsage();
    // Live memory: measured after a collection, every 2 MB of the way. Peak: sampled as it goes, garbage included.
    const live = { heap: 0, buffers: 0 };
    const peak = { heap: 0, buffers: 0 };
    const measure = (into: typeof live) => {
      const m = process.memoryUsage();
      into.heap = Math.max(into.heap, m.heapUsed - base.heapUsed);
      into.buffers = Math.max(into.buffers, m.arrayBuffers - base.arrayBuffers);
    };
    // Buffers' memory is returned by a sweeper behind the collector: a second collection after a turn finishes it.
    const every2Mb = async (offset: number) => {
      if (offset % (2 * 1024 * 1024) !== 0) return;
      gc();
      await new Promise((r) => setImmediate(r));
      gc();
      measure(live);
    };
    const written = createHash('sha256');
    async function* generated() {
      for (let sent = 0; sent < total; sent += piece) {
        await every2Mb(sent);
        const bytes = randomBytes(piece);
        written.update(bytes);
        yield bytes;
      }
    }
    const timer = setInterval(() => measure(peak), 10);
    const started = Date.now();
    let writeMs = 0;
    try {
      expect(await storage.put('tmp/large', Readable.from(generated()))).toBe(total);
      writeMs = Date.now() - started;
      const file = await storage.get('tmp/large');
      expect(file?.size).toBe(total);
      const readBack = createHash('sha256');
      let got = 0;
      for await (const part of file?.stream ?? []) {
        readBack.update(part as Buffer);
        const before = got;
        got += (part as Buffer).length;
        if (Math.floor(got / (2 * 1024 * 1024)) > Math.floor(before / (2 * 1024 * 1024))) await every2Mb(0);
        measure(peak);
      }
      expect(got).toBe(total);
      expect(readBack.digest('hex')).toBe(written.digest('hex'));
    } finally {
      clearInterval(timer);
      await storage.delete('tmp/large');
    }
    const mb = (n: number) => Math.round((n / 1024 / 1024) * 10) / 10;
    console.log(
      `${driver} storage on ${t.database.engine}, 50 MB (write ${writeMs} ms, read ${Date.now() - started - writeMs} ms): ` +
        `live growth heap ${mb(live.heap)} MB, buffers ${mb(live.buffers)} MB; ` +
        `peak with garbage heap ${mb(peak.heap)} MB, buffers ${mb(peak.buffers)} MB`,
    );
    // What stays reachable while the file goes through is a few chunks, never the file.
    expect(live.heap).toBeLessThan(8 * 1024 * 1024);
    // PGlite keeps its database in this process's WebAssembly memory (counted as buffers), so only a separate
    // server shows what the storage itself holds in buffers.
    if (driver === 'local' || t.database.engine === 'postgres') expect(live.buffers).toBeLessThan(8 * 1024 * 1024);
  });
});

describe('postgres storage', () => {
  it('renames inside the transaction writing the rows: a rollback puts the file back', async () => {
    const storage = storageFor('postgres');
    await storage.put('tmp/tx', Buffer.from('in a transaction'));
    await expect(
      t.database.db.transaction(async (tx) => {
        await storage.move('tmp/tx', 'news/7/tx', tx as unknown as Db);
        throw new Error('the rows failed');
      }),
    ).rejects.toThrow('the rows failed');
    expect((await read(storage, 'tmp/tx'))?.toString()).toBe('in a transaction');
    expect(await storage.get('news/7/tx')).toBeNull();
    await storage.delete('tmp/tx');
  });

  it('lists past a page of a thousand files', async () => {
    const storage = storageFor('postgres');
    await t.database.db.execute(sql`
      insert into stored_files (key, size, chunks) select 'tmp/p' || lpad(i::text, 5, '0'), 0, 0
      from generate_series(1, 2345) i`);
    const listed = await keys(storage, ['tmp']);
    expect(listed).toHaveLength(2345);
    expect(new Set(listed).size).toBe(2345);
    await t.database.db.execute(sql`delete from stored_files where key like 'tmp/p%'`);
  });

  it('a file uploaded through one instance downloads through another that shares only the database', async () => {
    const one = await createTestApp({ STORAGE: 'postgres' });
    const other = await one.secondInstance();
    try {
      const cookie = await one.signIn('teacher1');
      const content = randomBytes(3 * chunkBytes + 1000).toString('base64');
      const res = await one.app.inject({
        method: 'POST',
        url: insertUpdateBook.path,
        payload: formBody({ name: 'Общий', author: 'Автор', id_bookCategory: '2' }, [{ name: 'shared.txt', content }]),
        headers: { cookie },
      });
      expect(res.statusCode, res.body).toBe(200);
      const book = res.json().data;
      // The file is in the database, not in the first instance's folder.
      const [row] = await one.database.db.select({ key: books.fileKey }).from(books).where(eq(books.id, book.id_eBook));
      await expect(fs.stat(path.join(one.config.dataDir, 'files', row?.key as string))).rejects.toThrow();
      expect(await one.storage.get(row?.key as string)).not.toBeNull();
      const download = await other.app.inject({
        method: 'GET',
        url: `${bookDownload.path}?id=${book.id_eBook}`,
        headers: { cookie },
      });
      expect(download.statusCode, download.body).toBe(200);
      expect(download.body).toBe(content);
      expect(book.file?.url).toBeTruthy();
    } finally {
      await other.close();
      await one.close();
    }
  });
});
