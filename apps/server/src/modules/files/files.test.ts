import { chatInsert } from '@okuu/contracts/chat/insert';
import { insertUpdateBook } from '@okuu/contracts/library/insert-update-book';
import { newsInsert } from '@okuu/contracts/news/insert';
import { umkInsertOrUpdate } from '@okuu/contracts/umk/insert-or-update';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testChanges } from '../../../test/harness.ts';
import { expectNothingStored, formBody, setFileTime, storedFiles } from '../../../test/multipart.ts';
import { buildApp } from '../../app.ts';
import { chatMessages } from '../../db/schema/chat.ts';
import { books } from '../../db/schema/library.ts';
import { news, newsAttachments } from '../../db/schema/news.ts';
import { umkMaterials } from '../../db/schema/umk.ts';
import { users } from '../../db/schema/users.ts';
import { hashToken } from '../../lib/session.ts';
import type { Storage } from '../../lib/storage.ts';
import { createAuthRepository } from '../auth/auth.repository.ts';
import { createNewsRepository } from '../news/news.repository.ts';
import { createNewsService } from '../news/news.service.ts';

let t: TestApp;
let teacher: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  [teacher, student] = [await t.signIn('teacher1'), await t.signIn('student1')];
});
afterAll(() => t.close());

async function post(
  url: string,
  cookie: string,
  fields: Record<string, unknown>,
  headers: Record<string, string> = {},
  files = [{ name: 'plan.txt', content: 'plan' }],
) {
  const res = await t.app.inject({
    method: 'POST',
    url,
    payload: formBody(fields, files),
    headers: { cookie, ...headers },
  });
  return { status: res.statusCode, body: res.json() };
}

const newsCount = async () => (await t.database.db.select({ n: count() }).from(news))[0]?.n;

