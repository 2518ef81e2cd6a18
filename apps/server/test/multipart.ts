import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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

/** Every stored file (whichever the storage driver), as sorted keys. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of t.storage.list()) keys.push(file.key);
  return keys.sort();
}

/** A digest of the stored files (key and size): equal digests mean no file was stored or removed. */
export async function storageDigest(t: TestApp): Promise<string> {
  const files: string[] = [];
  for await (const file of t.storage.list()) files.push(`${file.key}:${file.size}`);
  return files.sort().join('\n');
}

/** Sets a stored file's last change (as a file written `at`), for the orphan sweep's age rule. */
export async function setFileTime(t: TestApp, key: string, at: Date): Promise<void> {
  if (t.storage.driver === 'postgres') {
    await t.database.db.execute(sql`update stored_files set modified_at = ${at.toISOString()} where key = ${key}`);
  } else {
    await fs.utimes(path.join(t.config.dataDir, 'files', key), at, at);
  }
}

/** Runs `action` and checks it left the database and the stored files exactly as they were. */
export async function expectNothingStored(t: TestApp, action: () => Promise<void>): Promise<void> {
  const before = `${await databaseDigest(t)}\n${await storageDigest(t)}`;
  await action();
  expect(`${await databaseDigest(t)}\n${await storageDigest(t)}`).toBe(before);
}
