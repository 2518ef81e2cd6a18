import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

let child: ChildProcess;
let dataDir: string;
let port: number;
let output = '';

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as net.AddressInfo;
  await new Promise((r) => server.close(r));
  return address.port;
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-shutdown-'));
  port = await freePort();
  child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED: 'off', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const deadline = Date.now() + 90_000;
  while (!output.includes('is serving')) {
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`the server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('SIGTERM', () => {
  it('finishes a request in flight, is no longer ready, refuses new connections, and exits 0', async () => {
    // A kept-alive connection that has served a request, as a proxy keeps one.
    const kept = net.connect(port, '127.0.0.1');
    await new Promise((r) => kept.once('connect', r));
    let keptReply = '';
    kept.on('data', (d) => {
      keptReply += d;
    });
    const ask = async (path: string) => {
      keptReply = '';
      kept.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      for (let i = 0; i < 50 && !keptReply.includes('"result"'); i++) await new Promise((r) => setTimeout(r, 20));
      return keptReply;
    };
    expect(await ask('/readyz')).toMatch(/^HTTP\/1\.1 200 /);

    // A sign-in whose body arrives in two parts: the request is in flight when the signal comes.
    const body = JSON.stringify({ login: 'nobody', password: 'wrong-password' });
    const socket = net.connect(port, '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    let reply = '';
    socket.on('data', (d) => {
      reply += d;
    });
    const ended = new Promise((r) => socket.once('close', r));
    socket.write(
      `POST /api/auth/orize.json HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));

    // Over the kept connection: not ready any more, and the connection is closed after the reply.
    const stopping = await ask('/readyz');
    expect(stopping).toMatch(/^HTTP\/1\.1 503 /);
    expect(stopping.toLowerCase()).toContain('connection: close');

    // No new connection is accepted meanwhile.
    const refused = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      () => false,
      () => true,
    );
    expect(refused).toBe(true);

    socket.write(body.slice(10));
    await ended;
    expect(reply).toMatch(/^HTTP\/1\.1 (400|401|403|404) /);
    expect(reply).toContain('"result"');
    expect(await exited).toBe(0);
  }, 60_000);
});

describe('closing the app', () => {
  it('closes chat sockets with 1012 (service restart), the reconnect hint', async () => {
    const { createTestApp } = await import('../test/harness.ts');
    const { chatSocketPath } = await import('@okuu/contracts/chat/events');
    const { default: WebSocket } = await import('ws');
    const t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port: appPort } = t.app.server.address() as net.AddressInfo;
    const cookie = await t.signIn('student1');
    const ws = new WebSocket(`ws://127.0.0.1:${appPort}${chatSocketPath}`, { headers: { cookie } });
    await new Promise((resolve, reject) => {
      ws.once('message', resolve);
      ws.once('error', reject);
    });
    const closed = new Promise<number>((r) => ws.once('close', (code) => r(code)));
    await t.close();
    expect(await closed).toBe(1012);
  }, 60_000);
});
