import v8 from 'node:v8';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { seedIfEmpty } from './db/seed/seed.ts';
import { openStorage } from './lib/storage.ts';

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
  const app = await buildApp({ config, database, storage });
  // Graceful stop: no new connections, requests in flight finish, sockets are told to reconnect elsewhere (1012),
  // then the database is released. A second signal, or a stop that takes too long, ends the process at once.
  let closing = false;
  const close = async (signal: string) => {
    if (closing) process.exit(1);
    closing = true;
    console.log(`${signal}: stopping (finishing requests in flight)`);
    setTimeout(() => process.exit(1), 30_000).unref();
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

function printDemoAccounts(seeded: { accounts: { login: string; description: string }[]; password: string }) {
  console.log('\nDemo data created. Accounts (password for all: %s):', seeded.password);
  for (const a of seeded.accounts) console.log(`  ${a.login.padEnd(12)} ${a.description}`);
  console.log('');
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
