import { describe, expect, it } from 'vitest';
import { createChangeCache } from './change-cache.ts';

/** A load that finishes when told to, counting how often it ran. */
function controlledLoad() {
  let runs = 0;
  let finish: (value: string) => void = () => {};
  let fail: (err: Error) => void = () => {};
  return {
    load: () => {
      runs++;
      return new Promise<string>((resolve, reject) => {
        finish = resolve;
        fail = reject;
      });
    },
    finish: (value: string) => finish(value),
    fail: (err: Error) => fail(err),
    runs: () => runs,
  };
}

describe('the change cache', () => {
  it('loads once for callers asking together, and serves the entry until its time is up', async () => {
    const cache = createChangeCache<string>({ ttlMs: 60, maxEntries: 10 });
    const l = controlledLoad();
    const asked = [cache.get('k', l.load), cache.get('k', l.load), cache.get('k', l.load)];
    l.finish('page');
    expect(await Promise.all(asked)).toEqual(['page', 'page', 'page']);
    expect(await cache.get('k', l.load)).toBe('page');
    expect(l.runs()).toBe(1);
    await new Promise((r) => setTimeout(r, 80));
    const again = cache.get('k', l.load);
    l.finish('newer');
    expect(await again).toBe('newer');
    expect(l.runs()).toBe(2);
  });

  it('keeps separate entries per key', async () => {
    const cache = createChangeCache<string>({ ttlMs: 10_000, maxEntries: 10 });
    expect(await cache.get('a', async () => 'A')).toBe('A');
    expect(await cache.get('b', async () => 'B')).toBe('B');
    expect(await cache.get('a', async () => 'not this')).toBe('A');
  });

  it('forgets everything on clear, and keeps nothing a load started before the clear returns', async () => {
    const cache = createChangeCache<string>({ ttlMs: 10_000, maxEntries: 10 });
    expect(await cache.get('k', async () => 'old')).toBe('old');
    cache.clear();
    expect(await cache.get('k', async () => 'new')).toBe('new');

    const l = controlledLoad();
    const before = cache.get('slow', l.load);
    cache.clear();
    l.finish('read before the change');
    expect(await before).toBe('read before the change');
    expect(await cache.get('slow', async () => 'read after the change')).toBe('read after the change');
  });

  it("a change of one entry keeps another's load under way", async () => {
    const cache = createChangeCache<string>({ ttlMs: 10_000, maxEntries: 10 });
    const l = controlledLoad();
    const other = cache.get('other', l.load);
    const changing = controlledLoad();
    const mine = cache.get('mine', changing.load);
    cache.delete('mine');
    l.finish('other page');
    changing.finish('read before the change');
    expect(await other).toBe('other page');
    expect(await mine).toBe('read before the change');
    expect(await cache.get('other', async () => 'loaded again')).toBe('other page');
    expect(await cache.get('mine', async () => 'read after the change')).toBe('read after the change');
  });

  it('does not keep a failed load', async () => {
    const cache = createChangeCache<string>({ ttlMs: 10_000, maxEntries: 10 });
    const l = controlledLoad();
    const failed = cache.get('k', l.load);
    l.fail(new Error('database down'));
    await expect(failed).rejects.toThrow('database down');
    expect(await cache.get('k', async () => 'recovered')).toBe('recovered');
  });

  it('holds at most maxEntries, dropping the oldest', async () => {
    const cache = createChangeCache<string>({ ttlMs: 10_000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(await cache.get('c', async () => 'reloaded')).toBe('c');
    expect(await cache.get('a', async () => 'reloaded')).toBe('reloaded');
  });

  it('keeps nothing when its time limit is zero', async () => {
    const cache = createChangeCache<string>({ ttlMs: 0, maxEntries: 10 });
    expect(await cache.get('k', async () => 'one')).toBe('one');
    expect(await cache.get('k', async () => 'two')).toBe('two');
  });
});
