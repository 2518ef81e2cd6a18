import os from 'node:os';

/** The bench's knobs, all from the environment (documented in bench/README.md). */
export interface BenchSettings {
  databaseUrl: string;
  /** The run created this database under a name of its own and drops it at the end. */
  dropDatabase: boolean;
  students: number;
  connections: number;
  durationSec: number;
  warmupSec: number;
  /** LOG_LEVEL of the server under test. */
  serverLogLevel: string;
  /** DATABASE_POOL_SIZE of the server under test; undefined keeps the server's default. */
  serverPoolSize: number | undefined;
  /** Where the server's log goes: a file path or /dev/null. */
  serverLog: string;
  /** How many sessions the authenticated scenarios open and rotate. */
  sessions: number;
  /** The demo accounts' password. */
  password: string;
  /** How long the first start (migrations and seeding the demo university) may take. */
  startTimeoutSec: number;
  /** Distinct signed-in students of `registration-rush` (at most `students - 1`). */
  rushStudents: number;
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

/** This run's own database name: one per process, the same at every read of the settings. */
const runName = `okuu_bench_${new Date().toISOString().replace(/\D/g, '').slice(0, 14)}_${process.pid}`;

export function readSettings(env: NodeJS.ProcessEnv, resultsDir: string): BenchSettings {
  // Without BENCH_DATABASE_URL each run gets a database of its own (two runs on one server never meet) and drops it.
  const databaseUrl = env.BENCH_DATABASE_URL || `postgres://postgres@127.0.0.1:5432/${runName}`;
  if (!/^postgres(ql)?:\/\//.test(databaseUrl)) throw new Error('BENCH_DATABASE_URL must start with postgres://');
  const students = positiveInt(env, 'BENCH_STUDENTS', 20000);
  if (students < 50 || students > 50000) throw new Error('BENCH_STUDENTS must be between 50 and 50000');
  return {
    databaseUrl,
    dropDatabase: !env.BENCH_DATABASE_URL,
    students,
    connections: positiveInt(env, 'BENCH_CONNECTIONS', 100),
    durationSec: positiveInt(env, 'BENCH_DURATION', 10),
    warmupSec: env.BENCH_WARMUP === '0' ? 0 : positiveInt(env, 'BENCH_WARMUP', 3),
    serverLogLevel: env.BENCH_LOG_LEVEL || 'warn',
    serverPoolSize: env.BENCH_POOL_SIZE ? positiveInt(env, 'BENCH_POOL_SIZE', 10) : undefined,
    serverLog: env.BENCH_SERVER_LOG || `${resultsDir}/server.log`,
    sessions: positiveInt(env, 'BENCH_SESSIONS', 300),
    password: env.BENCH_PASSWORD || 'Okuu2026!',
    startTimeoutSec: positiveInt(env, 'BENCH_START_TIMEOUT', 1800),
    rushStudents: positiveInt(env, 'BENCH_RUSH_STUDENTS', 5000),
  };
}

/** The URL without its password, for reports. */
export function redactUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** How busy the whole machine is over `ms` (0–100 % of all cores): others' work skews the numbers. */
export async function busyPercent(ms = 1000): Promise<number> {
  const sample = () =>
    os.cpus().reduce(
      (acc, cpu) => {
        const { user, nice, sys, irq, idle } = cpu.times;
        return { busy: acc.busy + user + nice + sys + irq, all: acc.all + user + nice + sys + irq + idle };
      },
      { busy: 0, all: 0 },
    );
  const before = sample();
  await new Promise((resolve) => setTimeout(resolve, ms));
  const after = sample();
  const all = after.all - before.all;
  return all > 0 ? Math.round(((after.busy - before.busy) / all) * 100) : 0;
}

export function machine() {
  const cpus = os.cpus();
  return {
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    platform: `${os.platform()} ${os.release()}`,
  };
}
