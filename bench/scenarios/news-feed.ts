import { newsData } from '@okuu/contracts/news/data';
import { newsInsert } from '@okuu/contracts/news/insert';
import { newsLimits } from '@okuu/contracts/news/news-item';
import { signIn, signInAll, studentLogins } from '../lib/api.ts';
import { assertLocal, rotation } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/** Items the feed should hold before measuring: ten pages' worth, a mix of audiences, faculties and files. */
const feedItems = 10 * newsLimits.pageSize;

async function newsPage(baseUrl: string, token: string, page: number): Promise<{ items: unknown[] }> {
  const url = new URL(newsData.path, baseUrl).toString();
  assertLocal(url);
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: `token=${token}` },
    body: JSON.stringify({ page }),
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`${newsData.path} answered HTTP ${res.status}`);
  return ((await res.json()) as { data: { items: unknown[] } }).data;
}

async function postNews(baseUrl: string, token: string, i: number): Promise<void> {
  const url = new URL(newsInsert.path, baseUrl).toString();
  assertLocal(url);
  const form = new FormData();
  form.append('text', `Новость для нагрузочного теста №${i}. `.repeat(1 + (i % 5)));
  form.append('audience', ['all', 'students', 'teachers', 'students'][i % 4] as string);
  if (i % 5 === 0) form.append('faculties', '2');
  if (i % 7 === 0) form.append('faculties', '1');
  if (i % 10 === 0) form.append('files', new Blob([`Приложение ${i}\n`]), `Приложение ${i}.txt`);
  const res = await fetch(url, {
    method: 'POST',
    headers: { cookie: `token=${token}` },
    body: form,
    signal: AbortSignal.timeout(30_000),
  });
  if (res.status !== 200) throw new Error(`${newsInsert.path} answered HTTP ${res.status}: ${await res.text()}`);
}

/** The news feed's first page, as a signed-in student opens it: visibility filtering over a feed of many items. */
export const newsFeedScenario: Scenario = {
  name: 'news-feed',
  description: `POST ${newsData.path} page 1 with the token cookie of one of several hundred signed-in students`,
  targets: [
    { metric: 'ratio', op: '>=', value: 0.25, label: 'requests/s ≥ 25% of the baseline' },
    { metric: 'p99Ms', op: '<', value: 50, label: 'p99 < 50 ms' },
  ],
  async run(ctx) {
    // The feed is filled once through the API (as teacher1, who has the news permission); later runs find it full.
    const editor = await signIn(ctx.baseUrl, 'teacher1', ctx.settings.password);
    const lastPage = feedItems / newsLimits.pageSize;
    if ((await newsPage(ctx.baseUrl, editor, lastPage)).items.length < newsLimits.pageSize) {
      ctx.log(`posting ${feedItems} news items`);
      for (let i = 1; i <= feedItems; i++) await postNews(ctx.baseUrl, editor, i);
    }
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students`);
    const cookies = (await signInAll(ctx.baseUrl, logins, ctx.settings.password)).map((token) => `token=${token}`);
    return ctx.load({
      path: newsData.path,
      method: 'POST',
      percentiles: [95],
      requests: rotation(cookies.map((cookie) => ({ cookie, body: '{"page":1}' }))),
    });
  },
};
