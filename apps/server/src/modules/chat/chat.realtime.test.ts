import { logout } from '@okuu/contracts/auth/logout';
import { chatDeleteMessage } from '@okuu/contracts/chat/delete-message';
import { type ChatServerEvent, chatSocketCloseCodes, chatSocketPath } from '@okuu/contracts/chat/events';
import { chatInsert } from '@okuu/contracts/chat/insert';
import type { ChatMessage, ChatPage } from '@okuu/contracts/chat/message';
import { chatMessages } from '@okuu/contracts/chat/messages';
import { chatRead } from '@okuu/contracts/chat/read';
import { chatReadAll } from '@okuu/contracts/chat/read-all';
import { inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { users } from '../../db/schema/users.ts';
import { maxSocketsPerUser } from '../../plugins/realtime.ts';
import { toNotices } from './chat.notices.ts';

/** A WebSocket client that records every event it gets. */
interface Client {
  socket: WebSocket;
  events: ChatServerEvent[];
  closed: Promise<number>;
  /** The first event (from the start) matching `match`, waiting for it up to `ms`. */
  next<T extends ChatServerEvent>(match: (e: ChatServerEvent) => e is T, ms?: number): Promise<T>;
  next(match: (e: ChatServerEvent) => boolean, ms?: number): Promise<ChatServerEvent>;
}

function wsUrl(app: FastifyInstance): string {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('Not listening');
  return `ws://127.0.0.1:${address.port}${chatSocketPath}`;
}

/** Connects; resolves once the socket is open and its 'ready' event came, or rejects with the refusal's status. */
async function connect(app: FastifyInstance, headers: Record<string, string>): Promise<Client> {
  const socket = new WebSocket(wsUrl(app), { headers });
  const events: ChatServerEvent[] = [];
  const waiters = new Set<() => void>();
  socket.on('message', (data) => {
    events.push(JSON.parse(String(data)) as ChatServerEvent);
    for (const w of waiters) w();
  });
  const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('unexpected-response', (_req, res) => {
      socket.terminate();
      reject(Object.assign(new Error(`HTTP ${res.statusCode}`), { status: res.statusCode }));
    });
    socket.once('error', reject);
  });
  const next = (match: (e: ChatServerEvent) => boolean, ms = 5000) =>
    new Promise<ChatServerEvent>((resolve, reject) => {
      const check = () => {
        const found = events.find(match);
        if (found) {
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
        }
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`No matching event in ${ms} ms; got ${JSON.stringify(events)}`));
      }, ms);
      waiters.add(check);
      check();
    });
  const client = { socket, events, closed, next } as Client;
  await client.next((e) => e.type === 'ready');
  return client;
}

async function refusal(app: FastifyInstance, headers: Record<string, string>): Promise<number> {
  try {
    const client = await connect(app, headers);
    client.socket.close();
    return 101;
  } catch (err) {
    return (err as { status?: number }).status ?? 0;
  }
}

const isMessage = (text: string) => (e: ChatServerEvent) => e.type === 'message' && e.message.message === text;

/** Sends a message through an instance's real HTTP port. */
async function sendOverHttp(app: FastifyInstance, cookie: string, fields: Record<string, string>) {
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('Not listening');
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const res = await fetch(`http://127.0.0.1:${address.port}${chatInsert.path}`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
  const body = (await res.json()) as { data: ChatMessage };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data;
}

let t: TestApp;
const id: Record<string, number> = {};
const clients: Client[] = [];
const track = (c: Client) => {
  clients.push(c);
  return c;
};

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const rows = await t.database.db
    .select({ id: users.id, login: users.login })
    .from(users)
    .where(inArray(users.login, ['teacher1', 'student1', 'student2']));
  for (const r of rows) id[r.login] = r.id;
});
afterAll(async () => {
  for (const c of clients) c.socket.terminate();
  await t.close();
});

