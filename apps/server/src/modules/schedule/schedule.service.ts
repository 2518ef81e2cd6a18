import { createHash, randomBytes } from 'node:crypto';
import { roles } from '@okuu/contracts/endpoint';
import { calendarFeedUrl } from '@okuu/contracts/schedule/calendar';
import type { ScheduleLesson, WeekSchedule } from '@okuu/contracts/schedule/schedule';
import {
  addDays,
  bishkekDay,
  minutesOf,
  mondayOf,
  runsInWeek,
  weekdayOf,
  weekOfHalfYear,
} from '@okuu/contracts/schedule/weeks';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import { JsonReply } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import { calendarText } from './schedule.calendar.ts';
import type { LessonRow, ScheduleRepository, SlotRow } from './schedule.repository.ts';

/**
 * Weeks are kept ready for this long (at a semester start thousands of students of a few hundred groups open the same
 * weeks). Staff changes to the calendar, bells, rooms or timetable empty them at once (forget); a change to a
 * student's subgroups shows within it.
 */
const weekCacheMs = 60_000;

const named = (r: { name: string; nameKg: string; nameEn: string }) => ({
  name: r.name,
  nameKg: r.nameKg,
  nameEn: r.nameEn,
});

function toLesson(row: LessonRow): ScheduleLesson {
  return {
    id: row.id,
    id_time: row.timeSlotId,
    number: row.slotNumber,
    start: row.start,
    end: row.end,
    parity: row.parity,
    id_discipline: row.discipline.id,
    discipline: named(row.discipline),
    id_vid_zaniatiy: row.lessonKind.id,
    lessonKind: named(row.lessonKind),
    id_teacher: row.teacherId,
    t_fio: row.teacherName,
    audience: row.audience,
    groups: row.groups ?? [],
    room: {
      id_aud: row.room.id,
      number: row.room.number,
      capacity: row.room.capacity,
      building: { shortName: row.room.building.shortName, ...named(row.room.building) },
    },
  };
}

function weekOf(period: HalfYear, slots: SlotRow[], rows: LessonRow[]): WeekSchedule {
  return {
    year: period.year,
    ws: period.ws,
    startsOn: period.startsOn,
    endsOn: period.endsOn,
    timeSlots: slots.map((s) => ({ id_time: s.id, number: s.number, start: s.start, end: s.end })),
    days: Array.from({ length: 7 }, (_, i) => ({
      day_number: i + 1,
      lessons: rows.filter((r) => r.dayNumber === i + 1).map(toLesson),
    })),
  };
}

/** The half-year after one (fall, spring, summer, then the next year's fall). */
const nextHalfYear = (p: { year: number; ws: number }) =>
  p.ws < 3 ? { year: p.year, ws: p.ws + 1 } : { year: p.year + 1, ws: 1 };

/** How far ahead home looks for a day with lessons. */
const daysAhead = 14;

const hashToken = (token: string) => createHash('sha256').update(token).digest();

export interface ScheduleDeps {
  repo: ScheduleRepository;
  /** The half-year a call asks for (today's by default); 404 when the calendar has none. */
  halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>;
  /** The online links of the user's timetable lessons dated `from` … `to` (the webinars module's service). */
  online?: (user: AuthUser, from: string, to: string, at: Date) => Promise<NonNullable<WeekSchedule['online']>>;
  now?: () => Date;
}

