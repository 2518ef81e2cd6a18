import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { shareEveryMs } from './rate-limit-store.ts';

let t: TestApp;
let second: Awaited<ReturnType<TestApp['secondInstance']>>;

beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_MAX: '10' });
  second = await t.secondInstance();
}, 120_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
});

const hit = async (app: TestApp['app'], ip: string) =>
  (await app.inject({ method: 'GET', url: '/logo.json', remoteAddress: ip })).statusCode;

describe('the request limit (RATE_LIMIT_MAX)', () => {
  it('holds for two instances together: their counts are shared through the database', async () => {
    // Within one clock minute (a new minute starts every count afresh).
    const inMinute = 60_000 - (Date.now() % 60_000);
    if (inMinute < 8_000) await sleep(inMinute + 100);
    const ip = `10.9.${Math.floor(Math.random() * 250)}.7`;
    for (let i = 0; i < 6; i++) expect(await hit(t.app, ip)).toBe(200);
    await sleep(shareEveryMs * 1.5);
    for (let i = 0; i < 4; i++) expect(await hit(second.app, ip)).toBe(200);
    await sleep(shareEveryMs * 1.5);
    // 10 in all: the 11th is refused wherever it goes (the first instance learns at its next share).
    expect(await hit(second.app, ip)).toBe(429);
    expect(await hit(t.app, ip)).toBe(200);
    await sleep(shareEveryMs * 1.5);
    expect(await hit(t.app, ip)).toBe(429);
    // Another address has its own count.
    expect(await hit(t.app, '10.8.0.1')).toBe(200);
  });
});
