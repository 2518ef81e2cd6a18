import { chatSocketPath } from '@okuu/contracts/chat/events';
import { qrScan, qrStart, qrToken, qrVisit } from '@okuu/contracts/qr/checkin';
import { bishkekDay } from '@okuu/contracts/schedule/weeks';
import pg from 'pg';
import WebSocket from 'ws';
import { openPostgres } from '../../apps/server/src/db/client.ts';
import { lessonOnDay } from '../../apps/server/test/lesson-on-day.ts';
import { signIn, signInAll } from '../lib/api.ts';
import { assertLocal, percentile } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/**
 * A lecture's QR check-in: 300 students of one stream scan the projector's code within 10 seconds. Each phone trades
 * the code of the moment for a ticket (`/api/qr/scan`) and sends it with a location inside the room's radius
 * (`/api/qr/student/visit`); the projector fetches the next code every 15 s and its teacher's socket hears the count.
 * Afterwards the database must hold 300 accepted attempts and 300 'present' marks in the lesson's journal.
 *
 * The bench's server takes scans all day (QR_WINDOW_MINUTES=1440, bench/run.ts), and the lesson is placed on today's
 * weekday, so that it is "on now" whenever the bench runs; the window's check itself still runs on every scan.
 */

const students = 300;
const arrivalSec = 10;
const requestTimeoutMs = 30_000;

interface Stage {
  entryId: number;
  teacherLogin: string;
  latitude: number;
  longitude: number;
  radiusM: number;
  studentLogins: string[];
}

/** The stream lesson with the most students (at least 300), its teacher, its room and 300 of its students. */
async function setStage(url: string): Promise<Stage> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [entry] = (
      await client.query<Omit<Stage, 'studentLogins'> & { streamId: number; size: number }>(
        `SELECT e.id AS "entryId", t.login AS "teacherLogin", r.latitude, r.longitude, r.checkin_radius_m AS "radiusM",
           e.stream_id AS "streamId", count(sp.user_id)::int AS size
         FROM schedule_entries e JOIN users t ON t.id = e.teacher_id JOIN rooms r ON r.id = e.room_id
         JOIN stream_groups sg ON sg.stream_id = e.stream_id JOIN student_profiles sp ON sp.group_id = sg.group_id
         WHERE e.stream_id IS NOT NULL
         GROUP BY e.id, t.login, r.latitude, r.longitude, r.checkin_radius_m
         ORDER BY size DESC, e.id LIMIT 1`,
      )
    ).rows;
    if (!entry || entry.size < students) {
      throw new Error(
        `No stream lesson with ${students} students (largest: ${entry?.size ?? 0}); raise BENCH_STUDENTS`,
      );
    }
    const logins = (
      await client.query<{ login: string }>(
        `SELECT u.login FROM stream_groups sg JOIN student_profiles sp ON sp.group_id = sg.group_id
         JOIN users u ON u.id = sp.user_id WHERE sg.stream_id = $1 ORDER BY u.id LIMIT $2`,
        [entry.streamId, students],
      )
    ).rows.map((r) => r.login);
    // That lesson today, whatever the weekday (a check-in starts only on a day its lesson takes place); a copy on
    // today may be in another room.
    const database = await openPostgres(url, 1);
    const today = await lessonOnDay(database.db, entry.entryId, bishkekDay(new Date()).weekday).finally(() =>
      database.close(),
    );
    const [room] = (
      await client.query<Pick<Stage, 'latitude' | 'longitude' | 'radiusM'>>(
        `SELECT r.latitude, r.longitude, r.checkin_radius_m AS "radiusM"
         FROM schedule_entries e JOIN rooms r ON r.id = e.room_id WHERE e.id = $1`,
        [today],
      )
    ).rows;
    return { ...entry, ...room, entryId: today, studentLogins: logins };
  } finally {
    await client.end().catch(() => {});
  }
}

async function checkDatabase(url: string, sessionId: number) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const [row] = (
      await client.query<{ accepted: number; marks: number }>(
        `SELECT (SELECT count(*)::int FROM qr_attempts WHERE session_id = $1 AND result = 'accepted') AS accepted,
           (SELECT count(*)::int FROM journal_marks m
             JOIN journal_lessons l ON l.id = m.lesson_id
             JOIN qr_sessions s ON s.id = $1 JOIN schedule_entries e ON e.id = s.schedule_entry_id
             JOIN journal_assessments a ON a.id = m.assessment_id AND a.code = '+'
             WHERE l.visit_date = s.lesson_date AND l.time_slot_id = e.time_slot_id
               AND l.discipline_id = e.discipline_id AND l.stream_id = e.stream_id) AS marks`,
        [sessionId],
      )
    ).rows;
    return row ?? { accepted: -1, marks: -1 };
  } finally {
    await client.end().catch(() => {});
  }
}

interface Outcome {
  ms: number;
  status: number;
  code: string | null;
}

