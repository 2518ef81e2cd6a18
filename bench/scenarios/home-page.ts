import { signInAll, studentLogins } from '../lib/api.ts';
import { browserAcceptEncoding } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/**
 * Signed-in phones opening the portal: the page of home as built (the app's shell with the portal's code preloaded,
 * so the app must be built), which the app then renders. The cookies of a few hundred students rotate.
 */
export const homePageScenario: Scenario = {
  name: 'home-page',
  description: 'GET /lms as one of several hundred signed-in students: the portal’s page, as built',
  targets: [{ metric: 'p99Ms', op: '<', value: 750, label: 'p99 < 750 ms' }],
  async run(ctx) {
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students`);
    const cookies = (await signInAll(ctx.baseUrl, logins, ctx.settings.password)).map((token) => `token=${token}`);
    const headers = (cookie: string) => ({ cookie, 'accept-encoding': browserAcceptEncoding });
    const sample = await fetch(new URL('/lms', ctx.baseUrl), { headers: headers(cookies[0] ?? '') });
    if (!(await sample.text()).includes('<div id="root">')) {
      throw new Error('The server does not send the portal’s page: build the web app (`npm run build -w apps/web`).');
    }
    return ctx.load({ path: '/lms', method: 'GET', requests: cookies.map((cookie) => ({ headers: headers(cookie) })) });
  },
};
