import type { Scenario } from '../lib/types.ts';

/** Sign-in with the real argon2id cost: every request signs in a different student. */
export const signInScenario: Scenario = {
  name: 'sign-in',
  description: 'POST /api/auth/orize.json, a different student account each request',
  targets: [{ metric: 'requestsPerSec', op: '>=', value: 40, label: '≥ 40 logins/s' }],
  async run(ctx) {
    const numbered = ctx.settings.students - 1;
    let last = 0;
    return ctx.load({
      path: '/api/auth/orize.json',
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      requests: [
        {
          setupRequest: (request) => {
            last = (last % numbered) + 1;
            return { ...request, body: JSON.stringify({ login: `student${last}`, password: ctx.settings.password }) };
          },
        },
      ],
    });
  },
};