describe('the chat socket', () => {
  it('refuses an upgrade without a valid session (401) or from another site (403)', async () => {
    const cookie = await t.signIn('student1');
    expect(await refusal(t.app, {})).toBe(401);
    expect(await refusal(t.app, { cookie: 'token=made-up' })).toBe(401);
    expect(await refusal(t.app, { cookie, origin: 'https://evil.example' })).toBe(403);
    const address = t.app.server.address() as { port: number };
    expect(await refusal(t.app, { cookie, origin: `http://127.0.0.1:${address.port}` })).toBe(101);
    const bearer = cookie.slice('token='.length);
    expect(await refusal(t.app, { authorization: `Bearer ${bearer}` })).toBe(101);
  });

  it('pushes new messages, read receipts and deletions to the people concerned only', async () => {
    const [teacher, student1, student2] = [
      await t.signIn('teacher1'),
      await t.signIn('student1'),
      await t.signIn('student2'),
    ];
    const teacherWs = track(await connect(t.app, { cookie: teacher }));
    const studentWs = track(await connect(t.app, { cookie: student1 }));
    const studentTab2 = track(await connect(t.app, { cookie: student1 }));
    const otherWs = track(await connect(t.app, { cookie: student2 }));
    expect(studentWs.events[0]).toEqual({ type: 'ready', userId: id.student1 });

    // ping → pong
    studentWs.socket.send('{"type":"ping"}');
    studentWs.socket.send('not json');
    await studentWs.next((e) => e.type === 'pong');

    const sent = await sendOverHttp(t.app, teacher, { id_to: String(id.student1), text: 'Привет по сокету' });
    const got = await studentWs.next(isMessage('Привет по сокету'));
    expect(got.type === 'message' && got.message).toMatchObject({
      id_message: sent.id_message,
      ismine: false,
      id_from: id.teacher1,
      isRead: false,
    });
    await studentTab2.next(isMessage('Привет по сокету'));
    const own = await teacherWs.next(isMessage('Привет по сокету'));
    expect(own.type === 'message' && own.message.ismine).toBe(true);

    // A group message reaches student2; the direct one never did.
    await sendOverHttp(t.app, teacher, { id_to: '-1', id_group: '1', text: 'Всей группе' });
    await otherWs.next(isMessage('Всей группе'));
    await studentWs.next(isMessage('Всей группе'));
    expect(otherWs.events.some(isMessage('Привет по сокету'))).toBe(false);

    // Reading: the sender and the reader's tabs learn of it.
    const read = await t.call(chatRead, { id_message: sent.id_message }, { cookie: student1 });
    expect(read.status).toBe(200);
    const receipt = { type: 'read', id_reader: id.student1, id_from: id.teacher1, ids: [sent.id_message] };
    await teacherWs.next((e) => JSON.stringify(e) === JSON.stringify(receipt));
    await studentTab2.next((e) => JSON.stringify(e) === JSON.stringify(receipt));
    await t.call(chatReadAll, {}, { cookie: student1 });
    await teacherWs.next((e) => e.type === 'read' && e.ids.length > 0 && !e.ids.includes(sent.id_message));

    // Deleting: everyone concerned, and nobody else.
    expect((await t.call(chatDeleteMessage, { id_message: sent.id_message }, { cookie: teacher })).status).toBe(200);
    for (const c of [studentWs, studentTab2, teacherWs]) {
      await c.next((e) => e.type === 'delete' && e.id_message === sent.id_message);
    }
    await new Promise((r) => setTimeout(r, 100));
    expect(otherWs.events.some((e) => e.type === 'delete')).toBe(false);
    // student2 hears of reads of their own messages only (readall covered their group message), never of this one.
    expect(otherWs.events.some((e) => e.type === 'read' && e.ids.includes(sent.id_message))).toBe(false);
    expect(
      otherWs.events.filter((e) => e.type === 'read').every((e) => e.type === 'read' && e.id_from === id.student2),
    ).toBe(true);
  });

  it('closes the socket with 4401 when its session ends', async () => {
    const cookie = await t.signIn('student2');
    const ws = track(await connect(t.app, { cookie }));
    await t.app.inject({ method: 'POST', url: logout.path, payload: {}, headers: { cookie } });
    expect(await ws.closed).toBe(chatSocketCloseCodes.sessionEnded);
  });

  it(`caps a user's sockets at ${maxSocketsPerUser}, closing the oldest`, async () => {
    const cookie = await t.signIn('student1');
    const first = track(await connect(t.app, { cookie }));
    const rest = await Promise.all(
      Array.from({ length: maxSocketsPerUser }, async () => track(await connect(t.app, { cookie }))),
    );
    expect(await first.closed).toBe(1008);
    for (const c of rest) expect(c.socket.readyState).toBe(WebSocket.OPEN);
    for (const c of rest) c.socket.close();
  });

  it('keeps NOTIFY payloads small, splitting long lists', () => {
    const users = Array.from({ length: 5000 }, (_, i) => 2_000_000_000 + i);
    const notices = toNotices({ kind: 'message', id: 2_000_000_000, users });
    expect(notices.length).toBeGreaterThan(1);
    expect(notices.flatMap((n) => (n.k === 'm' ? n.u : []))).toEqual(users);
    for (const n of notices) expect(Buffer.byteLength(JSON.stringify(n))).toBeLessThan(8000);
    const reads = toNotices({ kind: 'read', by: 1, from: 2, ids: users });
    for (const n of reads) expect(Buffer.byteLength(JSON.stringify(n))).toBeLessThan(8000);
    expect(reads.flatMap((n) => (n.k === 'r' ? n.ids : []))).toEqual(users);
  });
});

