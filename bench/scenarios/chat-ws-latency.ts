import { performance } from 'node:perf_hooks';
import { type ChatServerEvent, chatSocketPath } from '@okuu/contracts/chat/events';
import WebSocket from 'ws';
import { signIn, studentLogins } from '../lib/api.ts';
import { assertLocal, percentile } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';
import { type ChatStudent, eachLimited, sendMessage, studentsWithTeachers } from './chat-common.ts';

/**
 * WebSocket clients kept open on the server while measuring (several per student: tabs and devices), and messages
 * sent per second by teachers through HTTP, each to one of the connected students. BENCH_WS_CLIENTS and BENCH_WS_RATE
 * change them (for experiments; the target is for the defaults).
 */
const clientCount = Number(process.env.BENCH_WS_CLIENTS) || 1000;
const sendsPerSecond = Number(process.env.BENCH_WS_RATE) || 50;

interface Pending {
  sentAt: number;
  /** Sockets still to receive it. */
  waiting: number;
  measured: boolean;
}

function openSocket(baseUrl: string, token: string, onEvent: (e: ChatServerEvent, at: number) => void) {
  const url = new URL(chatSocketPath, baseUrl);
  assertLocal(url.toString());
  url.protocol = 'ws:';
  const socket = new WebSocket(url, { headers: { cookie: `token=${token}` } });
  return new Promise<WebSocket>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('A chat socket did not open within 30 s')), 30_000);
    socket.on('message', (data) => {
      const at = performance.now();
      const event = JSON.parse(String(data)) as ChatServerEvent;
      if (event.type === 'ready') {
        clearTimeout(timer);
        resolve(socket);
      } else onEvent(event, at);
    });
    socket.once('unexpected-response', (_req, res) => reject(new Error(`${chatSocketPath}: HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

/**
 * Real-time delivery: 1,000 chat sockets open on one instance (the bench's students, several tabs each); their
 * teachers send messages through HTTP at a steady rate, each to one of them; the time from the start of the send to
 * the message event on each of the recipient's sockets is measured. (The server fans out through PostgreSQL
 * LISTEN/NOTIFY even with one instance.)
 */
export const chatWsLatencyScenario: Scenario = {
  name: 'chat-ws-latency',
  description: `${clientCount} WebSocket clients on ${chatSocketPath}; ${sendsPerSecond} messages/s sent through HTTP; latency from send to receipt on each of the recipient's sockets`,
  targets: [
    { metric: 'p99Ms', op: '<', value: 100, label: 'p99 send→receipt < 100 ms' },
    { metric: 'errors', op: '<=', value: 0, label: 'every message delivered' },
  ],
  async run(ctx) {
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students and finding their teachers`);
    const students = await studentsWithTeachers(ctx.baseUrl, logins, ctx.settings.password);
    if (students.length === 0) throw new Error('No student has a teacher to talk to');

    // The demo university's teacher with user id n signs in as `teacher<n>`; checked, not assumed.
    const teacherIds = [...new Set(students.map((s) => s.teacherId))];
    ctx.log(`signing in ${teacherIds.length} teachers`);
    const teacherTokens = new Map<number, string>();
    await eachLimited(teacherIds, 8, async (id) => {
      const token = await signIn(ctx.baseUrl, `teacher${id}`, ctx.settings.password);
      const res = await fetch(new URL('/api/auth/enticate.json', ctx.baseUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie: `token=${token}` },
        body: '{}',
      });
      const user = ((await res.json()) as { data: { user: { id: number } } }).data.user;
      if (user.id !== id) throw new Error(`teacher${id} has user id ${user.id}: the demo data is not as expected`);
      teacherTokens.set(id, token);
    });

    const pending = new Map<number, Pending>();
    // Receipts of messages whose send has not answered yet: the socket may be faster than the HTTP reply.
    const early = new Map<number, number[]>();
    const latencies: number[] = [];
    const receive = (id: number, p: Pending, at: number) => {
      if (p.measured) latencies.push(at - p.sentAt);
      if (--p.waiting === 0) pending.delete(id);
    };
    const onEvent = (event: ChatServerEvent, at: number) => {
      if (event.type !== 'message') return;
      const id = event.message.id_message;
      const p = pending.get(id);
      if (p) receive(id, p, at);
      else early.set(id, [...(early.get(id) ?? []), at]);
    };

    ctx.log(`opening ${clientCount} sockets for ${students.length} students`);
    const sockets: WebSocket[] = [];
    const socketsOf = new Map<number, number>();
    try {
      await eachLimited(
        Array.from({ length: clientCount }, (_, i) => students[i % students.length] as ChatStudent),
        50,
        async (s) => {
          sockets.push(await openSocket(ctx.baseUrl, s.token, onEvent));
          socketsOf.set(s.userId, (socketsOf.get(s.userId) ?? 0) + 1);
        },
      );

      // Sends at a steady rate; the send time is taken before the request starts. The warm-up's are not measured.
      const sendTimes: number[] = [];
      let sendErrors = 0;
      let sentMeasured = 0;
      const inFlight = new Set<Promise<void>>();
      const sendOne = async (s: ChatStudent, n: number, measured: boolean) => {
        const sentAt = performance.now();
        try {
          const token = teacherTokens.get(s.teacherId) as string;
          const id = await sendMessage(ctx.baseUrl, token, s.userId, `ws-bench ${n}`);
          if (measured) sendTimes.push(performance.now() - sentAt);
          const p: Pending = { sentAt, waiting: socketsOf.get(s.userId) ?? 0, measured };
          pending.set(id, p);
          for (const at of early.get(id) ?? []) receive(id, p, at);
          early.delete(id);
        } catch {
          sendErrors++;
        }
      };
      const phase = async (seconds: number, measured: boolean, start: number) => {
        const total = Math.round(seconds * sendsPerSecond);
        const began = performance.now();
        for (let n = 0; n < total; n++) {
          const due = began + (n * 1000) / sendsPerSecond;
          const wait = due - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          const s = students[(start + n) % students.length] as ChatStudent;
          const p = sendOne(s, start + n, measured).finally(() => inFlight.delete(p));
          inFlight.add(p);
          if (measured) sentMeasured++;
        }
        await Promise.all(inFlight);
      };
      if (ctx.settings.warmupSec > 0) {
        ctx.log(`warm-up ${ctx.settings.warmupSec} s`);
        await phase(ctx.settings.warmupSec, false, 0);
        await new Promise((r) => setTimeout(r, 1000));
      }
      ctx.log(`measuring ${ctx.settings.durationSec} s at ${sendsPerSecond} messages/s`);
      pending.clear();
      early.clear();
      const started = performance.now();
      await phase(ctx.settings.durationSec, true, 1_000_000);
      const elapsed = (performance.now() - started) / 1000;
      // Stragglers: up to 5 s.
      for (let i = 0; i < 50 && pending.size > 0; i++) await new Promise((r) => setTimeout(r, 100));
      const missing = [...pending.values()].reduce((n, p) => n + p.waiting, 0);

      const sorted = Float64Array.from(latencies).sort();
      const sends = Float64Array.from(sendTimes).sort();
      const round = (v: number) => Math.round(v * 10) / 10;
      return {
        requestsPerSec: round(sentMeasured / elapsed),
        p50Ms: round(percentile(sorted, 50)),
        p99Ms: round(percentile(sorted, 99)),
        errors: sendErrors + missing,
        metrics: {
          clients: sockets.length,
          students: students.length,
          deliveries: latencies.length,
          missingDeliveries: missing,
          p95Ms: round(percentile(sorted, 95)),
          maxMs: round(sorted.length ? (sorted[sorted.length - 1] as number) : Number.NaN),
          sendP50Ms: round(percentile(sends, 50)),
          sendP99Ms: round(percentile(sends, 99)),
          unexpectedEvents: early.size,
        },
      };
    } finally {
      for (const socket of sockets) socket.terminate();
    }
  },
};
