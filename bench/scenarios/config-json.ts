import type { Scenario } from '../lib/types.ts';

/** The public configuration the web app reads first: the framework and middleware cost without the database. */
export const configJsonScenario: Scenario = {
  name: 'config.json',
  description: 'GET /config.json (public, no database)',
  run: (ctx) => ctx.load({ path: '/config.json' }),
};
