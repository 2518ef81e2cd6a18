import { type HomeSummary, homeSummary } from '@okuu/contracts/home/summary';
import { signInAll, studentLogins } from '../lib/api.ts';
import { browserAcceptEncoding } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/**
 * Home's one call, as the page makes it when it opens (and again every minute while shown): the whole summary of
 * one of several hundred signed-in students in turn — their lessons, to-dos, unread messages and news, each from its
 * module. Summaries are kept a few seconds per person, so most of the load is served from memory, as on a morning
 * when students open the portal again and again.
 */
export const homeSummaryScenario: Scenario = {
  name: 'home-summary',
  description: `GET ${homeSummary.path} with the token cookie of one of several hundred signed-in students`,
  targets: [
    { metric: 'ratio', op: '>=', value: 0.2, label: 'requests/s ≥ 20% of the baseline' },
    { metric: 'p99Ms', op: '<', value: 50, label: 'p99 < 50 ms' },
  ],
  async run(ctx) {
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students`);
    const cookies = (await signInAll(ctx.baseUrl, logins, ctx.settings.password)).map((token) => `token=${token}`);
    const sample = await fetch(new URL(homeSummary.path, ctx.baseUrl), { headers: { cookie: cookies[0] ?? '' } });
    const body = (await sample.json()) as { data?: HomeSummary };
    if (!sample.ok || !body.data?.cards) throw new Error(`home/summary answered ${sample.status}`);
    return ctx.load({
      path: homeSummary.path,
      method: 'GET',
      requests: cookies.map((cookie) => ({ headers: { cookie, 'accept-encoding': browserAcceptEncoding } })),
    });
  },
};
