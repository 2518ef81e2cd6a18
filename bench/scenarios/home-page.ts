import { signInAll, studentLogins } from '../lib/api.ts';
import { browserAcceptEncoding } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/** A phone's user agent: the server draws home in its mobile layout. */
const phone = 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36';

/**
 * A signed-in phone opening the portal: the page of home with the replies of its first calls in it and its screen
 * drawn by the server (the web app's renderer, so the app must be built). The cookies of a few hundred students rotate.
 */
export const homePageScenario: Scenario = {
  name: 'home-page',
  description: 'GET /lms on a phone as one of several hundred signed-in students: first calls made, the screen drawn',
  targets: [{ metric: 'p99Ms', op: '<', value: 750, label: 'p99 < 750 ms' }],
  async run(ctx) {
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students`);
    const cookies = (await signInAll(ctx.baseUrl, logins, ctx.settings.password)).map((token) => `token=${token}`);
    const headers = (cookie: string) => ({ cookie, 'user-agent': phone, 'accept-encoding': browserAcceptEncoding });
    // What is measured must be the drawn page, not the one the app draws itself.
    const sample = await fetch(new URL('/lms', ctx.baseUrl), { headers: headers(cookies[0] ?? '') });
    if (!(await sample.text()).includes('data-drawn-for')) {
      throw new Error('The server does not draw home: build the web app (`npm run build -w apps/web`).');
    }
    return ctx.load({ path: '/lms', method: 'GET', requests: cookies.map((cookie) => ({ headers: headers(cookie) })) });
  },
};
