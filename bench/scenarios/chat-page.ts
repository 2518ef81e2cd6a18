import { chatLimits } from '@okuu/contracts/chat/message';
import { chatMessages } from '@okuu/contracts/chat/messages';
import { studentLogins } from '../lib/api.ts';
import { rotation } from '../lib/load.ts';
import type { Scenario } from '../lib/types.ts';
import { eachLimited, postJson, sendMessage, studentsWithTeachers } from './chat-common.ts';

/** Messages each measured conversation holds at least: more than one page. */
const perConversation = chatLimits.pageSize + 5;

/** The newest page of a conversation with a teacher, as a signed-in student opens it. */
export const chatPageScenario: Scenario = {
  name: 'chat-page',
  description: `POST ${chatMessages.path} (the newest ${chatLimits.pageSize} of ≥ ${perConversation} messages) as one of several hundred signed-in students, each with one of their teachers`,
  targets: [
    { metric: 'ratio', op: '>=', value: 0.25, label: 'requests/s ≥ 25% of the baseline' },
    { metric: 'p99Ms', op: '<', value: 50, label: 'p99 < 50 ms' },
  ],
  async run(ctx) {
    const logins = studentLogins(ctx.settings.students, ctx.settings.sessions);
    ctx.log(`signing in ${logins.length} students and finding their teachers`);
    const students = await studentsWithTeachers(ctx.baseUrl, logins, ctx.settings.password);
    if (students.length === 0) throw new Error('No student has a teacher to talk to');
    // The conversations are filled once through the API; later runs find them full.
    let sent = 0;
    await eachLimited(students, 8, async (s) => {
      const [messages] = await postJson<[unknown[], unknown]>(ctx.baseUrl, chatMessages.path, s.token, {
        id_to: s.teacherId,
      });
      if (messages.length >= chatLimits.pageSize) return;
      for (let i = 0; i < perConversation; i++) {
        await sendMessage(ctx.baseUrl, s.token, s.teacherId, `Сообщение для нагрузочного теста №${i + 1}`);
        sent++;
      }
    });
    if (sent) ctx.log(`sent ${sent} messages to fill ${students.length} conversations`);
    const requests = students.map((s) => ({
      cookie: `token=${s.token}`,
      body: JSON.stringify({ id_to: s.teacherId }),
    }));
    return ctx.load({
      path: chatMessages.path,
      method: 'POST',
      percentiles: [95],
      requests: rotation(requests),
    });
  },
};
