import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { assertLocal } from './local.ts';

/** A program the bench started (Node, nginx); stopped by `stop()` or, at the latest, by `stopAll()`. */
export interface Child {
  name: string;
  process: ChildProcess;
  /** Where its stdout and stderr go. */
  logPath: string;
  /** Settles with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL when it has not exited within `graceMs`. */
  stop(graceMs?: number): Promise<void>;
}

const children = new Set<Child>();

// The last resort when the bench exits in an unplanned way: nothing it started may outlive it.
process.on('exit', () => {
  for (const child of children) child.process.kill('SIGKILL');
});

/** A TCP port free on 127.0.0.1 right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** Starts `node --import tsx <script>` from the repository root with stdout and stderr going to `logPath`. */
export function startNode(
  name: string,
  script: string,
  opts: { cwd: string; env: NodeJS.ProcessEnv; logPath: string },
) {
  return startProgram(name, process.execPath, ['--import', 'tsx', script], opts);
}

/** Starts a program with stdout and stderr going to `logPath`; stopped by `stop()` or, at the latest, `stopAll()`. */
export function startProgram(
  name: string,
  command: string,
  args: string[],
  opts: { cwd: string; env: NodeJS.ProcessEnv; logPath: string },
) {
  const fd = openSync(opts.logPath, 'w');
  const proc = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<number | string>((resolve) => {
    proc.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown'));
    proc.once('error', () => resolve('failed to start'));
  });
  const child: Child = {
    name,
    process: proc,
    logPath: opts.logPath,
    exited,
    async stop(graceMs = 10_000) {
      if (proc.exitCode === null && proc.signalCode === null) {
        proc.kill('SIGTERM');
        const done = await Promise.race([exited.then(() => true), sleep(graceMs).then(() => false)]);
        if (!done) {
          proc.kill('SIGKILL');
          await exited;
        }
      }
      children.delete(child);
    },
  };
  children.add(child);
  void exited.then(() => children.delete(child));
  return child;
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map((child) => child.stop()));
}

/** The last lines of a child's log, to show why it failed. Empty when the log goes to /dev/null. */
export function logTail(child: Child, lines = 20): string {
  if (child.logPath === '/dev/null') return '';
  try {
    return readFileSync(child.logPath, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Polls `url` until it answers 200. Fails when the child exits first or after `timeoutMs`.
 * `onWait` is called about every 30 s while waiting (a long first start seeds the demo university).
 */
export async function waitForHttp(child: Child, url: string, timeoutMs: number, onWait?: (elapsedSec: number) => void) {
  assertLocal(url);
  const started = Date.now();
  let lastNotice = started;
  while (Date.now() - started < timeoutMs) {
    const { exitCode, signalCode } = child.process;
    if (exitCode !== null || signalCode !== null) {
      const tail = logTail(child);
      throw new Error(
        `${child.name} exited (${exitCode ?? signalCode}) before it answered ${url}${tail ? `:\n${tail}` : ''}`,
      );
    }
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (onWait && Date.now() - lastNotice >= 30_000) {
      lastNotice = Date.now();
      onWait(Math.round((lastNotice - started) / 1000));
    }
    await sleep(250);
  }
  throw new Error(`${child.name} did not answer ${url} within ${Math.round(timeoutMs / 1000)} s`);
}
