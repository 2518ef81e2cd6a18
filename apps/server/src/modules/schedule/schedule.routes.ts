import { Readable } from 'node:stream';
import { calendarEnable, calendarFeed, calendarRevoke, calendarStatus } from '@okuu/contracts/schedule/calendar';
import { scheduleStudent, scheduleTeacher } from '@okuu/contracts/schedule/schedule';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import { createScheduleRepository } from './schedule.repository.ts';
import type { ScheduleDeps, ScheduleService } from './schedule.service.ts';
import { createScheduleService } from './schedule.service.ts';

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

/** Timetables, weeks and calendar feeds; a week shows its online lessons through `online` (the webinars service). */
export function scheduleModule(
  p: Platform,
  halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>,
  online?: ScheduleDeps['online'],
) {
  const service = createScheduleService({ repo: createScheduleRepository(p.db), halfYearOf, online, now: p.now });
  return { service, routes: scheduleRoutes(service) };
}
