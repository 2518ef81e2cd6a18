import { Readable } from 'node:stream';
import { calendarEnable, calendarFeed, calendarRevoke, calendarStatus } from '@okuu/contracts/schedule/calendar';
import { scheduleStudent, scheduleTeacher } from '@okuu/contracts/schedule/schedule';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { ScheduleService } from './schedule.service.ts';

export function scheduleRoutes(service: ScheduleService): Binding[] {
  return [
    bind(scheduleTeacher, async ({ input, user }) => service.teacherWeek(user, input)),
    bind(scheduleStudent, async ({ input, user }) => service.studentWeek(user, input)),

    bind(calendarStatus, async ({ user }) => service.calendarStatus(user)),
    bind(calendarEnable, async ({ user }) => service.enableCalendar(user)),
    bind(calendarRevoke, async ({ user }) => service.revokeCalendar(user)),
    bind(calendarFeed, async ({ input }) => {
      const text = Buffer.from(await service.calendarFeed(input.token));
      return new FileReply(
        Readable.from([text]),
        text.length,
        'text/calendar; charset=utf-8',
        'schedule.ics',
        'inline',
      );
    }),
  ];
}
