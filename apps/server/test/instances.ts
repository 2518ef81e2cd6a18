import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { type ChatServerEvent, chatSocketPath } from '@okuu/contracts/chat/events';
import WebSocket from 'ws';

/** Helpers of the tests that run real server processes (several instances, faults): all on 127.0.0.1. */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return address.port;
}

/** A server process (`src/main.ts`) on its own port; `start()` again after it ended starts it anew on that port. */
export interface Instance {
  name: string;
  port: number;
  url: string;
  child: ChildProcess;
  /** Everything it printed so far (the last 20,000 characters). */
  output(): string;
  start(): Promise<void>;
  /** SIGTERM (a graceful stop) or SIGKILL, and waits for the exit; the exit code or signal. */
  stop(signal?: 'SIGTERM' | 'SIGKILL'): Promise<number | string>;
  running(): boolean;
}

export function serverInstance(name: string, port: number, env: Record<string, string>): Instance {
  let out = '';
  let child: ChildProcess | null = null;
  let exited: Promise<number | string> = Promise.resolve('not started');
  const instance: Instance = {
    name,
    port,
    url: `http://127.0.0.1:${port}`,
    get child() {
      return child as ChildProcess;
    },
    output: () => out,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async start() {
      out = '';
      const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: serverDir,
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          SEED: 'off',
          LOG_LEVEL: 'warn',
          RATE_LIMIT_MAX: '0',
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          ...env,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      const keep = (d: Buffer) => {
        out = (out + d).slice(-20_000);
      };
      proc.stdout?.on('data', keep);
      proc.stderr?.on('data', keep);
      exited = new Promise((resolve) => proc.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
      const deadline = Date.now() + 180_000;
      while (!out.includes('is serving')) {
        if (Date.now() > deadline || proc.exitCode !== null) {
          proc.kill('SIGKILL');
          throw new Error(`${name} did not start:\n${out}`);
        }
        await sleep(100);
      }
    },
    async stop(signal = 'SIGTERM') {
      if (instance.running()) child?.kill(signal);
      return exited;
    },
  };
  return instance;
}

/** A chat socket on an instance that keeps every event it gets; `next` waits for one that matches. */
export async function chatSocket(on: Instance, cookie: string) {
  const ws = new WebSocket(`ws://127.0.0.1:${on.port}${chatSocketPath}`, { headers: { cookie } });
  const events: ChatServerEvent[] = [];
  ws.on('message', (d) => events.push(JSON.parse(String(d)) as ChatServerEvent));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  const next = async (match: (e: ChatServerEvent) => boolean, ms = 10_000) => {
    const deadline = Date.now() + ms;
    while (Date.now() < deadline) {
      const found = events.find(match);
      if (found) return found;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error(`No matching event within ${ms} ms; got ${JSON.stringify(events)}`);
  };
  await next((e) => e.type === 'ready');
  return { ws, events, next };
}

/** Stops every instance still running (SIGKILL: after a test nothing needs a graceful stop). */
export async function killAll(instances: Instance[]): Promise<void> {
  await Promise.all(instances.map((i) => i.stop('SIGKILL')));
}

/** Copies a directory tree (the template's stored files into a data directory shared by instances). */
export async function copyTree(from: string, to: string): Promise<void> {
  await fs.mkdir(path.dirname(to), { recursive: true });
  await fs.cp(from, to, { recursive: true });
}

/**
 * A PostgreSQL cluster of the test's own (initdb in a temporary directory, its own port on 127.0.0.1, trust auth),
 * so that restarting it disturbs no one else. Root cannot run PostgreSQL: as root it runs as the user `postgres`.
 */
export interface PrivatePostgres {
  url: string;
  port: number;
  /** Stops it (fast shutdown: sessions are cut), keeps it down for `downMs`, and starts it again. */
  restart(downMs?: number): Promise<void>;
  /** Stops it (immediate) and removes its files. */
  destroy(): Promise<void>;
}

export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  try {
    const versions = execFileSync('ls', [root], { encoding: 'utf8' }).split('\n').filter(Boolean);
    const newest = versions.sort((a, b) => Number(b) - Number(a))[0];
    return newest ? path.join(root, newest, 'bin') : null;
  } catch {
    return null;
  }
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  if (!bin) throw new Error('No PostgreSQL under /usr/lib/postgresql (apt-get install postgresql)');
  const asRoot = process.getuid?.() === 0;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-pg-'));
  const dataDir = path.join(dir, 'data');
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const run = (program: string, args: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...args] : args,
      {
        cwd: dir,
        stdio: 'pipe',
        encoding: 'utf8',
      },
    );
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--encoding', 'UTF8', '--locale', 'C.UTF-8']);
  const port = await freePort();
  const options = `-c listen_addresses=127.0.0.1 -p ${port} -c unix_socket_directories=${dir} -c fsync=on`;
  const ctl = (...args: string[]) =>
    run('pg_ctl', ['-D', dataDir, '-l', path.join(dir, 'log'), '-w', '-t', '60', ...args]);
  ctl('-o', options, 'start');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async restart(downMs = 0) {
      ctl('-m', 'fast', 'stop');
      await sleep(downMs);
      ctl('-o', options, 'start');
    },
    async destroy() {
      try {
        ctl('-m', 'immediate', 'stop');
      } catch {
        // already stopped
      }
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
