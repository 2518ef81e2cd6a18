import pg from 'pg';

type DemoState = { students?: unknown } | null;

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => {});
  }
}

/** What the server's seed wrote into the bench database, or null when there is no seeded demo university. */
async function demoSetting(url: string): Promise<DemoState> {
  return withClient(url, async (client) => {
    try {
      const { rows } = await client.query<{ value: DemoState }>("SELECT value FROM settings WHERE key = 'demo'");
      return rows[0]?.value ?? null;
    } catch {
      return null; // no settings table yet: never migrated
    }
  });
}

/**
 * Makes sure the bench database holds the demo university with `students` students. A database seeded with
 * another size (or not at all) is dropped and created empty, so that the server seeds it when it starts.
 * Returns what was done.
 */
export async function prepareBenchDatabase(url: string, students: number): Promise<'reused' | 'created' | 'recreated'> {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  if (!name) throw new Error('BENCH_DATABASE_URL must name a database');
  const admin = new URL(url);
  admin.pathname = '/postgres';

  return withClient(admin.toString(), async (client) => {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    const quoted = client.escapeIdentifier(name);
    if (!rowCount) {
      await client.query(`CREATE DATABASE ${quoted}`);
      return 'created';
    }
    const demo = await demoSetting(url);
    if (demo?.students === students) return 'reused';
    // Dropping is only ever done to a database that is clearly the bench's own.
    if (!name.includes('bench')) {
      throw new Error(
        `The database "${name}" does not hold a demo university of ${students} students, and the bench only drops ` +
          'databases whose name contains "bench". Point BENCH_DATABASE_URL at a bench database.',
      );
    }
    await client.query(`DROP DATABASE ${quoted} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${quoted}`);
    return 'recreated';
  });
}

/** Refreshes the planner's statistics after a fresh seed, as a production database would have them. */
export async function analyze(url: string): Promise<void> {
  await withClient(url, (client) => client.query('ANALYZE'));
}

/** Drops a database the run created for itself. */
export async function dropBenchDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!name.includes('bench')) throw new Error(`refusing to drop "${name}": not a bench database`);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  await withClient(admin.toString(), (client) =>
    client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`),
  );
}
