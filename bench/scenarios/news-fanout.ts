import { createECDH, randomBytes } from 'node:crypto';
import { newsInsert } from '@okuu/contracts/news/insert';
import { notificationsCount } from '@okuu/contracts/notifications/notifications';
import { notificationsPushSubscribe, notificationsPushUnsubscribe } from '@okuu/contracts/notifications/push';
import { notificationsSaveSettings } from '@okuu/contracts/notifications/settings';
import pg from 'pg';
import { signIn, signInAll, studentLogins } from '../lib/api.ts';
import { assertLocal } from '../lib/load.ts';
import { startPushService } from '../lib/push-service.ts';
import type { Scenario } from '../lib/types.ts';

/** Devices subscribed to push (students who turned news pushes on), and students whose count is read through the API. */
const devices = 1000;
const sampled = 50;
const countsWithinMs = 5_000;
const pushesWithinMs = 30_000;

async function call(
  baseUrl: string,
  path: string,
  token: string,
  body: unknown,
): Promise<{ status: number; data: Record<string, unknown> }> {
  const url = new URL(path, baseUrl).toString();
  assertLocal(url);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${token}` },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(30_000),
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  return { status: res.status, data: json.data };
}

/** Runs `fn` over `items`, `concurrency` at a time. */
async function each<T>(items: T[], concurrency: number, fn: (item: T, i: number) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      await fn(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A news post to every student (20,000 in the demo university): how long the post takes, how long until every
 * student's unread count includes it (the rows the count reads, all of them, and the count itself for a sample of
 * signed-in students), and how long until 1,000 subscribed devices have had their push at a test push service.
 */
export const newsFanoutScenario: Scenario = {
  name: 'news-fanout',
  description: `a news post to all students: POST ${newsInsert.path}, every count, ${devices} pushes to a push service on 127.0.0.1`,
  targets: [
    { metric: 'postMs', op: '<', value: 200, label: 'the post answers within 200 ms' },
    { metric: 'allCountsMs', op: '<', value: countsWithinMs, label: "every student's count within 5 s" },
    { metric: 'sampleShown', op: '>=', value: sampled, label: `${sampled} signed-in students' counts show it` },
    { metric: 'pushesMs', op: '<', value: pushesWithinMs, label: `${devices} pushes within 30 s` },
    { metric: 'pushesValid', op: '>=', value: devices, label: `${devices} pushes signed and encrypted` },
  ],
  async run(ctx) {
    const push = await startPushService();
    const db = new pg.Client({ connectionString: ctx.settings.databaseUrl });
    await db.connect();
    try {
      // Earlier runs' devices (a push service gone with its run) are forgotten.
      await db.query(`DELETE FROM push_subscriptions WHERE endpoint LIKE 'http://127.0.0.1:%/bench-push/%'`);
      const logins = studentLogins(ctx.settings.students, devices);
      ctx.log(`signing in ${logins.length} students, turning news pushes on and subscribing a device each`);
      const tokens = await signInAll(ctx.baseUrl, logins, ctx.settings.password);
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const keys = { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') };
      await each(tokens, 16, async (token, i) => {
        const saved = await call(ctx.baseUrl, notificationsSaveSettings.path, token, {
          muted: false,
          kinds: [{ kind: 'news', app: true, push: true }],
        });
        const subscribed = await call(ctx.baseUrl, notificationsPushSubscribe.path, token, {
          endpoint: `${push.base}/${i}`,
          keys,
          lang: 'ru',
        });
        if (saved.status !== 200 || subscribed.status !== 200) throw new Error(`Preparing ${logins[i]} failed`);
      });
      const sample = tokens.slice(0, sampled);
      const countsOf = () =>
        Promise.all(
          sample.map(async (t) => (await call(ctx.baseUrl, notificationsCount.path, t, {})).data.unread as number),
        );
      const before = await countsOf();
      const [{ n: expected }] = (
        await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM users u WHERE u.role = 2 AND u.blocked_at IS NULL
            AND NOT EXISTS (SELECT 1 FROM notification_settings s WHERE s.person_id = u.id AND s.enabled = false
              AND (s.kind = '*' OR (s.kind = 'news' AND s.channel = 'app')))`,
        )
      ).rows as [{ n: number }];
      const editor = await signIn(ctx.baseUrl, 'teacher1', ctx.settings.password);
      await sleep(2_000);
      push.reset();

      // The post, timed from the request to its reply.
      const form = new FormData();
      form.append('text', `Объявление для всех студентов (нагрузочный тест ${new Date().toISOString()})`);
      form.append('audience', 'students');
      const url = new URL(newsInsert.path, ctx.baseUrl).toString();
      const start = performance.now();
      const res = await fetch(url, { method: 'POST', headers: { cookie: `token=${editor}` }, body: form });
      const posted = performance.now();
      if (res.status !== 200) throw new Error(`${newsInsert.path} answered HTTP ${res.status}: ${await res.text()}`);
      const newsId = ((await res.json()) as { data: { id_eventMessage: number } }).data.id_eventMessage;

      // Every student's count: the in-app rows of the post's event (what count.json counts), all of them.
      let allCountsMs = Number.NaN;
      let made = 0;
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM notifications n JOIN change_events e ON e.id = n.event_id
            WHERE e.topic = 'news' AND (e.payload->>'newsId')::int = $1 AND n.channel = 'app'`,
          [newsId],
        );
        made = rows[0]?.n ?? 0;
        if (made >= expected) {
          allCountsMs = performance.now() - posted;
          break;
        }
        if (performance.now() - posted > 60_000) break;
        await sleep(25);
      }
      const after = await countsOf();
      const sampleShown = after.filter((n, i) => n > (before[i] as number)).length;

      // The pushes: the 1,000th arrival at the push service.
      let pushesMs = Number.NaN;
      while (performance.now() - posted < 90_000) {
        if (push.received.length >= devices) {
          pushesMs = (push.received[devices - 1]?.at as number) - posted;
          break;
        }
        await sleep(50);
      }
      const pushesValid = push.received.filter((r) => r.valid).length;
      ctx.log(
        `post ${Math.round(posted - start)} ms; ${made}/${expected} counts in ${Math.round(allCountsMs)} ms; ` +
          `${push.received.length} pushes (${pushesValid} valid) in ${Math.round(pushesMs)} ms`,
      );

      // The devices go (logout would do it too), so that later runs' pushes do not go to a service that is gone.
      await each(tokens, 16, async (token, i) => {
        await call(ctx.baseUrl, notificationsPushUnsubscribe.path, token, { endpoint: `${push.base}/${i}` });
      });
      return {
        requestsPerSec: null,
        p50Ms: Math.round(posted - start),
        p99Ms: null,
        errors:
          (made >= expected ? 0 : 1) + (push.received.length >= devices ? 0 : 1) + (push.received.length - pushesValid),
        metrics: {
          postMs: Math.round(posted - start),
          recipients: expected,
          made,
          allCountsMs: Math.round(allCountsMs),
          sampleShown,
          pushesReceived: push.received.length,
          pushesValid,
          pushesMs: Math.round(pushesMs),
        },
      };
    } finally {
      await db.end();
      await push.close();
    }
  },
};