describe('two server instances on one database', () => {
  let second: Awaited<ReturnType<typeof t.secondInstance>>;
  let other: FastifyInstance;
  beforeAll(async () => {
    second = await t.secondInstance();
    other = second.app;
    await other.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => second.close());

  it("delivers a message posted through instance A to a client of instance B, and B's reads back to A", async () => {
    const [teacher, student] = [await t.signIn('teacher1'), await t.signIn('student1')];
    const onB = track(await connect(other, { cookie: student }));
    const teacherOnA = track(await connect(t.app, { cookie: teacher }));
    const sent = await sendOverHttp(t.app, teacher, { id_to: String(id.student1), text: 'Через два инстанса' });
    const got = await onB.next(isMessage('Через два инстанса'));
    expect(got.type === 'message' && got.message.id_message).toBe(sent.id_message);
    expect(got.type === 'message' && got.message.ismine).toBe(false);
    // Each instance delivers once: the client of B got it a single time.
    await new Promise((r) => setTimeout(r, 100));
    expect(onB.events.filter(isMessage('Через два инстанса'))).toHaveLength(1);

    // A read through B's HTTP reaches the sender's socket on A.
    const address = other.server.address() as { port: number };
    const res = await fetch(`http://127.0.0.1:${address.port}${chatRead.path}`, {
      method: 'POST',
      headers: { cookie: student, 'content-type': 'application/json' },
      body: JSON.stringify({ id_message: sent.id_message }),
    });
    expect(res.status).toBe(200);
    await teacherOnA.next((e) => e.type === 'read' && e.ids.includes(sent.id_message));

    // A logout on A ends the socket on B.
    await t.app.inject({ method: 'POST', url: logout.path, payload: {}, headers: { cookie: student } });
    expect(await onB.closed).toBe(chatSocketCloseCodes.sessionEnded);
  });

  it('keeps the newest page ready on B and drops it when A posts, reads or deletes in the conversation', async () => {
    const [teacher, student] = [await t.signIn('teacher1'), await t.signIn('student2')];
    const [teacher1, student2] = [id.teacher1 as number, id.student2 as number];
    const page = async (app: FastifyInstance, cookie: string, peer: number) => {
      const res = await app.inject({
        method: 'POST',
        url: chatMessages.path,
        payload: { id_to: peer },
        headers: { cookie },
      });
      expect(res.statusCode).toBe(200);
      return (res.json() as { data: ChatPage }).data;
    };
    const texts = (p: ChatPage) => p[0].map((m) => m.message);
    const first = await sendOverHttp(t.app, teacher, { id_to: String(student2), text: 'Страница: первое' });
    // Read on B twice: the second answer is the kept one.
    expect(texts(await page(other, student, teacher1))).toContain('Страница: первое');
    expect((await page(other, student, teacher1))[1][0]?.unreades_total).toBeGreaterThan(0);

    const second = await sendOverHttp(t.app, teacher, { id_to: String(student2), text: 'Страница: второе' });
    await expect.poll(async () => texts(await page(other, student, teacher1))).toContain('Страница: второе');
    // The teacher's own page on B, kept, learns of the student's read made on A.
    expect((await page(other, teacher, student2))[0].find((m) => m.id_message === second.id_message)?.isRead).toBe(
      false,
    );
    await t.call(chatReadAll, { id_to: teacher1 }, { cookie: student });
    await expect
      .poll(
        async () => (await page(other, teacher, student2))[0].find((m) => m.id_message === second.id_message)?.isRead,
      )
      .toBe(true);
    await expect.poll(async () => (await page(other, student, teacher1))[1][0]?.unreades_total).toBe(0);
    // A deletion on A leaves B's kept page.
    await t.call(chatDeleteMessage, { id_message: first.id_message }, { cookie: teacher });
    await expect.poll(async () => texts(await page(other, student, teacher1))).not.toContain('Страница: первое');
  });
});

describe.runIf(process.env.TEST_ENGINE === 'postgres')('after the database cut every connection (PostgreSQL)', () => {
  it('notifications come back: sockets are told to refetch, messages arrive, logout closes, readiness tells', async () => {
    const [teacher, student] = [await t.signIn('teacher1'), await t.signIn('student1')];
    const before = track(await connect(t.app, { cookie: teacher }));
    await t.database.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
    );
    // Readiness says the notifications are down, then back.
    const states: number[] = [];
    for (let i = 0; i < 400 && !(states.includes(503) && states.at(-1) === 200); i++) {
      states.push((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode);
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(states).toContain(503);
    expect(states.at(-1)).toBe(200);
    // The open socket gets a second 'ready': events may have been missed, the client refetches.
    await before.next(() => before.events.filter((e) => e.type === 'ready').length === 2);

    const after = track(await connect(t.app, { cookie: teacher }));
    await sendOverHttp(t.app, student, { id_to: String(id.teacher1), text: 'После обрыва' });
    await before.next(isMessage('После обрыва'));
    await after.next(isMessage('После обрыва'));

    await t.app.inject({ method: 'POST', url: logout.path, payload: {}, headers: { cookie: teacher } });
    expect(await before.closed).toBe(chatSocketCloseCodes.sessionEnded);
    expect(await after.closed).toBe(chatSocketCloseCodes.sessionEnded);
  });
});
