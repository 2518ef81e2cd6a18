import { createHash, randomBytes } from 'node:crypto';
import { roles } from '@okuu/contracts/endpoint';
import { calendarFeedUrl } from '@okuu/contracts/schedule/calendar';
import type { ScheduleLesson, WeekSchedule } from '@okuu/contracts/schedule/schedule';
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

const hashToken = (token: string) => createHash('sha256').update(token).digest();

export function createScheduleService(deps: {
  repo: ScheduleRepository;
  /** The half-year a call asks for (today's by default); 404 when the calendar has none. */
  halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>;
}) {
  const { repo } = deps;
  // A week is some 10 KB (and its gzip): a few thousand of them at most.
  const weeks = createChangeCache<JsonReply<WeekSchedule>>({ ttlMs: weekCacheMs, maxEntries: 5_000 });
  const subgroupsOf = createChangeCache<number[]>({ ttlMs: weekCacheMs, maxEntries: 100_000 });
  const slots = createChangeCache<SlotRow[]>({ ttlMs: weekCacheMs, maxEntries: 1 });
  const timeSlots = () => slots.get('all', () => repo.timeSlots());

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

  return {
    async studentWeek(user: AuthUser, input: { year?: number; ws?: number; id?: number }) {
      ownId(user, input.id);
      const period = await deps.halfYearOf(input);
      if (user.groupId === null) return new JsonReply(weekOf(period, await timeSlots(), []));
      const subgroups = await subgroupsOf.get(String(user.id), () => repo.studentSubgroups(user.id));
      // Students of a group with the same subgroups share one week.
      const key = `group/${period.year}/${period.ws}/${user.groupId}/${subgroups.join(',')}`;
      return weeks.get(key, async () => {
        const rows = await studentLessons(user.id, user.groupId, period);
        return new JsonReply(weekOf(period, await timeSlots(), rows));
      });
    },

    async teacherWeek(user: AuthUser, input: { year?: number; ws?: number; id?: number }) {
      ownId(user, input.id);
      const period = await deps.halfYearOf(input);
      return weeks.get(`teacher/${period.year}/${period.ws}/${user.id}`, async () => {
        const rows = await repo.teacherWeek(user.id, period.year, period.ws);
        return new JsonReply(weekOf(period, await timeSlots(), rows));
      });
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
