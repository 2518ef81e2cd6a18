import { chatContacts } from '@okuu/contracts/chat/contacts';
import { chatCount } from '@okuu/contracts/chat/count';
import { chatDeleteMessage } from '@okuu/contracts/chat/delete-message';
import { chatDownload, chatPhoto } from '@okuu/contracts/chat/download';
import { chatGroupMessages, chatGroupUnread } from '@okuu/contracts/chat/group-messages';
import { chatInsert } from '@okuu/contracts/chat/insert';
import { type ChatMessage, type ChatPage, chatLimits, chatRecipientTypes } from '@okuu/contracts/chat/message';
import { chatMessages as messagesEndpoint } from '@okuu/contracts/chat/messages';
import { chatNewMessages } from '@okuu/contracts/chat/new-messages';
import { chatOldMessages } from '@okuu/contracts/chat/old-messages';
import { chatRead } from '@okuu/contracts/chat/read';
import { chatReadAll } from '@okuu/contracts/chat/read-all';
import type { Endpoint } from '@okuu/contracts/endpoint';
import type { ApiError } from '@okuu/contracts/errors';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { expectNothingStored } from '../../../test/multipart.ts';
import { chatAttachments, chatMessages } from '../../db/schema/chat.ts';
import { streamGroups, streams, teachingAssignments } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';
import { imageTypeOf } from './chat.files.ts';

type Fields = Record<string, string | number | boolean | undefined>;
type FilePart = { name: string; content: string | Buffer; field?: 'files' | 'photos'; type?: string };
type Reply<T = never> = {
  status: number;
  body: { result: number; error: ApiError | null; data: T };
};

/** A tiny valid PNG (1×1). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let t: TestApp;
const cookie: Record<string, string> = {};
const id: Record<string, number> = {};
const logins = ['teacher1', 'teacher2', 'student1', 'student2', 'student3', 'student6', 'staff1'] as const;

beforeAll(async () => {
  t = await createTestApp();
  const rows = await t.database.db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(inArray(users.login, [...logins]));
  for (const r of rows) id[r.login] = r.id;
  for (const login of logins) cookie[login] = login === 'staff1' ? await t.sessionOf(login) : await t.signIn(login);
});
afterAll(() => t.close());

/** Sends a message (multipart) as the holder of `who`'s cookie. */
async function send(
  who: string | undefined,
  fields: Fields,
  files: FilePart[] = [],
  app = t,
): Promise<Reply<ChatMessage>> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, String(value));
  for (const f of files) {
    form.append(f.field ?? 'files', new Blob([f.content], { type: f.type ?? 'application/octet-stream' }), f.name);
  }
  const res = await app.app.inject({
    method: 'POST',
    url: chatInsert.path,
    payload: form,
    headers: who ? { cookie: cookie[who] as string } : {},
  });
  return { status: res.statusCode, body: res.json() };
}

async function call<T = never>(
  endpoint: Endpoint,
  who: string,
  input: Record<string, unknown> = {},
): Promise<Reply<T>> {
  const res = await t.call(endpoint, input, { cookie: cookie[who] });
  return res as unknown as Reply<T>;
}

