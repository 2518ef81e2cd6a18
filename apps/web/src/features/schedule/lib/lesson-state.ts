import type { ScheduleDay, ScheduleLesson } from '@okuu/contracts/schedule/schedule';
import { minutesOf, runsInWeek } from '@okuu/contracts/schedule/weeks';

/** How a lesson of the shown week stands: on now, the next one today, not in this week (its parity), or plain. */
export type LessonState = 'now' | 'next' | 'offWeek' | null;

/**
 * The state of each lesson of a day of the current week (by lesson id). Only today's lessons can be on now or next:
 * the one whose slot holds the current minute, and the first one after it (or after the current minute).
 */
export function lessonStates(
  day: ScheduleDay,
  week: 'odd' | 'even',
  today: { weekday: number; minutes: number },
): Map<number, LessonState> {
  const states = new Map<number, LessonState>();
  const running = day.lessons.filter((lesson) => runsInWeek(lesson.parity, week));
  for (const lesson of day.lessons) states.set(lesson.id, running.includes(lesson) ? null : 'offWeek');
  if (day.day_number !== today.weekday) return states;

  const now = running.find((l) => minutesOf(l.start) <= today.minutes && today.minutes < minutesOf(l.end));
  if (now) states.set(now.id, 'now');
  const after = now ? minutesOf(now.end) : today.minutes;
  const next = running
    .filter((l) => minutesOf(l.start) >= after)
    .sort((a, b) => minutesOf(a.start) - minutesOf(b.start))[0];
  if (next) states.set(next.id, 'next');
  return states;
}

/** Whether a lesson is for a part of its groups (a subgroup) or several (a stream). */
export function audienceNote(lesson: ScheduleLesson): { kind: 'subgroup' | 'stream'; name: string } | null {
  return lesson.audience.kind === 'group' ? null : { kind: lesson.audience.kind, name: lesson.audience.name };
}
