import { addDays, mondayOf, runsInWeek, weekOfHalfYear } from '@okuu/contracts/schedule/weeks';
import ical, { ICalEventRepeatingFreq } from 'ical-generator';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import type { LessonRow } from './schedule.repository.ts';

/** Whom a lesson is for: a group, a subgroup or a stream (never a room: the room is its own line). */
const audienceLabel = { group: 'Группа', subgroup: 'Подгруппа', stream: 'Поток' } as const;

/** An instant from a Bishkek date and time of day (UTC+6 all year). */
const bishkekInstant = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`);

/** The first day of the half-year on which a lesson takes place: its weekday, in a week of its parity. */
function firstDay(lesson: LessonRow, period: HalfYear): string | null {
  const monday = mondayOf(period.startsOn);
  for (let day = 0; day < 21; day++) {
    const date = addDays(monday, day);
    if (date < period.startsOn || day % 7 !== lesson.dayNumber - 1) continue;
    if (runsInWeek(lesson.parity, weekOfHalfYear(date, period.startsOn).parity)) {
      return date <= period.endsOn ? date : null;
    }
  }
  return null;
}

/**
 * The iCalendar text of a timetable: each lesson one event recurring weekly (every week) or fortnightly (odd or even
 * weeks) from its first day in the half-year to the half-year's last, with the room as its location and, in its
 * description, the teacher, the audience by what it is and the room. Times are
 * written in UTC (no time-zone option, which would move them): Bishkek has no daylight saving, so a weekly rule in
 * UTC keeps every lesson at its local time.
 */
export function calendarText(lessons: LessonRow[], period: HalfYear, ownerName: string): string {
  const calendar = ical({
    name: `Расписание: ${ownerName}`,
    prodId: { company: 'Okuu', product: 'schedule', language: 'RU' },
    // Calendar apps may look again every six hours.
    ttl: 6 * 60 * 60,
  });
  const until = bishkekInstant(period.endsOn, '23:59');
  for (const lesson of lessons) {
    const date = firstDay(lesson, period);
    if (!date) continue;
    const { building } = lesson.room;
    calendar.createEvent({
      id: `schedule-${lesson.id}-${period.year}-${period.ws}@okuu`,
      start: bishkekInstant(date, lesson.start),
      end: bishkekInstant(date, lesson.end),
      summary: `${lesson.discipline.name} (${lesson.lessonKind.name.toLowerCase()})`,
      location: {
        title: `${building.shortName}-${lesson.room.number}`,
        address: `${building.name}, ${building.address}`,
        geo: { lat: lesson.room.latitude, lon: lesson.room.longitude },
      },
      description: [
        `Преподаватель: ${lesson.teacherName}`,
        `${audienceLabel[lesson.audience.kind]}: ${lesson.audience.name}`,
        `Аудитория: ${building.shortName}-${lesson.room.number}, ${building.name}`,
      ].join('\n'),
      repeating: { freq: ICalEventRepeatingFreq.WEEKLY, interval: lesson.parity === 'every' ? 1 : 2, until },
    });
  }
  return calendar.toString();
}