async function page(endpoint: Endpoint, who: string, input: Record<string, unknown>): Promise<ChatPage> {
  const res = await call<ChatPage>(endpoint, who, input);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const count = async (who: string) => (await call<{ count: number }>(chatCount, who)).body.data.count;
const texts = (p: ChatPage) => p[0].map((m) => m.message);

async function file(endpoint: Endpoint, who: string | undefined, attachmentId: number) {
  return t.app.inject({
    method: 'GET',
    url: `${endpoint.path}?id=${attachmentId}`,
    headers: who ? { cookie: cookie[who] as string } : {},
  });
}

describe('contacts', () => {
  it("lists a student's teachers with unread counts, the group chat first", async () => {
    const res = await call<{ contacts: { idid: number }[] }>(chatContacts, 'student1');
    expect(res.status).toBe(200);
    const data = res.body.data as unknown as {
      year: number;
      ws: number;
      contacts: {
        idid: number;
        fio: string;
        countMessages: number;
        id_type: number;
        disciplines: { id_discipline: number; kredit: number; id_group: number; discipline: { name: string } }[];
      }[];
      groupChats: { id_group: number | null; countMessages: number }[];
    };
    expect(data.contacts[0]).toEqual({
      idid: -1,
      fio: 'Групповой чат',
      countMessages: 2,
      id_type: 2,
      faculty: 1,
      group: -1,
      groupName: null,
      position: null,
      disciplines: [],
    });
    const teacher = data.contacts.find((c) => c.idid === id.teacher1);
    expect(teacher).toMatchObject({
      countMessages: 1,
      id_type: 1,
      group: null,
      position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
    });
    expect(teacher?.disciplines.length).toBeGreaterThan(0);
    expect(teacher?.disciplines[0]).toMatchObject({ id_group: 1, year: data.year, ws: data.ws });
    expect(teacher?.disciplines[0]?.discipline.name).toBeTruthy();
    // Only teachers, each once; never a fellow student.
    const people = data.contacts.slice(1);
    expect(new Set(people.map((c) => c.idid)).size).toBe(people.length);
    expect(people.every((c) => c.id_type === 1)).toBe(true);
    expect(people.map((c) => c.idid)).not.toContain(id.teacher2);
    expect(data.groupChats).toEqual([
      { id_group: 1, id_stream: null, name: expect.any(String), nameKg: '', nameEn: '', countMessages: 2 },
    ]);
  });

  it("lists a teacher's students with unread counts and the groups taught", async () => {
    const data = (await call(chatContacts, 'teacher1')).body.data as unknown as {
      contacts: { idid: number; countMessages: number; id_type: number; group: number | null; faculty: number }[];
      groupChats: { id_group: number | null; countMessages: number }[];
    };
    expect(data.contacts[0]).toMatchObject({ idid: -1, countMessages: 1 });
    const students = data.contacts.slice(1);
    expect(students.every((c) => c.id_type === 2 && c.group === 1 && typeof c.faculty === 'number')).toBe(true);
    expect(students.find((c) => c.idid === id.student1)?.countMessages).toBe(1);
    expect(students.find((c) => c.idid === id.student2)?.countMessages).toBe(0);
    expect(students.map((c) => c.idid)).not.toContain(id.student3);
    expect(data.groupChats).toEqual([
      { id_group: 1, id_stream: null, name: expect.any(String), nameKg: '', nameEn: '', countMessages: 1 },
    ]);
  });

  it('gives staff no contacts, and another half-year its own links', async () => {
    expect((await call(chatContacts, 'staff1')).body.data).toMatchObject({ contacts: [], groupChats: [] });
    const other = (await call(chatContacts, 'student1', { year: 2001, ws: 1 })).body.data as unknown as {
      contacts: { idid: number }[];
    };
    // No links in that half-year; teacher1 is listed all the same, for the unread message from them.
    expect(other.contacts.map((c) => c.idid)).toEqual([-1, id.teacher1]);
    expect((await call(chatContacts, 'student1', { ws: 4 })).status).toBe(400);
  });
});

describe('a conversation with a person', () => {
  it('pages the seeded conversation oldest first, with the unread info', async () => {
    const [messages, [info]] = await page(messagesEndpoint, 'student1', { id_to: id.teacher1 });
    expect(messages.map((m) => m.ismine)).toEqual([true, false, true, false]);
    expect(messages[0]).toMatchObject({
      id_from: id.student1,
      id_from_type: 2,
      id_to: id.teacher1,
      id_to_type: chatRecipientTypes.teacher,
      isRead: true,
    });
    expect(messages[2]?.attachments).toEqual([
      {
        id: expect.any(Number),
        name: 'Отчёт ЛР2.txt',
        size: expect.any(Number),
        kind: 'file',
        url: expect.any(String),
      },
    ]);
    expect(messages[2]?.isRead).toBe(false); // teacher1 has not read it
    expect(new Date(messages[0]?.created as string).toISOString()).toBe(messages[0]?.created);
    expect(info).toEqual({ unreades_start: messages[3]?.id_message, unreades_total: 1, hasMore: false });
    // The same conversation from the other side.
    const [theirs, [theirInfo]] = await page(messagesEndpoint, 'teacher1', { id_to: String(id.student1) });
    expect(theirs.map((m) => m.id_message)).toEqual(messages.map((m) => m.id_message));
    expect(theirs.map((m) => m.ismine)).toEqual([false, true, false, true]);
    expect(theirInfo).toMatchObject({ unreades_start: messages[2]?.id_message, unreades_total: 1 });
  });

  it('pages by 20: newest first page, then older and newer pages until fewer than 20', async () => {
    // A new conversation of 45 messages.
    for (let i = 1; i <= 45; i++) {
      const res = await send('teacher1', { id_to: id.student2, text: `№${i}` });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
    }
    const all: ChatMessage[] = [];
    const [newest, [first]] = await page(messagesEndpoint, 'student2', { id_to: id.teacher1 });
    expect(newest).toHaveLength(chatLimits.pageSize);
    expect(texts([newest, [first as never]])).toEqual(Array.from({ length: 20 }, (_, i) => `№${26 + i}`));
    expect(first).toMatchObject({ hasMore: true, unreades_total: 45 });
    all.unshift(...newest);
    let top = newest[0]?.id_message as number;
    const sizes: number[] = [];
    for (;;) {
      const [older, [info]] = await page(chatOldMessages, 'student2', { id_to: id.teacher1, id_top_message: top });
      sizes.push(older.length);
      all.unshift(...older);
      if (!info?.hasMore) break;
      top = older[0]?.id_message as number;
    }
    expect(sizes).toEqual([20, 5]);
    expect(all.map((m) => m.message)).toEqual(Array.from({ length: 45 }, (_, i) => `№${i + 1}`));
    const ids = all.map((m) => m.id_message);
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // Newer than a cursor: oldest first, in pages of 20.
    const [n1, [i1]] = await page(chatNewMessages, 'student2', { id_to: id.teacher1, id_last_message: ids[2] });
    expect(n1.map((m) => m.id_message)).toEqual(ids.slice(3, 23));
    expect(i1?.hasMore).toBe(true);
    const [n2, [i2]] = await page(chatNewMessages, 'student2', { id_to: id.teacher1, id_last_message: ids[22] });
    expect(n2.map((m) => m.id_message)).toEqual(ids.slice(23, 43));
    expect(i2?.hasMore).toBe(true);
    const [n3, [i3]] = await page(chatNewMessages, 'student2', { id_to: id.teacher1, id_last_message: ids[42] });
    expect(n3.map((m) => m.id_message)).toEqual(ids.slice(43));
    expect(i3?.hasMore).toBe(false);
    const [none, [i4]] = await page(chatNewMessages, 'student2', { id_to: id.teacher1, id_last_message: ids[44] });
    expect(none).toEqual([]);
    expect(i4?.hasMore).toBe(false);
    // From the start.
    const [start] = await page(chatNewMessages, 'student2', { id_to: id.teacher1, id_last_message: 0 });
    expect(start.map((m) => m.id_message)).toEqual(ids.slice(0, 20));
    // Exactly 20 left: the spec's rule would ask once more; hasMore says no.
    const [exact, [i5]] = await page(chatOldMessages, 'student2', { id_to: id.teacher1, id_top_message: ids[20] });
    expect(exact).toHaveLength(20);
    expect(i5?.hasMore).toBe(false);
  });

  it('counts unread messages: read lowers by one, readall sets 0', async () => {
    const before = await count('student2');
    expect(before).toBeGreaterThanOrEqual(45);
    const [messages] = await page(messagesEndpoint, 'student2', { id_to: id.teacher1 });
    const target = messages[5]?.id_message as number;
    const read = await call(chatRead, 'student2', { id_message: target });
    expect(read.body.data).toEqual({ id_message: target, changed: true, count: before - 1 });
    expect(await count('student2')).toBe(before - 1);
    // Again: nothing changes.
    expect((await call(chatRead, 'student2', { id_message: target })).body.data).toMatchObject({
      changed: false,
      count: before - 1,
    });
    // The sender sees it read.
    const [sent] = await page(messagesEndpoint, 'teacher1', { id_to: id.student2 });
    expect(sent.find((m) => m.id_message === target)?.isRead).toBe(true);
    expect(sent.find((m) => m.id_message === target + 1)?.isRead).toBe(false);
    // Reading one's own message changes nothing.
    expect((await call(chatRead, 'teacher1', { id_message: target })).body.data).toMatchObject({ changed: false });
    // Per conversation, then everything.
    const scoped = await call<{ marked: number; count: number }>(chatReadAll, 'student2', { id_to: id.teacher1 });
    expect(scoped.body.data.marked).toBe(44);
    expect(scoped.body.data.count).toBe(before - 45);
    const all = await call<{ marked: number; count: number }>(chatReadAll, 'student2');
    expect(all.body.data).toEqual({ marked: before - 45, count: 0 });
    expect(await count('student2')).toBe(0);
    const [, [info]] = await page(messagesEndpoint, 'student2', { id_to: id.teacher1 });
    expect(info).toMatchObject({ unreades_start: 0, unreades_total: 0 });
  });
});

describe('sending', () => {
  it('stores the context it is given, or the current half-year', async () => {
    const res = await send('student1', {
      id_to: id.teacher1,
      text: '  Вопрос по курсовой \r\n вторая строка ',
      year: 2026,
      ws: 1,
      id_discipline: 1,
      kredit: 5,
      isElective: 'true',
      uid: id.teacher2, // never trusted
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({
      message: 'Вопрос по курсовой \n вторая строка',
      ismine: true,
      id_from: id.student1,
      id_to: id.teacher1,
      id_to_type: 1,
      year: 2026,
      ws: 1,
      id_discipline: 1,
      kredit: 5,
      id_group: 1,
      isElective: true,
      isRead: false,
      attachments: [],
    });
    const plain = (await send('teacher1', { id_to: id.student1, text: 'Ок' })).body.data;
    const current = (await call(chatContacts, 'teacher1')).body.data as unknown as { year: number; ws: number };
    expect(plain).toMatchObject({ year: current.year, ws: current.ws, id_discipline: null, kredit: null });
  });

  it('refuses empty messages, unknown context and too many files, storing nothing', async () => {
    await expectNothingStored(t, async () => {
      const empty = await send('student1', { id_to: id.teacher1, text: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.body.error?.issues).toEqual([{ path: ['text'], rule: 'text_or_file' }]);
      const discipline = await send('student1', { id_to: id.teacher1, text: 'x', id_discipline: 999999 });
      expect(discipline.status).toBe(400);
      const subgroup = await send('student1', { id_to: id.teacher1, text: 'x', id_subgroup: 999999 });
      expect(subgroup.status).toBe(400);
      const long = await send('student1', { id_to: id.teacher1, text: 'я'.repeat(chatLimits.textMax + 1) });
      expect(long.status).toBe(400);
      const files = Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, content: 'x' }));
      const many = await send('student1', { id_to: id.teacher1 }, files);
      expect(many.status).toBe(400);
      expect(many.body.error?.message).toBe('files: at most 10 allowed');
      expect(many.body.error?.issues).toEqual([{ path: ['files'], rule: 'too_many', params: { max: 10 } }]);
      const names = await send('student1', { id_to: id.teacher1, fileName: 'a.txt;!;b.txt' }, [
        { name: 'x.txt', content: 'x' },
      ]);
      expect(names.status).toBe(400);
    });
  });

  it('refuses a file over UPLOAD_MAX_MB with 413 and a clear message', async () => {
    const small = await createTestApp({ UPLOAD_MAX_MB: '1' });
    try {
      const studentCookie = await small.signIn('student1');
      const form = new FormData();
      form.append('id_to', String(id.teacher1));
      form.append('text', 'big');
      form.append('files', new Blob([Buffer.alloc(1024 * 1024 + 1)]), 'big.bin');
      const res = await small.app.inject({
        method: 'POST',
        url: chatInsert.path,
        payload: form,
        headers: { cookie: studentCookie },
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toMatchObject({ result: 1, data: null, error: { code: 'too_large' } });
      expect(res.json().error.message).toMatch(/at most 1 MB/);
      const rows = await small.database.db.select().from(chatMessages).where(eq(chatMessages.text, 'big'));
      expect(rows).toEqual([]);
    } finally {
      await small.close();
    }
  });
});

describe('attachments', () => {
  let message: ChatMessage;
  beforeAll(async () => {
    const res = await send('student1', { id_to: id.teacher1, text: 'Фото и файлы' }, [
      { name: 'report.pdf', content: '%PDF-1.4 report' },
      { name: 'photo.png', content: png, field: 'photos', type: 'image/png' },
      { name: 'fake.png', content: '<html><script>alert(1)</script></html>', field: 'photos', type: 'image/png' },
      { name: 'vector.svg', content: '<svg onload="alert(1)"/>', field: 'photos', type: 'image/svg+xml' },
      { name: '../../etc/passwd', content: 'not really' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    message = res.body.data;
  });

  const attachment = (name: string) =>
    message.attachments.find((a) => a.name === name) as ChatMessage['attachments'][0];

  it('stores them under generated keys, with sanitised names and their kinds', async () => {
    expect(message.attachments.map((a) => [a.name, a.kind])).toEqual([
      ['report.pdf', 'file'],
      ['photo.png', 'photo'],
      ['fake.png', 'photo'],
      ['vector.svg', 'photo'],
      ['passwd', 'file'],
    ]);
    expect(attachment('photo.png').url).toBe(`${chatPhoto.path}?id=${attachment('photo.png').id}`);
    expect(attachment('report.pdf').url).toBe(`${chatDownload.path}?id=${attachment('report.pdf').id}`);
    const rows = await t.database.db
      .select({ key: chatAttachments.storageKey, type: chatAttachments.contentType, name: chatAttachments.name })
      .from(chatAttachments)
      .where(eq(chatAttachments.messageId, message.id_message));
    for (const row of rows) {
      expect(row.key).toMatch(new RegExp(`^chat/${message.id_message}/[0-9a-f]{32}$`));
      expect(await t.storage.get(row.key)).not.toBeNull();
    }
    expect(rows.find((r) => r.name === 'photo.png')?.type).toBe('image/png');
    expect(rows.find((r) => r.name === 'fake.png')?.type).toBeNull();
  });

  it('shows a real photo inline, everything else only as a download, always with nosniff', async () => {
    const photo = await file(chatPhoto, 'teacher1', attachment('photo.png').id);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['content-disposition']).toMatch(/^inline;/);
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(photo.rawPayload.equals(png)).toBe(true);

    for (const name of ['fake.png', 'vector.svg', 'report.pdf']) {
      const res = await file(chatPhoto, 'teacher1', attachment(name).id);
      expect(res.statusCode, name).toBe(200);
      expect(res.headers['content-disposition'], name).toMatch(/^attachment;/);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
    expect((await file(chatPhoto, 'teacher1', attachment('vector.svg').id)).headers['content-type']).toBe(
      'application/octet-stream',
    );
    const pdf = await file(chatDownload, 'student1', attachment('report.pdf').id);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename=report.pdf');
    expect(pdf.body).toBe('%PDF-1.4 report');
    // The download of a photo is a download.
    expect((await file(chatDownload, 'teacher1', attachment('photo.png').id)).headers['content-disposition']).toMatch(
      /^attachment;/,
    );
  });

  it('serves nobody but the participants: others get 404, the anonymous 401', async () => {
    for (const a of message.attachments) {
      for (const who of ['student2', 'teacher2', 'staff1', 'student3']) {
        for (const endpoint of [chatDownload, chatPhoto]) {
          const res = await file(endpoint, who, a.id);
          expect(res.statusCode, `${who} ${a.name}`).toBe(404);
          expect(res.json()).toMatchObject({ result: 1, data: null, error: { code: 'not_found' } });
        }
      }
      expect((await file(chatDownload, undefined, a.id)).statusCode).toBe(401);
    }
    for (const bad of ['0', '-1', '../../etc/passwd', 'chat/1/abc', '1e3', '']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `${chatDownload.path}?id=${encodeURIComponent(bad)}`,
        headers: { cookie: cookie.teacher1 as string },
      });
      expect(res.statusCode, bad).toBe(400);
    }
    expect((await file(chatDownload, 'teacher1', 2_000_000_000)).statusCode).toBe(404);
  });

  it('knows image signatures', () => {
    expect(imageTypeOf(png)).toBe('image/png');
    expect(imageTypeOf(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(imageTypeOf(Buffer.from('GIF89a...'))).toBe('image/gif');
    expect(imageTypeOf(Buffer.from('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(imageTypeOf(Buffer.from('<svg'))).toBeNull();
    expect(imageTypeOf(Buffer.alloc(0))).toBeNull();
  });
});

describe('deleting', () => {
  it('lets only the author delete: another participant gets 403, anyone else 404', async () => {
    const mine = (await send('teacher1', { id_to: id.student1, text: 'Удалю' }, [{ name: 'a.txt', content: 'a' }])).body
      .data;
    const key = (
      await t.database.db
        .select({ key: chatAttachments.storageKey })
        .from(chatAttachments)
        .where(eq(chatAttachments.messageId, mine.id_message))
    )[0]?.key as string;
    await expectNothingStored(t, async () => {
      const byRecipient = await call(chatDeleteMessage, 'student1', { id_message: mine.id_message, uid: id.teacher1 });
      expect(byRecipient.status).toBe(403);
      expect(byRecipient.body.error?.code).toBe('forbidden');
      for (const who of ['student2', 'teacher2', 'staff1']) {
        const res = await call(chatDeleteMessage, who, { id_message: mine.id_message, uid: id.teacher1 });
        expect(res.status, who).toBe(404);
      }
    });
    const ok = await call(chatDeleteMessage, 'teacher1', { id_message: mine.id_message, uid: id.teacher1 });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toEqual({ id_message: mine.id_message, deleted: true });
    expect(await t.storage.get(key)).toBeNull();
    const [after] = await page(messagesEndpoint, 'student1', { id_to: id.teacher1 });
    expect(after.map((m) => m.id_message)).not.toContain(mine.id_message);
    expect((await call(chatDeleteMessage, 'teacher1', { id_message: mine.id_message })).status).toBe(404);
    expect((await call(chatRead, 'student1', { id_message: mine.id_message })).status).toBe(404);
  });
});

describe('conversation authorization (IDOR)', () => {
  it("keeps a student out of another student's conversation with their teacher", async () => {
    const [theirs] = await page(messagesEndpoint, 'student1', { id_to: id.teacher1 });
    const ids = theirs.map((m) => m.id_message);
    // Naming the other student as the peer: there is no such conversation.
    for (const endpoint of [messagesEndpoint, chatNewMessages, chatOldMessages]) {
      const res = await call(endpoint, 'student2', {
        id_to: id.student1,
        id_last_message: 0,
        id_top_message: ids.at(-1),
      });
      expect(res.status, endpoint.id).toBe(404);
      expect(res.body.data).toBeNull();
    }
    // Spoofing the sender: the caller's own conversation comes back, never the other's.
    const spoofed = await page(messagesEndpoint, 'student2', {
      id_to: id.teacher1,
      id_from: id.student1,
      uid: id.student1,
    });
    expect(spoofed[0].some((m) => ids.includes(m.id_message))).toBe(false);
    const newer = await page(chatNewMessages, 'student2', { id_to: id.teacher1, id_last_message: 0, uid: id.student1 });
    expect(newer[0].some((m) => ids.includes(m.id_message))).toBe(false);
    // Message ids of someone else's conversation lead nowhere.
    await expectNothingStored(t, async () => {
      for (const target of ids) {
        expect((await call(chatRead, 'student2', { id_message: target })).status).toBe(404);
        expect((await call(chatDeleteMessage, 'student2', { id_message: target, uid: id.student2 })).status).toBe(404);
      }
    });
  });

  it("keeps a teacher out of another teacher's conversations and students", async () => {
    for (const input of [{ id_to: id.student1 }, { id_to: id.student2 }]) {
      const res = await call(messagesEndpoint, 'teacher2', input);
      expect(res.status).toBe(404);
    }
    expect((await call(chatOldMessages, 'teacher2', { id_to: id.student1, id_top_message: 2_000_000 })).status).toBe(
      404,
    );
    const readAll = await call<{ marked: number }>(chatReadAll, 'teacher2', { id_to: id.student1 });
    expect(readAll.body.data?.marked ?? 0).toBe(0);
    expect((await call(chatGroupMessages, 'teacher2', { id_group: 1 })).status).toBe(404);
    // teacher2's own student is fine.
    expect((await call(messagesEndpoint, 'teacher2', { id_to: id.student6 })).status).toBe(200);
  });

  it('lets a student write only to their own teachers and their own group', async () => {
    await expectNothingStored(t, async () => {
      const attempts: Fields[] = [
        { id_to: id.teacher2 }, // does not teach them
        { id_to: id.student2 }, // a fellow student
        { id_to: id.student1 }, // themselves
        { id_to: id.staff1 },
        { id_to: 2_000_000_000 }, // nobody
        { id_to: -1, id_group: 3 }, // another group
        { id_to: -1, id_group: 999_999 },
        { id_to: -1, id_stream: 1 },
      ];
      for (const fields of attempts) {
        const res = await send('student1', { ...fields, text: 'Можно?' });
        expect([403, 404], JSON.stringify(fields)).toContain(res.status);
        expect(res.body.data).toBeNull();
      }
      // Unknown people and others alike: 403, revealing nothing.
      expect((await send('student1', { id_to: 2_000_000_000, text: 'x' })).status).toBe(403);
      expect((await send('student1', { id_to: id.teacher2, text: 'x' })).status).toBe(403);
    });
  });

  it('lets a teacher write only to their own students and the groups they teach; staff not at all', async () => {
    await expectNothingStored(t, async () => {
      for (const fields of [{ id_to: id.student3 }, { id_to: id.teacher2 }, { id_to: -1, id_group: 3 }]) {
        expect((await send('teacher1', { ...fields, text: 'x' })).status, JSON.stringify(fields)).toBe(403);
      }
      expect((await send('teacher2', { id_to: -1, id_group: 1, text: 'x' })).status).toBe(403);
      expect((await send('teacher1', { id_to: -1, text: 'x' })).status).toBe(400); // which group?
      for (const fields of [{ id_to: id.student1 }, { id_to: -1, id_group: 1 }]) {
        expect((await send('staff1', { ...fields, text: 'x' })).status).toBe(403);
      }
      expect((await send(undefined, { id_to: id.teacher1, text: 'x' })).status).toBe(401);
    });
    expect((await send('teacher2', { id_to: id.student6, text: 'Здравствуйте' })).status).toBe(200);
  });
});

describe('group and stream chats', () => {
  it("delivers a teacher's group message to the group's students only", async () => {
    const posted = (await send('teacher1', { id_to: -1, id_group: 1, text: 'Объявление группе' })).body.data;
    expect(posted).toMatchObject({ id_to_type: 3, id_to: 1, id_group: 1, ismine: true });
    const [s1, [info]] = await page(chatGroupMessages, 'student1', {});
    expect(s1.at(-1)).toMatchObject({ id_message: posted.id_message, ismine: false, isRead: false });
    expect(info?.unreades_total).toBeGreaterThanOrEqual(1);
    // The same through messages.json and the pseudo-contact.
    const [viaMessages] = await page(messagesEndpoint, 'student1', { id_to: -1 });
    expect(viaMessages.map((m) => m.id_message)).toEqual(s1.map((m) => m.id_message));
    expect((await page(chatGroupMessages, 'student2', { id_group: 1 }))[0].at(-1)?.id_message).toBe(posted.id_message);
    // Another group's student does not see it, nor the group's chat.
    expect((await call(chatGroupMessages, 'student3', { id_group: 1 })).status).toBe(404);
    const [s3] = await page(chatGroupMessages, 'student3', {});
    expect(s3.map((m) => m.id_message)).not.toContain(posted.id_message);
    // The teacher sees it in the group's chat.
    const [mine] = await page(chatGroupMessages, 'teacher1', { id_group: 1 });
    expect(mine.at(-1)?.id_message).toBe(posted.id_message);
  });

  it("delivers a student's group message to the group and its teachers; the unread variant pages from the first unread", async () => {
    await call(chatReadAll, 'teacher1', { id_to: -1, id_group: 1 });
    const first = (await send('student2', { id_to: -1, text: 'Вопрос группе 1' })).body.data;
    const second = (await send('student2', { id_to: -1, id_group: 1, text: 'Вопрос группе 2' })).body.data;
    expect(first).toMatchObject({ id_to_type: 3, id_to: 1, id_from_type: 2 });
    const [unread, [info]] = await page(chatGroupUnread, 'teacher1', { id_group: 1 });
    expect(unread.map((m) => m.id_message)).toEqual([first.id_message, second.id_message]);
    expect(info).toEqual({ unreades_start: first.id_message, unreades_total: 2, hasMore: false });
    const [after] = await page(chatGroupUnread, 'teacher1', { id_group: 1, id_lastMessage: first.id_message });
    expect(after.map((m) => m.id_message)).toEqual([second.id_message]);
    await call(chatReadAll, 'teacher1', { id_to: -1, id_group: 1 });
    const [nothing, [none]] = await page(chatGroupUnread, 'teacher1', { id_group: 1 });
    expect(nothing).toEqual([]);
    expect(none).toEqual({ unreades_start: 0, unreades_total: 0, hasMore: false });
    // student1 got them too.
    const [s1] = await page(chatGroupMessages, 'student1', {});
    expect(s1.map((m) => m.id_message)).toContain(second.id_message);
    expect((await call(chatGroupUnread, 'student3', { id_group: 1 })).status).toBe(404);
  });

  it("delivers a stream message to every group of the stream, only from the stream's teacher", async () => {
    const db = t.database.db;
    const [stream] = await db
      .insert(streams)
      .values({ name: 'Поток тест', nameKg: 'Тест агымы', nameEn: 'Test stream' })
      .returning({ id: streams.id });
    const streamId = stream?.id as number;
    await db.insert(streamGroups).values([
      { streamId, groupId: 1 },
      { streamId, groupId: 3 },
    ]);
    const [assignment] = await db
      .select()
      .from(teachingAssignments)
      .where(eq(teachingAssignments.teacherId, id.teacher1 as number))
      .limit(1);
    const { id: _id, ...rest } = assignment as typeof teachingAssignments.$inferSelect;
    await db.insert(teachingAssignments).values({ ...rest, groupId: null, streamId });

    expect((await send('teacher2', { id_to: -1, id_stream: streamId, text: 'x' })).status).toBe(403);
    const posted = (await send('teacher1', { id_to: -1, id_stream: streamId, text: 'Лекция переносится' })).body.data;
    expect(posted).toMatchObject({ id_to_type: 4, id_to: streamId, id_group: null });
    for (const who of ['student1', 'student3']) {
      const [chat] = await page(chatGroupMessages, who, {});
      expect(chat.at(-1)?.id_message, who).toBe(posted.id_message);
    }
    expect((await page(chatGroupMessages, 'student6', {}))[0].map((m) => m.id_message)).not.toContain(
      posted.id_message,
    );
    const [streamChat] = await page(chatGroupMessages, 'teacher1', { id_stream: streamId });
    expect(streamChat.at(-1)?.id_message).toBe(posted.id_message);
    // A student cannot address a stream, nor see a stream's chat as such.
    expect((await call(chatGroupMessages, 'student1', { id_stream: streamId })).status).toBe(404);
    const contacts = (await call(chatContacts, 'teacher1')).body.data as unknown as {
      groupChats: { id_stream: number | null }[];
      contacts: { idid: number }[];
    };
    // A stream's chat is named in the three languages.
    expect(contacts.groupChats.find((g) => g.id_stream === streamId)).toMatchObject({
      name: 'Поток тест',
      nameKg: 'Тест агымы',
      nameEn: 'Test stream',
    });
    expect(contacts.contacts.map((c) => c.idid)).toContain(id.student3);
    expect((await call(chatGroupMessages, 'teacher1', { id_group: 1, id_stream: streamId })).status).toBe(400);
  });
});