export const qrCheckinScenario: Scenario = {
  name: 'qr-checkin',
  description: `POST ${qrScan.path} then ${qrVisit.path}: ${students} students of one stream checking in within ${arrivalSec} s`,
  targets: [
    { metric: 'p99Ms', op: '<', value: 200, label: 'p99 < 200 ms' },
    { metric: 'errors', op: '<=', value: 0, label: '0 errors' },
    { metric: 'journalRows', op: '>=', value: students, label: `${students} journal rows` },
    { metric: 'pushedAccepted', op: '>=', value: students, label: `the projector's count reaches ${students}` },
  ],
  async run(ctx) {
    const stage = await setStage(ctx.settings.databaseUrl);
    ctx.log(`lesson ${stage.entryId} of ${stage.teacherLogin}; signing in ${stage.studentLogins.length} students`);
    const tokens = await signInAll(ctx.baseUrl, stage.studentLogins, ctx.settings.password);
    const teacher = await signIn(ctx.baseUrl, stage.teacherLogin, ctx.settings.password);
    const url = (path: string) => {
      const u = new URL(path, ctx.baseUrl).toString();
      assertLocal(u);
      return u;
    };
    const call = async (path: string, body: unknown, cookie: string, method = 'POST') => {
      const res = await fetch(url(path), {
        method,
        headers: { 'content-type': 'application/json', cookie },
        body: method === 'POST' ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(requestTimeoutMs),
      });
      const reply = (await res.json().catch(() => null)) as { error?: { code?: string } | null; data?: unknown } | null;
      return { res, reply };
    };

    const started = await call(qrStart.path, { id: stage.entryId }, `token=${teacher}`);
    if (started.res.status !== 200) throw new Error(`The check-in did not start: ${JSON.stringify(started.reply)}`);
    const session = started.reply?.data as { sessionId: number; token: string; expiresAt: string };
    let shown = session.token;

    // The projector: the next code when this one expires; its socket: the count.
    let projecting = true;
    const projector = (async () => {
      let expiresAt = Date.parse(session.expiresAt);
      while (projecting) {
        await new Promise((resolve) => setTimeout(resolve, Math.max(50, expiresAt - Date.now() + 50)));
        if (!projecting) break;
        const next = await call(`${qrToken.path}?sessionId=${session.sessionId}`, null, `token=${teacher}`, 'GET');
        const data = next.reply?.data as { token: string; expiresAt: string } | undefined;
        if (data) {
          shown = data.token;
          expiresAt = Date.parse(data.expiresAt);
        }
      }
    })();
    let pushedAccepted = 0;
    const socket = new WebSocket(url(chatSocketPath).replace(/^http/, 'ws'), {
      headers: { cookie: `token=${teacher}` },
    });
    socket.on('message', (data) => {
      const event = JSON.parse(String(data)) as { type: string; accepted?: number };
      if (event.type === 'qr') pushedAccepted = Math.max(pushedAccepted, event.accepted ?? 0);
    });
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });

    const outcomes: Outcome[] = [];
    const timed = async (path: string, body: unknown, cookie: string) => {
      const t0 = performance.now();
      try {
        const { res, reply } = await call(path, body, cookie);
        outcomes.push({ ms: performance.now() - t0, status: res.status, code: reply?.error?.code ?? null });
        return { res, reply };
      } catch {
        outcomes.push({ ms: performance.now() - t0, status: 0, code: null });
        return null;
      }
    };
    const metresPerDegree = 111_320;
    const phone = async (i: number) => {
      await new Promise((resolve) => setTimeout(resolve, (i * arrivalSec * 1000) / students));
      const scanned = await timed(qrScan.path, { token: shown }, '');
      const ticket = (scanned?.reply?.data as { ticket?: string } | undefined)?.ticket;
      if (!scanned || !ticket) return;
      const device = /okuu_device=([^;]+)/.exec(scanned.res.headers.getSetCookie().join('; '))?.[1] ?? '';
      // Somewhere in the room: up to half the radius from its point, with a phone's usual accuracy.
      const offset = ((i % 10) / 20) * stage.radiusM;
      await timed(
        qrVisit.path,
        { token: ticket, y: stage.latitude + offset / metresPerDegree, x: stage.longitude, accuracy: 8 + (i % 25) },
        `token=${tokens[i]}; okuu_device=${device}`,
      );
    };
    ctx.log(`${students} students checking in over ${arrivalSec} s`);
    const t0 = performance.now();
    await Promise.all(stage.studentLogins.map((_, i) => phone(i)));
    const durationSec = (performance.now() - t0) / 1000;
    // The last counts reach the socket within a moment (they are gathered per 200 ms).
    const deadline = Date.now() + 3000;
    while (pushedAccepted < students && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    projecting = false;
    socket.close();
    await projector;

    const db = await checkDatabase(ctx.settings.databaseUrl, session.sessionId);
    const latencies = Float64Array.from(outcomes.map((o) => o.ms)).sort();
    const failed = outcomes.filter((o) => o.status !== 200);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      requestsPerSec: round(outcomes.length / durationSec),
      p50Ms: Math.round(percentile(latencies, 50)),
      p99Ms: Math.round(percentile(latencies, 99)),
      errors: failed.length + (students - db.accepted),
      metrics: {
        maxMs: Math.round(latencies[latencies.length - 1] ?? 0),
        requests: outcomes.length,
        acceptedAttempts: db.accepted,
        journalRows: db.marks,
        pushedAccepted,
        durationSec: round(durationSec),
      },
      details: {
        failures: Object.fromEntries(
          [...new Set(failed.map((o) => `${o.status} ${o.code ?? ''}`))].map((k) => [
            k,
            failed.filter((o) => `${o.status} ${o.code ?? ''}` === k).length,
          ]),
        ),
      },
    };
  },
};
