import { enticate } from '@okuu/contracts/auth/enticate';
import { scheduleStudent, type WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { signInAll, studentLogins } from '../lib/api.ts';
import { rotation } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';
import { eachLimited, postJson } from './chat-common.ts';

/**
 * A student's week, as the schedule screen asks for it when its kept copy is due (or on the refresh button): the
 * current half-year, the student's own id. Several hundred signed-in students of many groups and subgroups in turn.
 */
export const scheduleStudentScenario: Scenario = {
  name: 'schedule-student',
  description: `POST ${scheduleStudent.path} (today's half-year) with the token cookie of one of several hundred signed-in students`,
  targets: [
    { metric: 'ratio', op: '>=', value: 0.25, label: 'requests/s ≥ 25% of the baseline' },
    { metric: 'p99Ms', op: '<', value: 50, label: 'p99 < 50 ms' },
  ],
  async run(ctx) {
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students`);
    const tokens = await signInAll(ctx.baseUrl, logins, ctx.settings.password);
    // Each student's own id comes with their session (enticate), as the web app sends it; every one has lessons.
    const requests: { cookie: string; body: string }[] = [];
    await eachLimited(tokens, 8, async (token) => {
      const { user } = await postJson<{ user: { id: number } }>(ctx.baseUrl, enticate.path, token, {});
      const week = await postJson<WeekSchedule>(ctx.baseUrl, scheduleStudent.path, token, { id: user.id });
      if (!week.days.some((d) => d.lessons.length > 0)) throw new Error(`${user.id} has no lessons`);
      requests.push({ cookie: `token=${token}`, body: JSON.stringify({ id: user.id }) });
    });
    return ctx.load({ path: scheduleStudent.path, method: 'POST', percentiles: [95], requests: rotation(requests) });
  },
};
