// `npm run bench`: the server on PostgreSQL with the large demo university, the scenarios of
// bench/scenarios/ one after the other, a bare Fastify hello world as the baseline, a table and a JSON report.
// Usage: npm run bench [-- <scenario> ...]   (settings: see bench/README.md)
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { analyze, dropBenchDatabase, prepareBenchDatabase } from './lib/database.ts';
import { createLoader, stopRunningLoad } from './lib/load.ts';
import { type Child, freePort, logTail, startNode, stopAll, waitForHttp } from './lib/processes.ts';
import { evaluate, formatReport, type Row } from './lib/report.ts';
import { type BenchSettings, busyPercent, machine, readSettings, redactUrl } from './lib/settings.ts';
import type { Measurement, Scenario, ScenarioContext } from './lib/types.ts';
import { scenarios } from './scenarios/index.ts';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');
const resultsDir = path.join(benchDir, 'results');

function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

function scoped(name: string) {
  return (message: string) => log(`${name}: ${message}`);
}

function describe(m: Measurement): string {
  return `${m.requestsPerSec ?? '—'} requests/s, p50 ${m.p50Ms ?? '—'} ms, p99 ${m.p99Ms ?? '—'} ms, ${m.errors} errors`;
}

function commit(): string | null {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8', stdio: 'pipe' }).trim();
  } catch {
    return null;
  }
}

function selectScenarios(names: string[]): Scenario[] {
  const unknown = names.filter((n) => !scenarios.some((s) => s.name === n));
  if (unknown.length) {
    throw new Error(`Unknown scenario ${unknown.join(', ')}. Known: ${scenarios.map((s) => s.name).join(', ')}`);
  }
  return names.length ? scenarios.filter((s) => names.includes(s.name)) : scenarios;
}

async function startServer(
  settings: BenchSettings,
  name = 'the server',
  logPath = settings.serverLog,
  fixedPort?: number,
): Promise<{ server: Child; baseUrl: string }> {
  const port = fixedPort ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: settings.databaseUrl,
    PUBLIC_URL: baseUrl,
    DATA_DIR: path.join(resultsDir, 'data'),
    LOG_LEVEL: settings.serverLogLevel,
    RATE_LIMIT_MAX: '0',
    LOGIN_FAILURE_LIMIT: '1000000',
    // QR check-in takes scans all day, so that the qr-checkin scenario's lesson is on whenever the bench runs.
    QR_WINDOW_MINUTES: '1440',
    SEED: 'auto',
    DEMO_STUDENTS: String(settings.students),
  };
  if (settings.serverPoolSize !== undefined) env.DATABASE_POOL_SIZE = String(settings.serverPoolSize);
  else delete env.DATABASE_POOL_SIZE;

  log(`starting ${name} on ${baseUrl} (log: ${logPath})`);
  const server = startNode(name, 'apps/server/src/main.ts', { cwd: repoRoot, env, logPath });
  const started = Date.now();
  await waitForHttp(server, `${baseUrl}/healthz`, settings.startTimeoutSec * 1000, (s) =>
    log(`${name} is still starting after ${s} s (a first start seeds ${settings.students} students)`),
  );
  const health = (await (await fetch(`${baseUrl}/healthz`)).json()) as { data?: { engine?: string } };
  if (health.data?.engine !== 'postgres') throw new Error(`The server runs on ${health.data?.engine}, not PostgreSQL`);
  log(`${name} is up after ${Math.round((Date.now() - started) / 1000)} s`);
  return { server, baseUrl };
}

async function measureBaseline(settings: BenchSettings): Promise<Measurement> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const baseline = startNode('the baseline', 'bench/baseline.ts', {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port) },
    logPath: path.join(resultsDir, 'baseline.log'),
  });
  try {
    await waitForHttp(baseline, `${baseUrl}/`, 60_000);
    return await createLoader(baseUrl, settings, scoped('baseline'), { pid: baseline.process.pid })({ path: '/' });
  } finally {
    await baseline.stop();
  }
}

async function runScenario(scenario: Scenario, ctx: ScenarioContext, server: Child, baselineRps: number | null) {
  const row: Row = {
    name: scenario.name,
    description: scenario.description,
    measurement: null,
    ratio: null,
    targets: [],
  };
  try {
    if (server.process.exitCode !== null || server.process.signalCode !== null) {
      throw new Error(`the server is no longer running:\n${logTail(server)}`);
    }
    row.measurement = await scenario.run(ctx);
    const rps = row.measurement.requestsPerSec;
    row.ratio = rps !== null && baselineRps ? Math.round((rps / baselineRps) * 1000) / 1000 : null;
    ctx.log(describe(row.measurement));
  } catch (err) {
    row.failure = err instanceof Error ? err.message : String(err);
    ctx.log(`failed: ${row.failure}`);
  }
  row.targets = evaluate(scenario.targets ?? [], row.measurement, row.ratio);
  return row;
}

