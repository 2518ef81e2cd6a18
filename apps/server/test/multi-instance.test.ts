import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { enticate } from '@okuu/contracts/auth/enticate';
import { logout } from '@okuu/contracts/auth/logout';
import { orize } from '@okuu/contracts/auth/orize';
import { chatDownload } from '@okuu/contracts/chat/download';
import { chatInsert } from '@okuu/contracts/chat/insert';
import type { ChatMessage } from '@okuu/contracts/chat/message';
import { qrScan, qrStart, qrStop, qrToken, qrVisit } from '@okuu/contracts/qr/checkin';
import { registrationDefaultYear } from '@okuu/contracts/registration/calendar';
import type { RegistrationDiscipline, RegistrationOffering } from '@okuu/contracts/registration/common';
import { registrationOfferings } from '@okuu/contracts/registration/offerings';
import { registrationList } from '@okuu/contracts/registration/reg-list';
import { saveRegistration } from '@okuu/contracts/registration/save';
import { bishkekDay } from '@okuu/contracts/schedule/weeks';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openPostgres } from '../src/db/client.ts';
import { password } from './harness.ts';
import { chatSocket, freePort, type Instance, killAll, serverInstance } from './instances.ts';
import { lessonOnDay } from './lesson-on-day.ts';
import { admin, databaseUrl } from './template.ts';

/**
 * Two real server processes on one PostgreSQL database (a fresh copy of the seeded template, dropped after) and one
 * data directory: whatever one instance accepts, the other one sees; nothing lives only in one instance's memory.
 * Files: both instances keep them in PostgreSQL (STORAGE=postgres), each with a data directory of its own: a file
 * uploaded through one downloads through the other with no disk shared.
 */
const skip = !process.env.TEST_DATABASE_URL
  ? 'TEST_DATABASE_URL is not set: two instances need a PostgreSQL server'
  : process.env.TEST_ENGINE !== 'postgres'
    ? 'runs once, in the postgres project'
    : null;

/** Failed sign-ins of one account from one address the instances allow together (LOGIN_FAILURE_LIMIT). */
const failureLimit = 4;

let a: Instance;
let b: Instance;
let dbName: string;
let dataDir: string;
let url: string;

interface Reply<T = unknown> {
  status: number;
  body: { result: number; error: { code: string; message: string } | null; data: T };
  cookie: string | null;
  /** The QR check-in's device cookie (okuu_device=…) the reply set, if any. */
  device: string | null;
}

