import { randomBytes } from 'node:crypto';
import { roles } from '@okuu/contracts/endpoint';
import { addDays, bishkekDay } from '@okuu/contracts/schedule/weeks';
import {
  type AudienceKind,
  type LessonOnline,
  type WebinarItem,
  webinarLimits,
} from '@okuu/contracts/webinars/webinars';
import type { HalfYear } from '../../lib/academic-calendar.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { OccurrenceRow, Viewer, WebinarsRepository } from './webinars.repository.ts';

const minuteMs = 60_000;

/** The instant of a date's wall-clock time at the university (Asia/Bishkek, UTC+6 all year). */
export const bishkekInstant = (date: string, time: string) => new Date(`${date}T${time}:00+06:00`);

/** Where an online lesson stands at `now`: "Join" opens `joinBeforeMin` minutes before its start, until its end. */
export function webinarState(date: string, start: string, end: string, now: Date) {
  const opensAt = bishkekInstant(date, start).getTime() - webinarLimits.joinBeforeMin * minuteMs;
  const endsAt = bishkekInstant(date, end).getTime();
  const at = now.getTime();
  return at < opensAt ? 'upcoming' : at < endsAt ? 'open' : 'past';
}

/** A room of the meeting server at `base`: its address plus a name nobody can guess (80 random bits). */
export function roomAt(base: string): string {
  return `${base.endsWith('/') ? base : `${base}/`}okuu-${randomBytes(10).toString('hex')}`;
}

/** Whose online lessons a user sees: a teacher their own, a student their group's audiences; others none. */
function viewerOf(user: AuthUser): Viewer | null {
  if (user.role === roles.teacher) return { teacherId: user.id };
  if (user.role === roles.student && user.groupId !== null) return { groupId: user.groupId, studentId: user.id };
  return null;
}

