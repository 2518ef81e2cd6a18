import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify } from 'node:crypto';
import http from 'node:http';
import { logout } from '@okuu/contracts/auth/logout';
import { notificationsPushKey, notificationsPushSubscribe } from '@okuu/contracts/notifications/push';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testChanges } from '../../../test/harness.ts';
import type { Topic } from '../../lib/changes.ts';
import { backoffSec } from './notifications.push.ts';

/**
 * Web Push for real: a push service on 127.0.0.1 takes the portal's requests, checks each one's VAPID token against
 * the portal's public key, and decrypts its payload with the subscription's keys (RFC 8291, aes128gcm), as a
 * browser's push service and the browser would.
 */
interface Received {
  path: string;
  payload: { title: string; body: string; url: string; tag: string };
  jwt: { aud: string; exp: number; sub: string };
  key: string;
}

const b64 = (b: Buffer) => b.toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url');

/** A device: its ECDH key pair and auth secret (what PushManager.subscribe makes). */
function device() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } };
}
type Device = ReturnType<typeof device>;

/** RFC 8291 / RFC 8188: decrypts an aes128gcm body (one record) with the device's keys. */
function decrypt(body: Buffer, d: Device): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20] as number;
  const serverKey = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const secret = d.ecdh.computeSecret(serverKey);
  const info = Buffer.concat([Buffer.from('WebPush: info\0'), d.ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, d.auth, info, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('No last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** Checks `Authorization: vapid t=<JWT>, k=<key>`: an ES256 signature by `k`; answers the claims and the key. */
function checkVapid(header: string | undefined): { jwt: Received['jwt']; key: string } {
  const m = /^vapid t=([^,]+),\s*k=(.+)$/.exec(header ?? '');
  if (!m) throw new Error(`No VAPID authorization: ${header}`);
  const [token, key] = [m[1] as string, m[2] as string];
  const [head, claims, signature] = token.split('.') as [string, string, string];
  const point = unb64(key);
  const publicKey = createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64(point.subarray(1, 33)), y: b64(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    unb64(signature),
  );
  if (!ok) throw new Error('The VAPID signature does not verify');
  expect(JSON.parse(unb64(head).toString())).toMatchObject({ alg: 'ES256', typ: 'JWT' });
  return { jwt: JSON.parse(unb64(claims).toString()), key };
}

let t: TestApp;
let service: http.Server;
let base = '';
const received: Received[] = [];
const failures: string[] = [];
const devices = new Map<string, Device>();
/** Paths answered 410 Gone. */
const gone = new Set<string>();

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}
async function eventually(check: () => Promise<boolean> | boolean, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('Not within the time');
    await new Promise((r) => setTimeout(r, 100));
  }
}
async function record(topic: Topic, payload: object) {
  await testChanges(t.database).transaction((_tx, change) => change.record(topic, payload));
}
async function idOf(login: string) {
  return (await rows<{ id: number }>(sql`select id from users where login = ${login}`))[0]?.id as number;
}
/** Subscribes a device of `login` (a session of its own) at the push service's path `path`. */
async function subscribe(login: string, path: string, cookie?: string) {
  const d = device();
  devices.set(path, d);
  const session = cookie ?? (await t.sessionOf(login));
  const res = await t.call(
    notificationsPushSubscribe,
    { endpoint: `${base}${path}`, keys: d.keys, lang: 'ru' },
    { cookie: session },
  );
  expect(res.status).toBe(200);
  return session;
}

beforeAll(async () => {
  service = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '';
      try {
        expect(req.headers['content-encoding']).toBe('aes128gcm');
        expect(Number(req.headers.ttl)).toBeGreaterThan(0);
        const { jwt, key } = checkVapid(req.headers.authorization);
        const d = devices.get(path);
        if (!d) throw new Error(`No device at ${path}`);
        const payload = JSON.parse(decrypt(Buffer.concat(chunks), d));
        received.push({ path, payload, jwt, key });
      } catch (err) {
        failures.push(`${path}: ${(err as Error).message}`);
      }
      res.writeHead(gone.has(path) ? 410 : 201).end();
    });
  });
  await new Promise<void>((r) => service.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(service.address() as { port: number }).port}`;
  t = await createTestApp({ PUBLIC_URL: 'https://portal.example.kg' });
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => service.close(r));
});

describe('web push', () => {
  it('sends a signed, encrypted push that the device decrypts: title, short text and link only', async () => {
    const student = await idOf('student1');
    const cookie = await subscribe('student1', '/dev/s1');
    const { publicKey } = (await t.call(notificationsPushKey, {}, { cookie })).body.data;
    await record('orders', { orderId: 7, studentId: student, status: 'prepared' });
    await eventually(() => received.some((r) => r.path === '/dev/s1'));
    expect(failures).toEqual([]);
    const got = received.find((r) => r.path === '/dev/s1') as Received;
    expect(got.key).toBe(publicKey);
    expect(got.jwt.aud).toBe(base);
    expect(got.jwt.sub).toBe('https://portal.example.kg');
    expect(got.jwt.exp).toBeGreaterThan(Date.now() / 1000);
    expect(got.payload).toEqual({
      title: 'Справка',
      body: 'Ваша справка готова — можно скачать',
      url: '/lms/singlewindow',
      tag: 'order',
    });
    // The keys are the database's: kept from the first start, the same on every instance.
    const kept = await rows<{ k: string }>(sql`select public_key as k from push_keys`);
    expect(kept).toEqual([{ k: publicKey }]);
  });

  it('folds pushes of one kind within a minute: the next one waits for the minute to end', async () => {
    const student = await idOf('student1');
    const before = received.filter((r) => r.path === '/dev/s1').length;
    await record('orders', { orderId: 8, studentId: student, status: 'canceled' });
    await record('orders', { orderId: 9, studentId: student, status: 'canceled' });
    await eventually(
      async () =>
        (
          await rows<{ n: number }>(
            sql`select count(*)::int as n from notifications where channel = 'push' and person_id = ${student}
              and sent_at is null and next_at > now() + interval '30 seconds'`,
          )
        )[0]?.n === 2,
    );
    expect(received.filter((r) => r.path === '/dev/s1').length).toBe(before);
  });

  it('forgets a subscription the push service answers 410 for, and one whose session ended', async () => {
    gone.add('/dev/gone');
    const student2 = await idOf('student2');
    await subscribe('student2', '/dev/gone');
    const loggedOut = await subscribe('student2', '/dev/logged-out');
    await t.app.inject({ method: 'POST', url: logout.path, payload: {}, headers: { cookie: loggedOut } });
    await record('payments', { paymentId: 1, studentId: student2, status: 'paid' });
    await eventually(
      async () => (await rows(sql`select 1 from push_subscriptions where person_id = ${student2}`)).length === 0,
    );
    expect(received.filter((r) => r.path === '/dev/logged-out')).toEqual([]);
    expect(received.filter((r) => r.path === '/dev/gone')).toHaveLength(1);
    const pending = await rows(
      sql`select 1 from notifications where channel = 'push' and person_id = ${student2} and sent_at is null`,
    );
    expect(pending).toEqual([]);
  });

  it('backs off between tries: 5 s, 10 s, 20 s … at most an hour', () => {
    expect([1, 2, 3, 4].map(backoffSec)).toEqual([5, 10, 20, 40]);
    expect(backoffSec(20)).toBe(3600);
  });

  it('sends each push once with two instances sending', async () => {
    const second = await t.secondInstance();
    try {
      const [group] = await rows<{ g: number }>(
        sql`select sp.group_id as g from student_profiles sp join users u on u.id = sp.user_id
          where u.login = 'student1'`,
      );
      const students = await rows<{ login: string; id: number }>(
        sql`select u.login, u.id from users u join student_profiles sp on sp.user_id = u.id
          where sp.group_id = ${group?.g} and u.blocked_at is null and u.login <> 'student1' order by u.id limit 12`,
      );
      for (const s of students) await subscribe(s.login, `/many/${s.id}`);
      const start = received.length;
      for (let i = 0; i < 3; i++) {
        await record('schedule', { groupIds: [group?.g], teacherIds: [], added: 1, changed: 0 });
      }
      // The first change's push now, to each subscribed student; the next two fold into one a minute later.
      await eventually(
        () => received.slice(start).filter((r) => r.path.startsWith('/many/')).length >= students.length,
      );
      await new Promise((r) => setTimeout(r, 3000));
      const paths = received
        .slice(start)
        .map((r) => r.path)
        .filter((p) => p.startsWith('/many/'))
        .sort();
      expect(paths).toEqual(students.map((s) => `/many/${s.id}`).sort());
      expect(failures).toEqual([]);
      // Each push was taken once: one try each, by one of the instances (a row folded into another's push counts too).
      const tries = await rows<{ attempts: number }>(
        sql`select attempts from notifications where channel = 'push' and sent_at is not null
          and person_id = any(${`{${students.map((s) => s.id).join(',')}}`}::int[])`,
      );
      expect(tries.length).toBeGreaterThanOrEqual(students.length);
      expect(new Set(tries.map((r) => r.attempts))).toEqual(new Set([1]));
    } finally {
      await second.close();
    }
  });
});