async function post<T>(on: Instance, endpoint: { path: string }, body: unknown, cookie?: string): Promise<Reply<T>> {
  const res = await fetch(`${on.url}${endpoint.path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const token = res.headers.getSetCookie().find((c) => c.startsWith('token='));
  const device = res.headers.getSetCookie().find((c) => c.startsWith('okuu_device='));
  return {
    status: res.status,
    body: (await res.json()) as Reply<T>['body'],
    cookie: token ? (token.split(';')[0] as string) : null,
    device: device ? (device.split(';')[0] as string) : null,
  };
}

async function ok<T>(on: Instance, endpoint: { path: string }, body: unknown, cookie?: string): Promise<T> {
  const res = await post<T>(on, endpoint, body, cookie);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

/** A query on the test's database, on a connection of its own. */
async function query<T extends pg.QueryResultRow>(text: string): Promise<pg.QueryResult<T>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query<T>(text);
  } finally {
    await client.end();
  }
}

async function signIn(on: Instance, login: string): Promise<string> {
  const res = await post(on, orize, { login, password });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.cookie as string;
}

beforeAll(async () => {
  if (skip) return;
  const base = process.env.TEST_DATABASE_URL as string;
  dbName = `okuu_multi_${randomBytes(6).toString('hex')}`;
  await admin(base, [`CREATE DATABASE ${dbName} TEMPLATE ${inject('template')}`]);
  url = databaseUrl(base, dbName);
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-multi-'));
  const env = (name: string) => ({
    DATABASE_URL: url,
    DATA_DIR: path.join(dataDir, name),
    STORAGE: 'postgres',
    DATABASE_POOL_SIZE: '4',
    LOGIN_FAILURE_LIMIT: String(failureLimit),
    // A lesson of today is "on" all day: QR check-in's test does not depend on the hour it runs.
    QR_WINDOW_MINUTES: '1440',
  });
  a = serverInstance('instance A', await freePort(), env('a'));
  b = serverInstance('instance B', await freePort(), env('b'));
  await Promise.all([a.start(), b.start()]);
}, 240_000);

afterAll(async () => {
  if (skip) return;
  await killAll([a, b].filter(Boolean));
  await admin(process.env.TEST_DATABASE_URL as string, [`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`]);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe.skipIf(skip)(`two server instances on one PostgreSQL database${skip ? ` (skipped: ${skip})` : ''}`, () => {
  it('a session opened on A is valid on B, and a logout on B ends it on A at once', async () => {
    const cookie = await signIn(a, 'student4');
    const onB = await ok<{ user: { login: string } }>(b, enticate, {}, cookie);
    expect(onB.user.login).toBe('student4');
    await ok(b, logout, {}, cookie);
    // Within A's session cache time (5 s): the revocation reached A through NOTIFY.
    expect((await post(a, enticate, {}, cookie)).status).toBe(401);
  });

  it("a chat message with a file sent through A arrives on B's socket, and its file downloads through B", async () => {
    const student = await signIn(a, 'student1');
    const teacher = await signIn(b, 'teacher1');
    const teacherId = (await ok<{ user: { id: number } }>(b, enticate, {}, teacher)).user.id;
    const listener = await chatSocket(b, teacher);
    try {
      const content = `report ${randomBytes(8).toString('hex')}`;
      const form = new FormData();
      form.append('id_to', String(teacherId));
      form.append('text', 'Through A, to B');
      form.append('files', new Blob([content], { type: 'text/plain' }), 'report.txt');
      const res = await fetch(`${a.url}${chatInsert.path}`, {
        method: 'POST',
        headers: { cookie: student },
        body: form,
      });
      const sent = ((await res.json()) as { data: ChatMessage }).data;
      expect(res.status).toBe(200);

      const event = await listener.next((e) => e.type === 'message' && e.message.id_message === sent.id_message);
      expect(event).toMatchObject({ type: 'message', message: { message: 'Through A, to B' } });

      const attachment = sent.attachments[0] as ChatMessage['attachments'][0];
      const file = await fetch(`${b.url}${chatDownload.path}?id=${attachment.id}`, { headers: { cookie: teacher } });
      expect(file.status).toBe(200);
      expect(await file.text()).toBe(content);
    } finally {
      listener.ws.close();
    }
  });

  it('a seat taken through A is counted by B', async () => {
    const onA = await signIn(a, 'student1');
    const onB = await signIn(b, 'student1');
    const period = await ok<{ id_a_year: number; ws: number }>(a, registrationDefaultYear, {}, onA);
    const list = await ok<{ disciplines: RegistrationDiscipline[] }>(a, registrationList, period, onA);
    const plan = list.disciplines[0] as RegistrationDiscipline;
    const query = { id_a_year: period.id_a_year, ws: period.ws, id_discipline: plan.id_discipline };
    const before = await ok<RegistrationOffering[]>(b, registrationOfferings, query, onB);
    const offering = before.find((o) => o.audience.kind === 'open' && !o.mine && !o.full);
    if (!offering) throw new Error('No open offering with seats');

    const saved = await ok<{ seatsLeft: number }>(
      a,
      saveRegistration,
      {
        ...period,
        id_semester: plan.id_semester,
        id_discipline: plan.id_discipline,
        id_teacher: offering.id_teacher,
        subgroup: offering.subgroup,
        id_vid_zaniatiy: offering.id_vid_zaniatiy,
        kredits: plan.kredits,
        id_examination: plan.id_examination,
        isSelect: plan.isSelect,
      },
      onA,
    );
    expect(saved.seatsLeft).toBe(offering.seatsLeft - 1);
    const after = await ok<RegistrationOffering[]>(b, registrationOfferings, query, onB);
    expect(after.find((o) => o.subgroup === offering.subgroup)).toMatchObject({
      seatsLeft: offering.seatsLeft - 1,
      mine: true,
    });
  });

  it('failed sign-ins count across instances: the limit holds for A and B together', async () => {
    const wrong = { login: 'student5', password: 'not-the-password' };
    const statuses: number[] = [];
    for (let i = 0; i < failureLimit; i++) statuses.push((await post(i % 2 ? b : a, orize, wrong)).status);
    expect(statuses.every((s) => s !== 429 && s !== 200)).toBe(true);
    // The next attempt is refused on either instance, and so is the right password (from this address).
    for (const on of [a, b]) {
      const res = await post(on, orize, wrong);
      expect(res.status).toBe(429);
      expect(res.body.error?.code).toBe('rate_limited');
    }
    expect((await post(b, orize, { login: 'student5', password })).status).toBe(429);
  });

  it('a QR check-in started on A takes a scan and a visit on B; its count reaches the teacher on A; B stops it', async () => {
    const teacher = await signIn(a, 'teacher1');
    const student = await signIn(b, 'student1');
    const listener = await chatSocket(a, teacher);
    try {
      const [entry] = (
        await query<{ id: number }>(
          `select e.id from schedule_entries e join users t on t.id = e.teacher_id and t.login = 'teacher1'
             join student_profiles sp on sp.group_id = e.group_id
             join users s on s.id = sp.user_id and s.login = 'student1'
           order by e.id limit 1`,
        )
      ).rows;
      // That lesson today, whatever the weekday (a check-in starts only on a day its lesson takes place).
      const database = await openPostgres(url, 1);
      const today = await lessonOnDay(database.db, entry?.id as number, bishkekDay(new Date()).weekday).finally(() =>
        database.close(),
      );
      const started = await ok<{ sessionId: number; token: string; place: { latitude: number; longitude: number } }>(
        a,
        qrStart,
        { id: today },
        teacher,
      );
      // The phone scans through A and checks in through B: the device id A signed is good on B too.
      const scanned = await post<{ ticket: string }>(a, qrScan, { token: started.token });
      expect(scanned.status, JSON.stringify(scanned.body)).toBe(200);
      const phone = `${student}; ${scanned.device}`;
      const visit = {
        token: scanned.body.data.ticket,
        x: started.place.longitude,
        y: started.place.latitude,
        accuracy: 10,
      };
      expect(await ok<{ repeat: boolean }>(b, qrVisit, visit, phone)).toMatchObject({ repeat: false });
      await listener.next((e) => e.type === 'qr' && e.sessionId === started.sessionId && e.accepted === 1);
      // Stopped through B: A gives no more codes for it.
      await ok(b, qrStop, { sessionId: started.sessionId }, teacher);
      const res = await fetch(`${a.url}${qrToken.path}?sessionId=${started.sessionId}`, {
        headers: { cookie: teacher },
      });
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe('qr_not_now');
    } finally {
      listener.ws.close();
    }
  });
});
