import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type ChangeEvent, type Changes, createChanges, runAsStaffCall } from './changes.ts';

let t: TestApp;
/** Two instances' change paths on one database. */
let here: Changes;
let there: Changes;
const stops: (() => Promise<void>)[] = [];
const heard = { here: [] as (string | null)[], there: [] as (string | null)[] };

beforeAll(async () => {
  t = await createTestApp();
  const fail = (err: unknown) => {
    throw err;
  };
  here = createChanges(t.database, fail);
  there = createChanges(t.database, fail);
  here.subscribe('news', (p) => heard.here.push(p));
  there.subscribe('news', (p) => heard.there.push(p));
  stops.push(await here.listen(), await there.listen());
});
afterAll(async () => {
  for (const stop of stops) await stop();
  await t.close();
});

describe('the change path', () => {
  it('tells this instance at the commit and the others through the database, once each', async () => {
    heard.here.length = 0;
    heard.there.length = 0;
    await here.transaction(async (_tx, change) => {
      change.announce('news', '7');
      change.announce('news', '7');
      expect(heard.here).toEqual([]);
    });
    expect(heard.here).toEqual(['7']);
    await vi.waitFor(() => expect(heard.there).toEqual(['7']));
    await new Promise((r) => setTimeout(r, 50));
    expect(heard.here).toEqual(['7']);
  });

  it('says nothing of a change that rolled back', async () => {
    heard.here.length = 0;
    heard.there.length = 0;
    await expect(
      here.transaction(async (_tx, change) => {
        change.announce('news', '8');
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    await here.transaction(async (_tx, change) => change.announce('news', '9'));
    await vi.waitFor(() => expect(heard.there).toEqual(['9']));
    expect(heard.here).toEqual(['9']);
  });

  it("writes a staff call's audit row with its change, its input when the service describes nothing", async () => {
    const actor = { id: 1, login: 'staff1', fullName: 'Staff One' };
    const call = { actor, actions: ['settings.electives'] as const, input: { isElective: true }, audited: 0 };
    await runAsStaffCall(call, () => here.transaction(async () => {}));
    expect(call.audited).toBe(1);
    const [row] = (
      (await t.database.db.execute(
        sql`select action, actor_login as login, target_type as "targetType", after from audit_log order by id desc limit 1`,
      )) as unknown as { rows: Record<string, unknown>[] }
    ).rows;
    expect(row).toEqual({
      action: 'settings.electives',
      login: 'staff1',
      targetType: 'input',
      after: { isElective: true },
    });
    // An action the endpoint does not declare is a mistake of the code: the change does not happen.
    await expect(
      runAsStaffCall({ ...call, audited: 0 }, () =>
        here.transaction(async (_tx, change) => change.audit({ action: 'person.block', targetType: 'person' })),
      ),
    ).rejects.toThrow(/not among/);
  });
});

describe('recorded changes', () => {
  it('reach a reader once, in the order of their transactions, never one of a rollback, whichever instance reads', async () => {
    const a = createChanges(t.database, (err) => {
      throw err;
    });
    const b = createChanges(t.database, (err) => {
      throw err;
    });
    const got: { by: string; payload: unknown }[] = [];
    for (const [name, c] of [
      ['a', a],
      ['b', b],
    ] as const) {
      c.read('test-reader', ['news'], async (events: ChangeEvent[], change) => {
        // What the reader writes commits with its place.
        await change.tx.execute(sql`select 1`);
        for (const e of events) got.push({ by: name, payload: e.payload });
      });
      stops.push(await c.listen());
    }
    await expect(
      here.transaction(async (_tx, change) => {
        await change.record('news', { n: 0 });
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    for (let n = 1; n <= 20; n++)
      await (n % 2 ? here : there).transaction((_tx, change) => change.record('news', { n }));
    await vi.waitFor(() => expect(got.length).toBe(20), { timeout: 10_000 });
    expect(got.map((g) => (g.payload as { n: number }).n)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await new Promise((r) => setTimeout(r, 300));
    expect(got.length).toBe(20);
  });

  // Two connections at once: PostgreSQL only (PGlite runs one transaction at a time).
  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    'waits for an earlier transaction that commits late, and then reads it first',
    async () => {
      const got: number[] = [];
      const c = createChanges(t.database, (err) => {
        throw err;
      });
      c.read('late-reader', ['library'], async (events) => {
        for (const e of events) got.push((e.payload as { n: number }).n);
      });
      stops.push(await c.listen());
      const early = new pg.Client({ connectionString: t.databaseUrl });
      await early.connect();
      try {
        await early.query('begin');
        await early.query(`insert into change_events (topic, payload) values ('library', '{"n":1}')`);
        await here.transaction((_tx, change) => change.record('library', { n: 2 }));
        await new Promise((r) => setTimeout(r, 500));
        expect(got).toEqual([]);
        await early.query('commit');
        await here.transaction((_tx, change) => change.record('library', { n: 3 }));
        await vi.waitFor(() => expect(got).toEqual([1, 2, 3]), { timeout: 10_000 });
      } finally {
        await early.end();
      }
    },
  );

  it.runIf(process.env.TEST_ENGINE === 'postgres')(
    "is not held back by a transaction in another database of the cluster (it cannot write this one's changes)",
    async () => {
      const got: number[] = [];
      const c = createChanges(t.database, (err) => {
        throw err;
      });
      c.read('neighbour-reader', ['payments'], async (events) => {
        for (const e of events) got.push((e.payload as { n: number }).n);
      });
      stops.push(await c.listen());
      const elsewhere = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await elsewhere.connect();
      try {
        // A write under way in the maintenance database: it holds a transaction id the whole time.
        await elsewhere.query('begin');
        await elsewhere.query('select pg_current_xact_id()');
        await here.transaction((_tx, change) => change.record('payments', { n: 1 }));
        await vi.waitFor(() => expect(got).toEqual([1]), { timeout: 10_000 });
      } finally {
        await elsewhere.query('rollback');
        await elsewhere.end();
      }
    },
  );
});
