import { signIn } from '../lib/api.ts';
import { lighthouseScore } from '../lib/lighthouse.ts';
import type { Scenario, Target } from '../lib/types.ts';

const targets: Target[] = [{ metric: 'score', op: '>=', value: 95, label: 'Lighthouse performance ≥ 95 (mobile)' }];

export const lighthouseLoginScenario: Scenario = {
  name: 'lighthouse-login',
  description: 'Lighthouse performance score of /lms/login (mobile preset, Debian Chromium)',
  targets,
  run: (ctx) => lighthouseScore(`${ctx.baseUrl}/lms/login`),
};

export const lighthouseHomeScenario: Scenario = {
  name: 'lighthouse-home',
  description: 'Lighthouse performance score of the signed-in home page /lms (mobile preset, Debian Chromium)',
  targets,
  async run(ctx) {
    const token = await signIn(ctx.baseUrl, 'student1', ctx.settings.password);
    return lighthouseScore(`${ctx.baseUrl}/lms`, { token });
  },
};

export const lighthouseHomeWarmScenario: Scenario = {
  name: 'lighthouse-home-warm',
  description:
    'Lighthouse on /lms signed in, a later visit: the service worker holds the app (mobile preset, devtools throttling)',
  targets: [],
  async run(ctx) {
    const token = await signIn(ctx.baseUrl, 'student1', ctx.settings.password);
    return lighthouseScore(`${ctx.baseUrl}/lms`, { token }, { warm: true });
  },
};
