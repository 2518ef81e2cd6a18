import { randomUUID } from 'node:crypto';
import autocannon from 'autocannon';
import { cpuProbe } from './cpu.ts';
import { analyze } from './database.ts';
import { assertLocal } from './local.ts';
import type { BenchSettings } from './settings.ts';
import type { LoadOptions, Measurement } from './types.ts';

// Kept here too: scenarios import it from this module.
export { assertLocal };

let running: autocannon.Instance | null = null;

/** Ends the load run in progress (Ctrl-C); its promise then settles with what it measured so far. */
export function stopRunningLoad(): void {
  running?.stop();
}

/** One autocannon run; `onResponseTime` sees the time of every reply. Stopped for sure after its duration plus 30 s. */
function runOnce(
  options: autocannon.Options,
  durationSec: number,
  onResponseTime?: (ms: number) => void,
): Promise<autocannon.Result> {
  assertLocal(options.url);
  return new Promise((resolve, reject) => {
    const instance = autocannon({ ...options, duration: durationSec }, (err: unknown, result) => {
      clearTimeout(guard);
      running = null;
      if (err) reject(err instanceof Error ? err : new Error(String(err)));
      else resolve(result);
    });
    running = instance;
    const guard = setTimeout(() => instance.stop(), (durationSec + 30) * 1000);
    if (onResponseTime) instance.on('response', (_client, _status, _bytes, ms) => onResponseTime(ms));
  });
}

/** The value below which `p` percent of the sorted values fall (nearest rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

export function percentileKey(p: number): string {
  return `p${String(p).replace('.', '_')}Ms`;
}

/** Turns an autocannon result into the bench's measurement. */
export function summarize(result: autocannon.Result, extra: Record<string, number> = {}): Measurement {
  const seconds = result.duration > 0 ? result.duration : 1;
  return {
    requestsPerSec: Math.round((result.requests.total / seconds) * 10) / 10,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    // autocannon counts timeouts among errors.
    errors: result.errors + result.non2xx + result.mismatches,
    metrics: extra,
    details: {
      requests: result.requests.total,
      durationSec: result.duration,
      connectionErrors: result.errors,
      timeouts: result.timeouts,
      non2xx: result.non2xx,
      mismatches: result.mismatches,
      statusCodes: result.statusCodeStats,
      latencyMs: result.latency,
      requestsPerSecSamples: result.requests,
      throughputBytesPerSec: result.throughput.average,
    },
  };
}

/**
 * The `load` of a scenario context: a warm-up run (discarded), then the measured run. `target` is the process under
 * load (and the database its backends serve): its CPU time per request (metric `serverCpuUsPerRequest`) and the
 * cores it kept busy (`serverCpuCores`) are much less sensitive to other work on the machine than requests/s, and
 * `otherCpuCores` tells how much such work there was.
 */
export function createLoader(
  baseUrl: string,
  settings: BenchSettings,
  log: (message: string) => void,
  target?: { pid: number | undefined; also?: number[]; database?: string },
) {
  const probe = target ? cpuProbe(target) : null;
  return async (options: LoadOptions): Promise<Measurement> => {
    const { path, percentiles = [], ...rest } = options;
    const base: autocannon.Options = {
      ...rest,
      url: new URL(path, baseUrl).toString(),
      connections: settings.connections,
      pipelining: 1,
    };
    // The scenario's preparation may have filled tables (chat messages, books): the planner gets their statistics,
    // as autovacuum would give them to a production database.
    await analyze(settings.databaseUrl);
    if (settings.warmupSec > 0) {
      log(`warm-up ${settings.warmupSec} s`);
      await runOnce(base, settings.warmupSec);
    }
    log(`measuring ${settings.durationSec} s with ${settings.connections} connections`);
    const times: number[] = [];
    const cpuStart = probe?.start();
    const result = await runOnce(base, settings.durationSec, percentiles.length ? (ms) => times.push(ms) : undefined);
    const cpu = probe && cpuStart ? probe.finish(cpuStart, result.requests.total) : null;
    const sorted = Float64Array.from(times).sort();
    const extra: Record<string, number> = Object.fromEntries(
      percentiles.map((p) => [percentileKey(p), Math.round(percentile(sorted, p) * 10) / 10]),
    );
    return summarize(result, { ...extra, ...cpu });
  };
}

/**
 * The requests every connection cycles through, each built once. (A `setupRequest` callback would rebuild every
 * request on the client, which shares the machine's cores with the server and would then hold back the load.) They
 * say what every browser says of compression, as the web app's own calls do.
 */
export function rotation(
  entries: readonly { cookie: string; body: string }[],
  contentType = 'application/json',
): autocannon.Request[] {
  return entries.map(({ cookie, body }) => ({
    headers: { 'content-type': contentType, 'accept-encoding': browserAcceptEncoding, cookie },
    body,
  }));
}

/**
 * The requests, each sent with an Idempotency-Key of its own, as the web app sends a chat message (a proxy may then send
 * it again to another instance, and it is stored once). The one header is set per request; the rest is built once.
 */
export function withIdempotencyKeys(requests: autocannon.Request[]): autocannon.Request[] {
  return requests.map((request) => ({
    ...request,
    setupRequest: (req: autocannon.Request) => ({
      ...req,
      headers: { ...req.headers, 'idempotency-key': randomUUID() },
    }),
  }));
}

/** Chromium's Accept-Encoding on a plain-HTTP page. */
export const browserAcceptEncoding = 'gzip, deflate';
