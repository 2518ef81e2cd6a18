import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { type Changes, createChanges, runAsStaffCall } from './changes.ts';

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
