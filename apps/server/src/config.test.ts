import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('configuration', () => {
  it('takes a relative DATA_DIR from the repository root, wherever the server starts', () => {
    expect(loadConfig({}).dataDir).toBe(path.join(repoRoot, 'data'));
    expect(loadConfig({ DATA_DIR: 'var/okuu' }).dataDir).toBe(path.join(repoRoot, 'var/okuu'));
    expect(loadConfig({ DATA_DIR: '/srv/okuu' }).dataDir).toBe('/srv/okuu');
  });

  it('refuses a setting it cannot read, naming it', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('turns card payments on only when asked, or in the embedded demo', () => {
    const real = { DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://portal.example.edu' };
    // A real installation (its own PostgreSQL) takes no card payment unless it names a provider.
    expect(loadConfig(real).payment.provider).toBe('off');
    expect(loadConfig({ ...real, SEED: 'off' }).payment.provider).toBe('off');
    expect(loadConfig({ ...real, PAYMENT_PROVIDER: 'sandbox' }).payment.provider).toBe('sandbox');
    // `npm start` with nothing set: the demo, with the sandbox's test cards.
    expect(loadConfig({}).payment.provider).toBe('sandbox');
    expect(loadConfig({ PAYMENT_PROVIDER: 'off' }).payment.provider).toBe('off');
  });

  it('needs the public address outside the demo, and takes it as an origin', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@h/db' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://portal.example.edu/' }).publicUrl).toBe(
      'https://portal.example.edu',
    );
    expect(loadConfig({ PORT: '8090' }).publicUrl).toBe('http://localhost:8090');
    for (const bad of ['portal.example.edu', 'ftp://portal.example.edu', 'https://portal.example.edu/lms']) {
      expect(() => loadConfig({ PUBLIC_URL: bad })).toThrow(/PUBLIC_URL/);
    }
  });

  it('serves /metrics only on a listener of its own, when a port is given', () => {
    expect(loadConfig({}).metrics).toBeNull();
    expect(loadConfig({ METRICS_PORT: '18081' }).metrics).toEqual({ port: 18081, host: '127.0.0.1' });
  });

  it('reads deploy/okuu.env.example as a real university: no sandbox, its public address, metrics on their own port', () => {
    const example = fs.readFileSync(path.join(repoRoot, 'deploy/okuu.env.example'), 'utf8');
    const env = Object.fromEntries(
      example
        .split('\n')
        .filter((line) => /^[A-Z_]+=/.test(line))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
    );
    // The placeholder secret is refused on purpose; a real one replaces it.
    expect(() => loadConfig(env)).toThrow(/PAYMENT_CALLBACK_SECRET/);
    const config = loadConfig({ ...env, PAYMENT_CALLBACK_SECRET: 'a'.repeat(64), PORT: '8081', METRICS_PORT: '18081' });
    expect(config.payment.provider).toBe('off');
    expect(config.seed).toBe('off');
    expect(config.publicUrl).toMatch(/^https:\/\//);
    expect(config.metrics?.host).toBe('127.0.0.1');
  });
});