export function createWebinarsService(deps: {
  repo: WebinarsRepository;
  now: () => Date;
  halfYearOf: (input: { year?: number; ws?: number }) => Promise<HalfYear>;
  /** The university's base address of its meeting server, '' when none is set. */
  baseAddress: () => Promise<string>;
}) {
  const { repo, now } = deps;
  // The online lessons a viewer sees in a range, as read: the schedule's week and home ask for them at every look,
  // and the statement's joins cost PostgreSQL some 10 ms to plan. Dropped by changes of webinars, the timetable and
  // the calendar (forget); the time limit bounds what no change announces (a teacher's new name).
  const seen = createChangeCache<OccurrenceRow[]>({ ttlMs: 60_000, maxEntries: 50_000 });
  const occurrences = (viewer: Viewer, from: string, to: string, onlyEntries = false) =>
    seen.get(`${JSON.stringify(viewer)}|${from}|${to}|${onlyEntries}`, () =>
      repo.occurrences(viewer, from, to, onlyEntries),
    );

  /** An occurrence as its viewer gets it: the link for a student only while "Join" is open. */
  function toItem(row: OccurrenceRow, user: AuthUser, at: Date): WebinarItem {
    const state = webinarState(row.date, row.start, row.end, at);
    const mine = user.role === roles.teacher && row.teacherId === user.id;
    return {
      id: row.id,
      id_shed: row.entryId,
      weekly: row.weekly,
      date: row.date,
      start: row.start,
      end: row.end,
      opensAt: new Date(
        bishkekInstant(row.date, row.start).getTime() - webinarLimits.joinBeforeMin * minuteMs,
      ).toISOString(),
      title: row.title,
      discipline: row.discipline,
      lessonKind: row.lessonKind,
      audience: row.audience,
      teacher: { id: row.teacherId, name: row.teacherName },
      state,
      url: mine || state === 'open' ? row.url : null,
      recording: row.recording,
      mine,
    };
  }

  /** The link to store: the one given, else a room made from the base address (400 link_required without one). */
  async function linkOf(url: string): Promise<string> {
    if (url) return url;
    const base = await deps.baseAddress();
    if (!base) {
      throw new AppError('link_required', 'Give the meeting link (https://…): no base address is set to make a room.');
    }
    return roomAt(base);
  }

  /** The one item of webinar `id` on `date`, as its teacher sees it. */
  async function itemOf(user: AuthUser, id: number, date: string): Promise<WebinarItem> {
    const found = (await repo.occurrences({ teacherId: user.id }, date, date)).find((r) => r.id === id);
    if (!found) throw new Error(`Webinar ${id} on ${date} was not found after saving`);
    return toItem(found, user, now());
  }

  return {
    /** Forgets the online lessons as read: webinars, the timetable or the calendar changed. */
    forget() {
      seen.clear();
    },

    /** The caller's online lessons around today: a student's past ones only with a recording. */
    async list(user: AuthUser): Promise<{ items: WebinarItem[] }> {
      const viewer = viewerOf(user);
      if (!viewer) return { items: [] };
      const at = now();
      const today = bishkekDay(at).date;
      const rows = await occurrences(
        viewer,
        addDays(today, -webinarLimits.pastDays),
        addDays(today, webinarLimits.aheadDays),
      );
      const items = rows.map((r) => toItem(r, user, at));
      return { items: 'teacherId' in viewer ? items : items.filter((i) => i.state !== 'past' || i.recording) };
    },

    /**
     * The links of timetable lessons dated `from` … `to` that the user sees (the schedule's week, home's day), each
     * with its state at `at`; a student gets the link only while "Join" is open.
     */
    async lessonLinks(
      user: AuthUser,
      from: string,
      to: string,
      at: Date,
    ): Promise<(LessonOnline & { id_shed: number; date: string })[]> {
      const viewer = viewerOf(user);
      if (!viewer) return [];
      return (await occurrences(viewer, from, to, true)).map((r) => {
        const item = toItem(r, user, at);
        return {
          id_shed: r.entryId as number,
          date: r.date,
          id: r.id,
          state: item.state,
          url: item.url,
          recording: item.recording,
        };
      });
    },

    /** The user's online lessons of their own (not on the timetable) dated `date` that are not over at `at`. */
    async ownOn(user: AuthUser, date: string, at: Date): Promise<WebinarItem[]> {
      const viewer = viewerOf(user);
      if (!viewer) return [];
      return (await occurrences(viewer, date, date))
        .filter((r) => r.entryId === null)
        .map((r) => toItem(r, user, at))
        .filter((i) => i.state !== 'past');
    },

    /** A teacher's timetable lessons and audiences of today's half-year, the bells, and whether rooms are made. */
    async options(user: AuthUser) {
      const period = await deps.halfYearOf({}).catch((err: unknown) => {
        if (err instanceof AppError && err.code === 'not_found') return null;
        throw err;
      });
      const [lessons, audiences, timeSlots, base] = await Promise.all([
        period ? repo.teacherLessons(user.id, period.year, period.ws) : [],
        period ? repo.teacherAudiences(user.id, period.year, period.ws) : [],
        repo.timeSlots(),
        deps.baseAddress(),
      ]);
      return {
        lessons: lessons.map((l) => ({
          id_shed: l.entryId,
          day_number: l.dayNumber,
          parity: l.parity,
          start: l.start,
          end: l.end,
          discipline: l.discipline,
          lessonKind: l.lessonKind,
          audience: l.audience,
        })),
        audiences,
        timeSlots,
        roomMade: base !== '',
      };
    },

    /** Puts a link on a lesson of the teacher's timetable, for a date it takes place on or every week. */
    async attach(user: AuthUser, input: { id_shed: number; weekly: boolean; date?: string; url: string }) {
      const date = input.weekly ? null : (input.date ?? null);
      const entry = await repo.teacherEntry(user.id, input.id_shed, date);
      if (!entry) throw new AppError('not_found', 'You have no such lesson in your timetable.');
      if (!entry.takesPlace) throw new AppError('not_found', 'This lesson does not take place on that date.');
      const url = await linkOf(input.url);
      const id = await repo.transaction(async (tx, change) => {
        change.announce('webinars', String(user.id));
        return repo.putLessonLink(tx, { teacherId: user.id, entryId: input.id_shed, date, url });
      });
      // The weekly link is shown on its next date (or the last one, when the half-year is over).
      const at = now();
      const today = bishkekDay(at).date;
      const dates = await repo.occurrences({ teacherId: user.id }, addDays(today, -366), addDays(today, 366), true);
      const mine = dates.filter((r) => r.id === id);
      const shown = mine.find((r) => r.date >= today) ?? mine.at(-1);
      if (!shown) throw new Error(`Webinar ${id} has no date`);
      return toItem(shown, user, at);
    },

    /** Creates an online lesson of the teacher's own for an audience they teach this half-year. */
    async create(
      user: AuthUser,
      input: {
        audience: AudienceKind;
        id_audience: number;
        date: string;
        start: string;
        end: string;
        title: string;
        url: string;
      },
    ) {
      const period = await deps.halfYearOf({});
      const audiences = await repo.teacherAudiences(user.id, period.year, period.ws);
      if (!audiences.some((a) => a.kind === input.audience && a.id === input.id_audience)) {
        throw new AppError('forbidden', 'You do not teach this audience this half-year.');
      }
      const url = await linkOf(input.url);
      const id = await repo.transaction(async (tx, change) => {
        change.announce('webinars', String(user.id));
        return repo.insertOwn(tx, {
          teacherId: user.id,
          audience: { kind: input.audience, id: input.id_audience },
          date: input.date,
          start: input.start,
          end: input.end,
          title: input.title,
          url,
        });
      });
      return itemOf(user, id, input.date);
    },

    /** Changes the link of one of the teacher's webinars (another's: 404). */
    async update(user: AuthUser, input: { id: number; url: string }) {
      if (!(await repo.ownWebinar(user.id, input.id))) throw new AppError('not_found', 'You have no such webinar.');
      const url = await linkOf(input.url);
      const done = await repo.transaction(async (tx, change) => {
        change.announce('webinars', String(user.id));
        return repo.setUrl(tx, input.id, user.id, url);
      });
      if (!done) throw new AppError('not_found', 'You have no such webinar.');
      return { id: input.id, url };
    },

    /** Adds or removes the recording of a teacher's webinar on one of its dates. */
    async recording(user: AuthUser, input: { id: number; date: string; url: string }) {
      const w = await repo.ownWebinar(user.id, input.id);
      if (!w) throw new AppError('not_found', 'You have no such webinar.');
      const onDate =
        w.entryId === null || !w.weekly ? w.date === input.date : await repo.lessonOn(w.entryId, input.date);
      if (!onDate) throw new AppError('not_found', 'This webinar has no lesson on that date.');
      await repo.transaction(async (tx, change) => {
        change.announce('webinars', String(user.id));
        await repo.setRecording(tx, input.id, input.date, input.url || null);
      });
      return { id: input.id, date: input.date, recording: input.url || null };
    },

    /** Removes one of the teacher's webinars (another's: 404). */
    async remove(user: AuthUser, input: { id: number }) {
      const deleted = await repo.transaction(async (tx, change) => {
        const done = await repo.remove(tx, input.id, user.id);
        if (done) change.announce('webinars', String(user.id));
        return done;
      });
      if (!deleted) throw new AppError('not_found', 'You have no such webinar.');
      return { deleted };
    },
  };
}

export type WebinarsService = ReturnType<typeof createWebinarsService>;