describe('create calls with an Idempotency-Key', () => {
  it('a retried news post is one post, answered twice alike', async () => {
    const before = await newsCount();
    const fields = { text: 'Однажды', audience: 'all' };
    const first = await post(newsInsert.path, teacher, fields, { 'idempotency-key': 'news-retry-1' });
    const again = await post(newsInsert.path, teacher, fields, { 'idempotency-key': 'news-retry-1' });
    expect(first.status).toBe(200);
    expect(again).toEqual(first);
    expect(await newsCount()).toBe((before ?? 0) + 1);
    // Without a key, or with another, a post is a new one.
    expect(
      (await post(newsInsert.path, teacher, fields, { 'idempotency-key': 'news-retry-2' })).body.data.id_eventMessage,
    ).not.toBe(first.body.data.id_eventMessage);
  });

  it('a retried library book or study material upload is one, answered alike', async () => {
    const pdf = { name: 'retry.pdf', content: '%PDF-1.4\n%%EOF\n' };
    const bookFields = { name: 'Повтор', author: 'Автор', id_bookCategory: '2' };
    const bookCount = async () => (await t.database.db.select({ n: count() }).from(books))[0]?.n ?? 0;
    const before = await bookCount();
    const first = await post(insertUpdateBook.path, teacher, bookFields, { 'idempotency-key': 'book-1' }, [pdf]);
    const again = await post(insertUpdateBook.path, teacher, bookFields, { 'idempotency-key': 'book-1' }, [pdf]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(again).toEqual(first);
    expect(await bookCount()).toBe(before + 1);

    const [material] = await t.database.db.select().from(umkMaterials).limit(1);
    const umkFields = {
      umkName: 'Повтор',
      author: 'Автор',
      totalPages: '3',
      annotation: '-',
      id_typeUmk: String(material?.typeId),
      id_discipline: String(material?.disciplineId),
      id_semester: String(material?.semesterId),
      id_examination: String(material?.examinationTypeId),
      audience: 'all',
    };
    const owner = await t.sessionOf(
      (
        await t.database.db
          .select({ login: users.login })
          .from(users)
          .where(eq(users.id, material?.teacherId as number))
      )[0]?.login as string,
    );
    const umkCount = async () => (await t.database.db.select({ n: count() }).from(umkMaterials))[0]?.n ?? 0;
    const umkBefore = await umkCount();
    const one = await post(umkInsertOrUpdate.path, owner, umkFields, { 'idempotency-key': 'umk-1' }, [pdf]);
    const two = await post(umkInsertOrUpdate.path, owner, umkFields, { 'idempotency-key': 'umk-1' }, [pdf]);
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(two).toEqual(one);
    expect(await umkCount()).toBe(umkBefore + 1);
  });

  it('the same chat message sent twice at once is stored once', async () => {
    const [me] = await t.database.db.select({ n: count() }).from(chatMessages);
    const fields = { id_to: -1, text: 'Дважды сразу' };
    const replies = await Promise.all(
      [1, 2, 3].map(() => post(chatInsert.path, student, fields, { 'idempotency-key': 'chat-twins' })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(replies.map((r) => r.body.data.id_message)).size).toBe(1);
    const [after] = await t.database.db.select({ n: count() }).from(chatMessages);
    expect(after?.n).toBe((me?.n ?? 0) + 1);
  });

  it('refuses a key reused for another request, and a malformed key', async () => {
    await post(chatInsert.path, student, { id_to: -1, text: 'Первое' }, { 'idempotency-key': 'chat-reuse' });
    await expectNothingStored(t, async () => {
      const other = await post(
        chatInsert.path,
        student,
        { id_to: -1, text: 'Другое' },
        { 'idempotency-key': 'chat-reuse' },
      );
      expect(other.status).toBe(409);
      expect(other.body.error.code).toBe('idempotency_conflict');
      const bad = await post(chatInsert.path, student, { id_to: -1, text: 'x' }, { 'idempotency-key': 'с пробелом' });
      expect(bad.status).toBe(400);
    });
  });

  it('replies from what the transaction wrote: a connection lost after the commit is no failure', async () => {
    const repo = createNewsRepository(t.database.db, testChanges(t.database));
    const service = createNewsService({
      // After the commit, reading the item back fails as a dropped connection would.
      repo: { ...repo, item: async () => Promise.reject(new Error('Connection terminated unexpectedly')) },
      storage: t.storage,
      files: { checkQuota: async () => {} },
    });
    const session = await createAuthRepository(t.database.db, testChanges(t.database)).findSessionUser(
      Buffer.from(hashToken(teacher.slice('token='.length)), 'hex'),
    );
    if (!session) throw new Error('No session');
    const item = await service.insert(
      session as NonNullable<typeof session>,
      { text: 'Сохранено', audience: 'all', faculties: [] },
      [],
    );
    expect(item.message).toBe('Сохранено');
    const [row] = await t.database.db.select({ text: news.text }).from(news).where(eq(news.id, item.id_eventMessage));
    expect(row?.text).toBe('Сохранено');
  });
});

describe('uploads and the files left behind', () => {
  it('a failure between writing the file and committing its row leaves no file', async () => {
    const failing: Storage = {
      ...t.storage,
      move: async () => Promise.reject(new Error('disk gone')),
    };
    const app = await buildApp({ config: t.config, database: t.database, storage: failing });
    try {
      await expectNothingStored(t, async () => {
        const res = await app.inject({
          method: 'POST',
          url: chatInsert.path,
          payload: formBody({ id_to: -1, text: 'с файлом' }, [{ name: 'a.txt', content: 'abc' }]),
          headers: { cookie: student },
        });
        expect(res.statusCode).toBe(500);
      });
    } finally {
      await app.close();
    }
  });

  it('files a crash left (under tmp/, or with no row) go after an hour, at start; others stay', async () => {
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000);
    const [kept] = await t.database.db.select({ key: newsAttachments.storageKey }).from(newsAttachments).limit(1);
    const plant = async (key: string, age: number) => {
      await t.storage.put(key, Buffer.from('x'));
      await setFileTime(t, key, hoursAgo(age));
    };
    await plant('tmp/0123456789abcdef0123456789abcdef', 2);
    await plant('news/999999/0123456789abcdef0123456789abcdef', 2);
    await plant('chat/999999/fedcba9876543210fedcba9876543210', 2);
    await plant('tmp/fedcba9876543210fedcba9876543210', 0.1); // an upload under way
    await setFileTime(t, kept?.key as string, hoursAgo(3));

    // A restart: the sweep runs at start.
    const restarted = await buildApp({ config: t.config, database: t.database, storage: t.storage });
    try {
      let files = await storedFiles(t);
      for (let i = 0; i < 100 && files.includes('tmp/0123456789abcdef0123456789abcdef'); i++) {
        await new Promise((r) => setTimeout(r, 50));
        files = await storedFiles(t);
      }
      expect(files).not.toContain('tmp/0123456789abcdef0123456789abcdef');
      expect(files).not.toContain('news/999999/0123456789abcdef0123456789abcdef');
      expect(files).not.toContain('chat/999999/fedcba9876543210fedcba9876543210');
      expect(files).toContain('tmp/fedcba9876543210fedcba9876543210');
      expect(files).toContain(kept?.key);
    } finally {
      await restarted.close();
    }
  });

  it('refuses an upload past the storage quota with a 413 naming it', async () => {
    const small = await createTestApp({ STORAGE_QUOTA_MB: '0.01' });
    try {
      const cookie = await small.signIn('student1');
      await expectNothingStored(small, async () => {
        const res = await small.app.inject({
          method: 'POST',
          url: chatInsert.path,
          payload: formBody({ id_to: -1, text: 'большой' }, [{ name: 'big.txt', content: 'x'.repeat(20_000) }]),
          headers: { cookie },
        });
        expect(res.statusCode).toBe(413);
        expect(res.json().error.code).toBe('storage_quota');
        expect(res.json().error.message).toMatch(/quota/);
        expect(res.json().error.message).toMatch(/0\.01 MB/);
      });
      // Within the quota, a small file still goes.
      const ok = await small.app.inject({
        method: 'POST',
        url: chatInsert.path,
        payload: formBody({ id_to: -1, text: 'малый' }, [{ name: 'small.txt', content: 'x' }]),
        headers: { cookie },
      });
      expect(ok.statusCode).toBe(200);
    } finally {
      await small.close();
    }
  });
});
