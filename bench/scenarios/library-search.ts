import { bookList } from '@okuu/contracts/library/book-list';
import pg from 'pg';
import { benchSearchTerms, ensureBulkBooks } from '../../apps/server/src/seed/library-bulk.ts';
import { signInAll, studentLogins } from '../lib/api.ts';
import { assertLocal, percentile, rotation } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/** Books the library holds while measuring. */
const bookCount = 100_000;

/** The request bodies the load cycles through: each search term on page 1, some on page 2 or in a category. */
function bodies(): string[] {
  return benchSearchTerms.flatMap((search, i) => [
    JSON.stringify({ search, page: 1 }),
    JSON.stringify(i % 3 === 0 ? { search, page: 2 } : { search, id_baseBookCategory: 1 + (i % 5), page: 1 }),
  ]);
}

async function searchOnce(baseUrl: string, cookie: string, body: string) {
  const url = new URL(bookList.path, baseUrl).toString();
  assertLocal(url);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body,
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`${bookList.path} answered HTTP ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { data: { total: number; found: number; fallback: boolean } }).data;
}

/**
 * The library's search over 100,000 books: case-insensitive text anywhere in the title or the author, with the count
 * for the result message, as signed-in students type it. The books are added once, straight into the bench database
 * (INSERT … SELECT generate_series); later runs find them there.
 */
export const librarySearchScenario: Scenario = {
  name: 'library-search',
  description: `POST ${bookList.path} with ${benchSearchTerms.length} varied search texts over ${bookCount} books (pages 1–2, some in a category)`,
  targets: [{ metric: 'p95Ms', op: '<', value: 30, label: 'p95 < 30 ms' }],
  async run(ctx) {
    const client = new pg.Client({ connectionString: ctx.settings.databaseUrl, connectionTimeoutMillis: 10_000 });
    await client.connect();
    try {
      const started = Date.now();
      const books = await ensureBulkBooks((text) => client.query(text), bookCount);
      ctx.log(
        books.inserted
          ? `added ${books.inserted} books in ${Math.round((Date.now() - started) / 1000)} s (${books.total} in all)`
          : `the library holds ${books.total} books`,
      );
    } finally {
      await client.end().catch(() => {});
    }

    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students`);
    const cookies = (await signInAll(ctx.baseUrl, logins, ctx.settings.password)).map((token) => `token=${token}`);
    const all = bodies();
    // A look at what the searches find, before measuring.
    const first = await searchOnce(ctx.baseUrl, cookies[0] as string, '{}');
    if (first.total < bookCount) throw new Error(`The library lists ${first.total} books, expected ${bookCount}`);
    const sample = await Promise.all(
      benchSearchTerms.slice(0, 6).map(async (search) => {
        const data = await searchOnce(ctx.baseUrl, cookies[0] as string, JSON.stringify({ search }));
        return `${search}: ${data.fallback ? `nothing (fallback to ${data.total})` : data.found}`;
      }),
    );
    ctx.log(`found ${sample.join(', ')}…`);

    // Searches the server has not seen, one at a time: what a search costs when no reader asked it just before.
    const cold: number[] = [];
    for (const search of benchSearchTerms) {
      for (const body of [
        { search: search.toUpperCase(), page: 1 },
        { search, page: 3 },
      ]) {
        const started = performance.now();
        await searchOnce(ctx.baseUrl, cookies[0] as string, JSON.stringify(body));
        cold.push(performance.now() - started);
      }
    }
    cold.sort((a, b) => a - b);
    const coldP95Ms = Math.round(percentile(cold, 95) * 10) / 10;
    ctx.log(`${cold.length} searches not asked before, one at a time: p95 ${coldP95Ms} ms`);

    // Each search term with a different student's session.
    const requests = all.map((body, i) => ({ cookie: cookies[i % cookies.length] as string, body }));
    const measured = await ctx.load({
      path: bookList.path,
      method: 'POST',
      percentiles: [95],
      requests: rotation(requests),
    });
    return { ...measured, metrics: { ...measured.metrics, coldP95Ms } };
  },
};