export function createScheduleService(deps: ScheduleDeps) {
  const { repo } = deps;
  // A week is some 10 KB (and its gzip): a few thousand of them at most.
  const weeks = createChangeCache<JsonReply<WeekSchedule>>({ ttlMs: weekCacheMs, maxEntries: 5_000 });
  const subgroupsOf = createChangeCache<number[]>({ ttlMs: weekCacheMs, maxEntries: 100_000 });
  const slots = createChangeCache<SlotRow[]>({ ttlMs: weekCacheMs, maxEntries: 1 });
  const timeSlots = () => slots.get('all', () => repo.timeSlots());
  // The same weeks as data (home picks a day of them).
  const plainWeeks = createChangeCache<WeekSchedule>({ ttlMs: weekCacheMs, maxEntries: 5_000 });

  /** The spec's client sends the caller's own id; another user's is refused. */
  function ownId(user: AuthUser, id: number | undefined) {
    if (id !== undefined && id !== user.id) throw new AppError('forbidden', 'You can see only your own schedule.');
  }

  /** A student's lessons: their group's, less those of the group's subgroups they are not in. */
  async function studentLessons(studentId: number, groupId: number | null, period: HalfYear) {
    if (groupId === null) return [];
    const subgroups = await subgroupsOf.get(String(studentId), () => repo.studentSubgroups(studentId));
    const rows = await repo.groupWeek(groupId, period.year, period.ws);
    return rows.filter((r) => r.subgroupId === null || subgroups.includes(r.subgroupId));
  }

  /** The caller's week of a half-year as data: a student's group week (with their subgroups), a teacher's own. */
  async function weekData(user: AuthUser, period: HalfYear): Promise<WeekSchedule> {
    if (user.role === roles.teacher) {
      return plainWeeks.get(`teacher/${period.year}/${period.ws}/${user.id}`, async () =>
        weekOf(period, await timeSlots(), await repo.teacherWeek(user.id, period.year, period.ws)),
      );
    }
    if (user.groupId === null) return weekOf(period, await timeSlots(), []);
    const subgroups = await subgroupsOf.get(String(user.id), () => repo.studentSubgroups(user.id));
    return plainWeeks.get(`group/${period.year}/${period.ws}/${user.groupId}/${subgroups.join(',')}`, async () =>
      weekOf(period, await timeSlots(), await studentLessons(user.id, user.groupId, period)),
    );
  }

  /**
   * A week's reply with this week's online links added, when its lessons have any: those depend on the person and the
   * minute, so such a reply is made afresh while the week itself stays kept.
   */
  async function withOnline(user: AuthUser, period: HalfYear, kept: JsonReply<WeekSchedule>) {
    if (!deps.online) return kept;
    const at = (deps.now ?? (() => new Date()))();
    const monday = mondayOf(bishkekDay(at).date);
    const online = await deps.online(user, monday, addDays(monday, 6), at);
    if (online.length === 0) return kept;
    return new JsonReply({ ...(await weekData(user, period)), online });
  }

  /** A half-year of the calendar, or null when it has none. */
  const halfYearOrNull = (input: { year?: number; ws?: number }) =>
    deps.halfYearOf(input).catch((err: unknown) => {
      if (err instanceof AppError && err.code === 'not_found') return null;
      throw err;
    });

  return {
    /**
     * The lessons a student or teacher has on a day (Asia/Bishkek), by slot: today's while one of them is still to
     * come or on (or ended less than `graceMin` ago), else those of the next day that has lessons (within two weeks, across into the next half-year).
     * Null for other roles, or when no day ahead has lessons.
     */
    async dayOf(user: AuthUser, now: Date, graceMin = 0): Promise<{ date: string; lessons: ScheduleLesson[] } | null> {
      if (user.role !== roles.teacher && user.role !== roles.student) return null;
      const current = await halfYearOrNull({});
      if (!current) return null;
      const periods: HalfYear[] = [current];
      const clock = bishkekDay(now);
      for (let d = 0; d < daysAhead; d++) {
        const date = addDays(clock.date, d);
        let period = periods.find((p) => date >= p.startsOn && date <= p.endsOn);
        if (!period && date > (periods.at(-1) as HalfYear).endsOn && periods.length < 3) {
          const next = await halfYearOrNull(nextHalfYear(periods.at(-1) as HalfYear));
          if (!next) break;
          periods.push(next);
          period = date >= next.startsOn && date <= next.endsOn ? next : undefined;
        }
        if (!period) continue;
        const week = await weekData(user, period);
        const parity = weekOfHalfYear(date, period.startsOn).parity;
        const lessons = (week.days[weekdayOf(date) - 1]?.lessons ?? []).filter((l) => runsInWeek(l.parity, parity));
        const left = d === 0 ? lessons.filter((l) => minutesOf(l.end) + graceMin > clock.minutes) : lessons;
        if (left.length) return { date, lessons };
      }
      return null;
    },

    /**
     * The lessons a student or teacher had on each of the `days` days before `now`'s (Asia/Bishkek) in today's
     * half-year, by date then slot; today's ended lessons too.
     */
    async recentLessons(user: AuthUser, now: Date, days: number): Promise<{ date: string; lesson: ScheduleLesson }[]> {
      if (user.role !== roles.teacher && user.role !== roles.student) return [];
      const period = await halfYearOrNull({});
      if (!period) return [];
      const week = await weekData(user, period);
      const clock = bishkekDay(now);
      const out: { date: string; lesson: ScheduleLesson }[] = [];
      for (let d = days; d >= 0; d--) {
        const date = addDays(clock.date, -d);
        if (date < period.startsOn || date > period.endsOn) continue;
        const parity = weekOfHalfYear(date, period.startsOn).parity;
        for (const lesson of week.days[weekdayOf(date) - 1]?.lessons ?? []) {
          if (!runsInWeek(lesson.parity, parity)) continue;
          if (d === 0 && minutesOf(lesson.end) > clock.minutes) continue;
          out.push({ date, lesson });
        }
      }
      return out;
    },

    async studentWeek(user: AuthUser, input: { year?: number; ws?: number; id?: number }) {
      ownId(user, input.id);
      const period = await deps.halfYearOf(input);
      if (user.groupId === null) return new JsonReply(weekOf(period, await timeSlots(), []));
      const subgroups = await subgroupsOf.get(String(user.id), () => repo.studentSubgroups(user.id));
      // Students of a group with the same subgroups share one week.
      const key = `group/${period.year}/${period.ws}/${user.groupId}/${subgroups.join(',')}`;
      const kept = await weeks.get(key, async () => {
        const rows = await studentLessons(user.id, user.groupId, period);
        return new JsonReply(weekOf(period, await timeSlots(), rows));
      });
      return withOnline(user, period, kept);
    },

    async teacherWeek(user: AuthUser, input: { year?: number; ws?: number; id?: number }) {
      ownId(user, input.id);
      const period = await deps.halfYearOf(input);
      const kept = await weeks.get(`teacher/${period.year}/${period.ws}/${user.id}`, async () => {
        const rows = await repo.teacherWeek(user.id, period.year, period.ws);
        return new JsonReply(weekOf(period, await timeSlots(), rows));
      });
      return withOnline(user, period, kept);
    },

    async calendarStatus(user: AuthUser) {
      const feed = await repo.calendarFeed(user.id);
      return { enabled: feed !== null, createdAt: feed ? new Date(feed.createdAt).toISOString() : null };
    },

    /** A new secret address (256 random bits); only its hash is stored, and the one before stops working. */
    async enableCalendar(user: AuthUser) {
      const token = randomBytes(32).toString('base64url');
      const { createdAt } = await repo.putCalendarFeed(user.id, hashToken(token));
      return { enabled: true as const, createdAt: new Date(createdAt).toISOString(), url: calendarFeedUrl(token) };
    },

    async revokeCalendar(user: AuthUser) {
      await repo.deleteCalendarFeed(user.id);
      return { enabled: false, createdAt: null };
    },

    /** Drops every week kept ready: the calendar, bells, rooms or lessons changed. */
    forget() {
      weeks.clear();
      plainWeeks.clear();
      subgroupsOf.clear();
      slots.clear();
    },

    /** The iCalendar text of a subscription token: its owner's lessons of the current half-year. */
    async calendarFeed(token: string): Promise<string> {
      const owner = await repo.calendarOwner(hashToken(token));
      if (!owner) throw new AppError('not_found', 'There is no such calendar address (it may have been revoked).');
      const period = await deps.halfYearOf({});
      const lessons =
        owner.role === roles.teacher
          ? await repo.teacherWeek(owner.id, period.year, period.ws)
          : owner.role === roles.student
            ? await studentLessons(owner.id, owner.groupId, period)
            : [];
      return calendarText(lessons, period, owner.name);
    },
  };
}

export type ScheduleService = ReturnType<typeof createScheduleService>;
