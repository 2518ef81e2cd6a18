import net from 'node:net';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import Fastify from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from './errors.ts';

/** A port of 127.0.0.1 nobody listens on: taken from the system, then given back. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

const app = Fastify();
let pool: pg.Pool;

beforeAll(async () => {
  pool = new pg.Pool({ connectionString: `postgres://postgres@127.0.0.1:${await closedPort()}/okuu` });
  const db = drizzle(pool);
  registerErrorHandling(app, { uploadMaxBytes: 1 << 20, bodyLimitBytes: 1 << 20 });
  app.get('/query', async () => db.execute(sql`select 1`));
  app.get('/bug', async () => {
    throw new Error('a bug');
  });
});
afterAll(async () => {
  await app.close();
  await pool.end();
});

describe('a database out of reach', () => {
  it('answers 503 unavailable with Retry-After, not 500: the request was fine', async () => {
    const res = await app.inject({ method: 'GET', url: '/query' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ result: 1, error: { code: 'unavailable' }, data: null });
  });

  it('leaves any other failure a 500 that shows nothing of it', async () => {
    const res = await app.inject({ method: 'GET', url: '/bug' });
    expect(res.statusCode).toBe(500);
    expect(res.json().error).toMatchObject({ code: 'internal' });
    expect(res.body).not.toContain('a bug');
  });
});
