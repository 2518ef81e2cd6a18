import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, databaseUrl } from '../../test/template.ts';
import { pgliteExtensions } from './client.ts';

/**
 * A database made before the names in three languages (migrations up to 0006, people's reference values as free
 * text) keeps its data through 0007–0009: every text becomes a named row, the known ones with their Kyrgyz and
 * English names, and the people point at them.
 */
const migrations = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const lastBefore = 6;

interface Engine {
  query<T>(sql: string): Promise<T[]>;
  migrate(folder: string): Promise<void>;
  close(): Promise<void>;
}

async function openEngine(): Promise<Engine> {
  if (process.env.TEST_ENGINE === 'postgres') {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `okuu_m_${randomBytes(6).toString('hex')}`;
    await admin(base, [`CREATE DATABASE ${name}`]);
    const pool = new pg.Pool({ connectionString: databaseUrl(base, name), max: 1 });
    // The database is dropped at the end: a connection still closing then hears its end, which is no failure.
    pool.on('error', () => {});
    return {
      query: async (sql) => (await pool.query(sql)).rows,
      migrate: (folder) => migratePg(drizzlePg(pool), { migrationsFolder: folder }),
      close: async () => {
        await pool.end();
        await admin(base, [`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`]);
      },
    };
  }
  const client = await PGlite.create(undefined, { extensions: pgliteExtensions });
  return {
    query: async (sql) => (await client.exec(sql)).at(-1)?.rows as never,
    migrate: (folder) => migratePglite(drizzlePglite(client), { migrationsFolder: folder }),
    close: () => client.close(),
  };
}

/** A copy of the migrations folder that stops at migration `last`. */
async function migrationsUpTo(last: number): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'okuu-migrations-'));
  const journal = JSON.parse(await fs.readFile(path.join(migrations, 'meta', '_journal.json'), 'utf8'));
  journal.entries = journal.entries.filter((e: { idx: number }) => e.idx <= last);
  await fs.mkdir(path.join(folder, 'meta'));
  await fs.writeFile(path.join(folder, 'meta', '_journal.json'), JSON.stringify(journal));
  for (const entry of journal.entries as { tag: string }[]) {
    await fs.copyFile(path.join(migrations, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  return folder;
}

let db: Engine;
beforeAll(async () => {
  db = await openEngine();
  const before = await migrationsUpTo(lastBefore);
  await db.migrate(before);
  await fs.rm(before, { recursive: true, force: true });
  // The old shape: texts on the people, a position on each teacher.
  await db.query(`
    INSERT INTO faculties (id, name, name_kg, name_en, short_name) VALUES (1, 'Факультет', 'Факультет', 'Faculty', 'Ф');
    INSERT INTO departments (id, faculty_id, name, name_kg, name_en) VALUES (1, 1, 'Кафедра', 'Кафедра', 'Department');
    INSERT INTO users (id, login, password_hash, role, last_name, first_name, gender, nationality, citizenship, education)
    VALUES
      (1, 't1', 'x', 1, 'Асанов', 'Бакыт', 'male', 'кыргыз', 'Кыргызская Республика', 'Высшее'),
      (2, 's1', 'x', 2, 'Асанова', 'Айгуль', 'female', 'кыргызка', 'Кыргызская Республика', 'Среднее общее'),
      (3, 's2', 'x', 2, 'Ли', 'Ирина', 'female', 'кореянка', 'Республика Корея', NULL),
      (4, 's3', 'x', 2, 'Петров', 'Иван', 'male', NULL, NULL, NULL);
    INSERT INTO teacher_profiles (user_id, department_id, position) VALUES (1, 1, 'Доцент');
    INSERT INTO settings (key, value) VALUES ('branding', '{"name": "Университет Окуу", "width": 30}');
    INSERT INTO streams (id, name) VALUES (1, 'Поток ПИ-24');
  `);
  await db.migrate(migrations);
});
afterAll(() => db?.close());

describe('the migration to names in three languages', () => {
  it("names a teacher's position", async () => {
    expect(
      await db.query(
        'SELECT p.name, p.name_kg, p.name_en FROM teacher_profiles tp JOIN positions p ON p.id = tp.position_id',
      ),
    ).toEqual([{ name: 'Доцент', name_kg: 'Доцент', name_en: 'Associate professor' }]);
  });

  it('points people at their nationality, citizenship and education, both Russian forms at one nationality', async () => {
    const rows = await db.query<Record<string, string | null>>(`
      SELECT u.login, n.name AS nationality, n.name_en AS nationality_en, c.name_en AS citizenship_en,
        c.name_kg AS citizenship_kg, e.name_en AS education_en
      FROM users u
        LEFT JOIN nationalities n ON n.id = u.nationality_id
        LEFT JOIN countries c ON c.id = u.citizenship_id
        LEFT JOIN education_levels e ON e.id = u.education_id
      ORDER BY u.id`);
    expect(rows).toEqual([
      {
        login: 't1',
        nationality: 'кыргыз',
        nationality_en: 'Kyrgyz',
        citizenship_en: 'Kyrgyz Republic',
        citizenship_kg: 'Кыргыз Республикасы',
        education_en: 'Higher',
      },
      {
        login: 's1',
        nationality: 'кыргыз',
        nationality_en: 'Kyrgyz',
        citizenship_en: 'Kyrgyz Republic',
        citizenship_kg: 'Кыргыз Республикасы',
        education_en: 'General secondary',
      },
      // Values it does not know keep their Russian text and no other name.
      {
        login: 's2',
        nationality: 'кореянка',
        nationality_en: '',
        citizenship_en: '',
        citizenship_kg: '',
        education_en: null,
      },
      {
        login: 's3',
        nationality: null,
        nationality_en: null,
        citizenship_en: null,
        citizenship_kg: null,
        education_en: null,
      },
    ]);
    expect(await db.query('SELECT name, name_female FROM nationalities ORDER BY id')).toEqual([
      { name: 'кыргыз', name_female: 'кыргызка' },
      { name: 'кореянка', name_female: null },
    ]);
  });

  it("names the demo university and its streams, keeping the branding's other settings", async () => {
    const [branding] = await db.query<{ value: unknown }>(`SELECT value FROM settings WHERE key = 'branding'`);
    expect(branding?.value).toEqual({
      name: 'Университет Окуу',
      nameKg: 'Окуу университети',
      nameEn: 'Okuu University',
      width: 30,
    });
    expect(await db.query('SELECT name, name_kg, name_en FROM streams')).toEqual([
      { name: 'Поток ПИ-24', name_kg: 'ПИ-24 агымы', name_en: 'Stream ПИ-24' },
    ]);
  });

  it('drops the old text columns', async () => {
    const columns = await db.query<{ column_name: string }>(`
      SELECT column_name FROM information_schema.columns
      WHERE table_name IN ('users', 'teacher_profiles')
        AND column_name IN ('nationality', 'citizenship', 'education', 'position')`);
    expect(columns).toEqual([]);
  });
});
