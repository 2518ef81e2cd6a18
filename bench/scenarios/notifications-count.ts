import { signInAll, studentLogins } from '../lib/api.ts';
import { rotation } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';

/** The bell's unread count (every page polls it while the socket is down); the cookies of a few hundred students. */
export const notificationsCountScenario: Scenario = {
  name: 'notifications-count',
  description: 'POST /api/notifications/count.json with the token cookie of one of several hundred signed-in students',
  targets: [
    { metric: 'ratio', op: '>=', value: 0.25, label: 'requests/s ≥ 25% of the baseline' },
    { metric: 'p99Ms', op: '<', value: 50, label: 'p99 < 50 ms' },
  ],
  async run(ctx) {
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students`);
    const cookies = (await signInAll(ctx.baseUrl, logins, ctx.settings.password)).map((token) => `token=${token}`);
    return ctx.load({
      path: '/api/notifications/count.json',
      method: 'POST',
      requests: rotation(cookies.map((cookie) => ({ cookie, body: '{}' }))),
    });
  },
};
