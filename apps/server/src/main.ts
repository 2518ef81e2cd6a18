import net from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { openStorage } from './lib/storage.ts';
import { seedIfEmpty } from './seed/seed.ts';

/**
 * V8 moves an allocation site's objects straight to the old generation once most of them outlive a young-generation
 * collection, and keeps that decision. Requests that wait long (sign-ins queued behind password hashing at semester
 * start) make the request path's own sites look long-lived, and every later request then fills the old generation:
 * after a burst of sign-ins, session lookups spent three times as long in garbage collection. A server's
 * request objects are short-lived, so the decision is off.
 */
v8.setFlagsFromString('--no-allocation-site-pretenuring');

async function main() {
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  await database.migrate();
  const storage = openStorage(config.storage, { dataDir: config.dataDir, db: database.db });
  if (config.seed === 'auto') {
    const seeded = await seedIfEmpty(database.db, storage, { students: config.demoStudents });
    if (seeded) printDemoAccounts(seeded);
  }
  // While stopping, /readyz answers 503 and every reply closes its connection (Connection: close) rather than keeping
  // it for another request.
  let draining = false;
  const app = await buildApp({ config, database, storage, draining: () => draining });
  app.server.prependListener('request', (_req, res) => {
    if (draining) res.shouldKeepAlive = false;
  });
  // Graceful stop: no new connections, requests in flight finish, sockets are told to reconnect elsewhere (1012),
  // then the database is released. A second signal, or a stop that takes too long, ends the process at once.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`${signal}: stopping (finishing requests in flight)`);
    setTimeout(() => process.exit(1), 30_000).unref();
    // Drain first: not ready any more (/readyz 503), stop listening, but keep the kept-alive connections for a moment.
    // A proxy may be sending a request on one right now; each is answered and closed instead, and the proxy's new
    // connections are refused and go to another instance. One that closes under a request after all (the last idle
    // ones at app.close) loses nothing that carries an Idempotency-Key: nginx sends it again to the other instance.
    draining = true;
    net.Server.prototype.close.call(app.server);
    for (let waited = 0; waited < drainMs && (await connections(app.server)) > 0; waited += 100) await sleep(100);
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', close);
  process.on('SIGTERM', close);
  await app.listen({ port: config.port, host: config.host });
  console.log(
    `Okuu is serving on http://localhost:${config.port}/lms (database: ${database.engine}, files: ${storage.driver})`,
  );
}

/** The longest a stop waits for kept-alive connections to be used and closed before it closes them. */
const drainMs = 2000;

/** Open connections of the server (chat sockets included). */
function connections(server: net.Server): Promise<number> {
  return new Promise((resolve) => server.getConnections((err, count) => resolve(err ? 0 : count)));
}

function printDemoAccounts(seeded: { accounts: { login: string; description: string }[]; password: string }) {
  console.log('\nDemo data created. Accounts (password for all: %s):', seeded.password);
  for (const a of seeded.accounts) console.log(`  ${a.login.padEnd(12)} ${a.description}`);
  console.log('');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
