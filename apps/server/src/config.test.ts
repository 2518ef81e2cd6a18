import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

describe('DATA_DIR', () => {
  it('defaults to data/ at the repository root, whatever the working directory', () => {
    expect(process.cwd()).not.toBe(repoRoot);
    expect(loadConfig({}).dataDir).toBe(path.join(repoRoot, 'data'));
  });

  it('resolves a relative path against the repository root and keeps an absolute one', () => {
    expect(loadConfig({ DATA_DIR: 'var/okuu' }).dataDir).toBe(path.join(repoRoot, 'var/okuu'));
    expect(loadConfig({ DATA_DIR: '/srv/okuu' }).dataDir).toBe('/srv/okuu');
  });
});
