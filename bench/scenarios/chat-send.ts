import { chatInsert } from '@okuu/contracts/chat/insert';
import { studentLogins } from '../lib/api.ts';
import { rotation, withIdempotencyKeys } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';
import { multipartBody, studentsWithTeachers } from './chat-common.ts';

const boundary = 'okuu-bench-chat-boundary';

/**
 * Sending a text message to a teacher (multipart, with an Idempotency-Key of its own, as the web app does), by several
 * hundred signed-in students.
 */
export const chatSendScenario: Scenario = {
  name: 'chat-send',
  description: `POST ${chatInsert.path} (multipart, a short text) as one of several hundred signed-in students, each to one of their teachers`,
  targets: [
    { metric: 'ratio', op: '>=', value: 0.1, label: 'requests/s ≥ 10% of the baseline' },
    { metric: 'p99Ms', op: '<', value: 150, label: 'p99 < 150 ms' },
  ],
  async run(ctx) {
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students and finding their teachers`);
    const students = await studentsWithTeachers(ctx.baseUrl, logins, ctx.settings.password);
    if (students.length === 0) throw new Error('No student has a teacher to talk to');
    const requests = students.map((s) => ({
      cookie: `token=${s.token}`,
      body: multipartBody(
        { id_to: String(s.teacherId), text: 'Здравствуйте! Вопрос по лабораторной работе для нагрузочного теста.' },
        boundary,
      ),
    }));
    return ctx.load({
      path: chatInsert.path,
      method: 'POST',
      percentiles: [95],
      requests: withIdempotencyKeys(rotation(requests, `multipart/form-data; boundary=${boundary}`)),
    });
  },
};
