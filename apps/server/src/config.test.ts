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
});
