import fs from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import { databaseDigest } from './callers.ts';
import type { TestApp } from './harness.ts';

/**
 * The form a client would send for `input`: each field once, a list as repeated fields, other values as text; then
 * the files, in parts named `files`.
 */
export function formBody(input: unknown, files: { name: string; content: string }[] = []): FormData {
  const form = new FormData();
  if (input && typeof input === 'object' && !Array.isArray(input)) {
    for (const [name, value] of Object.entries(input)) {
      for (const v of Array.isArray(value) ? value : [value]) {
        form.append(name, typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));
      }
    }
  }
  for (const f of files) form.append('files', new Blob([f.content]), f.name);
  return form;
}

/** Every file in storage, as sorted paths relative to its root. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.config.dataDir, 'files');
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

/** A digest of the stored files (path and size): equal digests mean no file was stored or removed. */
export async function storageDigest(t: TestApp): Promise<string> {
  const root = path.join(t.config.dataDir, 'files');
  const files = await storedFiles(t);
  const sizes = await Promise.all(files.map(async (f) => `${f}:${(await fs.stat(path.join(root, f))).size}`));
  return sizes.join('\n');
}

/** Runs `action` and checks it left the database and the stored files exactly as they were. */
export async function expectNothingStored(t: TestApp, action: () => Promise<void>): Promise<void> {
  const before = `${await databaseDigest(t)}\n${await storageDigest(t)}`;
  await action();
  expect(`${await databaseDigest(t)}\n${await storageDigest(t)}`).toBe(before);
}