async function main(): Promise<number> {
  const settings = readSettings(process.env, resultsDir);
  const selected = selectScenarios(process.argv.slice(2));
  mkdirSync(resultsDir, { recursive: true });
  const startedAt = new Date();
  const host = machine();
  log(`${host.cpus} × ${host.cpuModel}, ${host.memoryGiB} GiB, Node ${host.node}`);
  log(
    `${settings.connections} connections, ${settings.warmupSec} s warm-up + ${settings.durationSec} s per scenario, ` +
      `server LOG_LEVEL=${settings.serverLogLevel}, DATABASE_POOL_SIZE=${settings.serverPoolSize ?? 'default'}`,
  );

  const busyBefore = await busyPercent();
  if (busyBefore > 15) {
    log(
      `warning: other processes keep the machine ${busyBefore}% busy: the numbers will be lower than on a quiet machine`,
    );
  }

  log(`database ${redactUrl(settings.databaseUrl)} (${settings.students} students)`);
  const database = await prepareBenchDatabase(settings.databaseUrl, settings.students);
  log(`database ${database}`);

  const { server, baseUrl } = await startServer(settings);
  await analyze(settings.databaseUrl);

  log('baseline: a bare Fastify hello world');
  const baselineMeasurement = await measureBaseline(settings);
  log(`baseline: ${describe(baselineMeasurement)}`);
  const baselineRps = baselineMeasurement.requestsPerSec;
  const rows: Row[] = [
    {
      name: 'baseline',
      description: 'GET / on a bare Fastify hello world (separate process)',
      measurement: baselineMeasurement,
      ratio: 1,
      targets: [],
    },
  ];

  const target = {
    pid: server.process.pid,
    database: decodeURIComponent(new URL(settings.databaseUrl).pathname.slice(1)),
  };
  for (const scenario of selected) {
    log(`${scenario.name}: ${scenario.description}`);
    const scenarioLog = scoped(scenario.name);
    const ctx: ScenarioContext = {
      baseUrl,
      settings,
      log: scenarioLog,
      load: createLoader(baseUrl, settings, scenarioLog, target),
      loadAt: (url, also) =>
        createLoader(url, settings, scenarioLog, {
          ...target,
          also: also.filter((pid): pid is number => pid !== undefined),
        }),
      startInstance: async (port) => {
        const logPath =
          settings.serverLog === '/dev/null' ? '/dev/null' : settings.serverLog.replace(/(\.log)?$/, '-2.log');
        const second = await startServer(settings, 'a second instance', logPath, port);
        return { baseUrl: second.baseUrl, pid: second.server.process.pid, stop: () => second.server.stop() };
      },
    };
    rows.push(await runScenario(scenario, ctx, server, baselineRps));
  }
  await server.stop();

  const finishedAt = new Date();
  const report = {
    startedAt: startedAt.toISOString(),
    finishedAt: finishedAt.toISOString(),
    commit: commit(),
    machine: { ...host, busyPercentBeforeRun: busyBefore },
    settings: { ...settings, databaseUrl: redactUrl(settings.databaseUrl), password: undefined },
    database,
    rows,
  };
  const stamp = startedAt
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const file = path.join(resultsDir, `${stamp}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);

  process.stdout.write(`\n${formatReport(rows)}\n\nReport: ${path.relative(process.cwd(), file)}\n`);
  return rows.some((r) => r.failure) ? 1 : 0;
}

/** The database this run created for itself goes when it ends, however it ends. */
async function dropOwnDatabase(): Promise<void> {
  const settings = readSettings(process.env, resultsDir);
  if (!settings.dropDatabase) return;
  await dropBenchDatabase(settings.databaseUrl).catch((err) => log(`could not drop the bench database: ${err}`));
}

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.once(signal, () => {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping`);
    stopRunningLoad();
    void stopAll()
      .then(dropOwnDatabase)
      .finally(() => process.exit(130));
  });
}

try {
  process.exitCode = await main();
} catch (err) {
  log(`failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  await stopAll();
  await dropOwnDatabase();
}
