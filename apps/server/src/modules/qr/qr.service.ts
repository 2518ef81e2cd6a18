import { runsInWeek, weekdayOf, weekOfHalfYear } from '@okuu/contracts/schedule/weeks';
import { LRUCache } from 'lru-cache';
import type { Db } from '../../db/client.ts';
import type { Change, Changes } from '../../lib/changes.ts';
import type { JournalService } from '../journal/journal.service.ts';
import { createQrRepository, type LessonInfo, type SessionRow } from './qr.repository.ts';
import {
  checkPlace,
  isTicket,
  newDevice,
  ticketAt,
  tokenAt,
  tokenSessionId,
  verifyDevice,
  verifyToken,
} from './qr.token.ts';

/** Minutes before a slot's start and after its end when a check-in is still "now" (QR_WINDOW_MINUTES). */
export const lessonWindowMin = 10;
/** The bell schedule's times of day are the university's wall clock. */
const timeZone = 'Asia/Bishkek';
/** A device that checked in one student cannot check in another for this long. */
export const deviceLockMin = 10;

export type QrRefusal =
  | 'qr_stale'
  | 'qr_forged'
  | 'qr_not_in_audience'
  | 'qr_not_now'
  | 'qr_too_far'
  | 'qr_fix_too_coarse'
  | 'qr_device_used'
  | 'qr_ticket_used';

export type VisitResult =
  | { ok: true; repeat: boolean; distance: number; sessionId: number }
  | { ok: false; reason: QrRefusal; distance?: number; radius?: number };

export interface VisitInput {
  token: string;
  latitude: number;
  longitude: number;
  accuracyM: number;
  /** The phone's device id, as its signed cookie carries it (deviceOf). */
  deviceId: string;
}

/**
 * QR check-in: a teacher's session for a lesson of their timetable, the rotating token, and a student's visit. The
 * clock is the caller's `now` (the routes pass the server's time; tests move it).
 */
export function createQrService(
  db: Db,
  deps: { changes: Changes; journal: Pick<JournalService, 'inAudience' | 'markPresent'> },
  opts: { windowMin?: number } = {},
) {
  const { changes, journal } = deps;
  const windowMin = opts.windowMin ?? lessonWindowMin;
  /** A scan was recorded: the teacher's projector counts again (topic `qr`). */
  const counted = (change: Change, s: { teacherId: number; id: number }) =>
    change.announce('qr', `${s.teacherId}.${s.id}`);
  const repo = createQrRepository(db);
  let deviceKey: Promise<string> | undefined;
  const key = () => {
    deviceKey ??= repo.deviceKey().catch((err) => {
      deviceKey = undefined;
      throw err;
    });
    return deviceKey;
  };
  const session = (id: number, now: Date, on?: Db) => repo.session(id, now, windowMin, on);

  const record = (
    sessionId: number,
    studentId: number,
    input: VisitInput,
    result: 'accepted' | Exclude<QrRefusal, 'qr_forged'>,
    distance: number | null,
    now: Date,
    on: Db = db,
  ) =>
    repo.record(
      {
        sessionId,
        studentId,
        deviceId: input.deviceId,
        ticket: isTicket(input.token) ? input.token : null,
        distanceM: distance,
        accuracyM: input.accuracyM,
        result,
        at: now,
      },
      on,
    );

  // What a session is for never changes: its lesson, kept once read (a lecture's scans all ask for it).
  const lessons = new LRUCache<number, LessonInfo>({ max: 500 });

  async function lesson(sessionId: number): Promise<LessonInfo> {
    const kept = lessons.get(sessionId);
    if (kept) return kept;
    const row = await repo.lesson(sessionId);
    if (!row) throw new Error(`No check-in session ${sessionId}`);
    lessons.set(sessionId, row);
    return row;
  }

  /** The teacher's own session, or null. */
  async function own(teacherId: number, sessionId: number, now: Date): Promise<SessionRow | null> {
    const s = await session(sessionId, now);
    return s && s.teacherId === teacherId ? s : null;
  }

  return {
    /**
     * Starts a check-in for a lesson (schedule entry) of the teacher's own timetable on a date: null when not theirs,
     * 'qr_not_now' when the lesson does not take place that day (another weekday, a week of the other parity, outside
     * its half-year).
     */
    async start(
      teacherId: number,
      input: { scheduleEntryId: number; lessonDate: string; latitude: number | null; longitude: number | null },
      now: Date,
    ): Promise<{ id: number } | 'qr_not_now' | null> {
      const entry = await repo.teachersLesson(teacherId, input.scheduleEntryId);
      if (!entry) return null;
      const date = input.lessonDate;
      const takesPlace =
        entry.day === weekdayOf(date) &&
        date >= entry.startsOn &&
        date <= entry.endsOn &&
        runsInWeek(entry.parity, weekOfHalfYear(date, entry.startsOn).parity);
      if (!takesPlace) return 'qr_not_now';
      // A second start of the same lesson (a reload, another tab) returns the check-in already running.
      const running = await repo.runningSession(teacherId, input.scheduleEntryId, date);
      if (running) return running;
      return repo.startSession(teacherId, input.scheduleEntryId, date, input, now);
    },

    lesson,

    /**
     * The QR check-ins of lessons (schedule entries) on a date, by entry: whether one runs now, and whether the
     * student (when given) is checked in; lessons without a check-in that day are absent.
     */
    async lessonCheckins(entryIds: number[], date: string, studentId: number | null) {
      const found = await repo.lessonCheckins(entryIds, date, studentId);
      return new Map(
        found.map((r) => [r.entryId, { running: r.running, checkedIn: studentId === null ? null : r.checkedIn }]),
      );
    },

    /** The date (YYYY-MM-DD) of `now` on the university's wall clock: the day a check-in started now is for. */
    today(now: Date): string {
      return new Intl.DateTimeFormat('en-CA', { timeZone }).format(now);
    },

    /** The room's point and radius of the teacher's session; null when not theirs. */
    async place(teacherId: number, sessionId: number, now: Date) {
      const s = await own(teacherId, sessionId, now);
      return s && { latitude: s.latitude, longitude: s.longitude, radiusM: s.radiusM };
    },

    /** Whether the session is the teacher's own (and whether it still runs); null when not. */
    async owned(teacherId: number, sessionId: number, now: Date): Promise<{ running: boolean } | null> {
      const s = await own(teacherId, sessionId, now);
      return s ? { running: !s.stopped } : null;
    },

    /**
     * Each student's latest scan in the teacher's session (an acceptance outranks later refusals), newest first, and
     * the counts of students accepted and refused; null when the session is not theirs.
     */
    async attempts(teacherId: number, sessionId: number, now: Date) {
      if (!(await own(teacherId, sessionId, now))) return null;
      const list = await repo.latestAttempts(sessionId);
      const accepted = list.filter((a) => a.result === 'accepted').length;
      return { attempts: list, accepted, refused: list.length - accepted };
    },

    /** The counts of students the session has accepted and refused (never accepted); null when not the teacher's. */
    async counts(teacherId: number, sessionId: number): Promise<{ accepted: number; refused: number } | null> {
      return repo.counts(teacherId, sessionId);
    },

    /** The device id a phone's cookie carries, when the server signed it; null otherwise. */
    async deviceOf(cookie: string | undefined): Promise<string | null> {
      return cookie ? verifyDevice(await key(), cookie) : null;
    },

    /** A new device id for a phone, and the signed cookie value that carries it. */
    async newDevice(): Promise<{ id: string; cookie: string }> {
      return newDevice(await key());
    },

    /**
     * A scanned token traded for a ticket that keeps the moment of the scan, good on the scanning phone (`deviceId`)
     * only; a refusal when the token is not good.
     */
    async scan(
      token: string,
      now: Date,
      deviceId: string,
    ): Promise<{ ok: true; ticket: string; expiresAt: Date; sessionId: number } | { ok: false; reason: QrRefusal }> {
      const sessionId = tokenSessionId(token);
      const s = sessionId === null ? null : await session(sessionId, now);
      if (!s || isTicket(token)) return { ok: false, reason: 'qr_forged' };
      const check = verifyToken(token, s.secret, s.id, now);
      if (!check.ok) return { ok: false, reason: check.reason };
      if (s.stopped || !s.inWindow) return { ok: false, reason: 'qr_not_now' };
      return { ok: true, sessionId: s.id, ...ticketAt(s.secret, s.id, now, deviceId) };
    },

    /** Stops the teacher's session; false when it is not theirs or already stopped. */
    async stop(teacherId: number, sessionId: number, now: Date): Promise<boolean> {
      return repo.stop(teacherId, sessionId, now);
    },

    /** The token the teacher's screen shows now; null when the session is not theirs or is stopped. */
    async token(teacherId: number, sessionId: number, now: Date): Promise<{ token: string; expiresAt: Date } | null> {
      const s = await session(sessionId, now);
      if (!s || s.teacherId !== teacherId || s.stopped) return null;
      return tokenAt(s.secret, s.id, now);
    },

    /**
     * A student's scan. Refusals other than a forged token keep an attempt row (the teacher's list of who was refused
     * and why) and write nothing else; an acceptance records the attempt and 'present' in the journal in one
     * transaction, once: a repeat is a success that writes nothing. A ticket serves the phone that scanned it and the
     * first student who comes with it; a phone serves one student per check-in (and none other for deviceLockMin),
     * which the database's unique key holds when requests race.
     */
    async visit(studentId: number, input: VisitInput, now: Date): Promise<VisitResult> {
      const sessionId = tokenSessionId(input.token);
      const s = sessionId === null ? null : await session(sessionId, now);
      if (!s) return { ok: false, reason: 'qr_forged' };
      const check = verifyToken(input.token, s.secret, s.id, now);
      if (!check.ok && check.reason === 'qr_forged') return { ok: false, reason: 'qr_forged' };
      const refuse = async (reason: Exclude<QrRefusal, 'qr_forged'>, distance?: number): Promise<VisitResult> => {
        await changes.transaction(async (tx, change) => {
          await record(s.id, studentId, input, reason, distance ?? null, now, tx);
          counted(change, s);
        });
        return distance === undefined ? { ok: false, reason } : { ok: false, reason, distance, radius: s.radiusM };
      };
      if (!check.ok) return refuse('qr_stale');
      if (check.device !== undefined) {
        if (check.device !== input.deviceId) return refuse('qr_ticket_used');
        const holder = await repo.ticketHolder(s.id, input.token, input.deviceId);
        if (holder !== null && holder !== studentId) return refuse('qr_ticket_used');
      }
      if (s.stopped || !s.inWindow) return refuse('qr_not_now');
      if (!(await journal.inAudience(s.groupType, s.audienceId, studentId))) return refuse('qr_not_in_audience');
      const place = checkPlace(
        { latitude: s.latitude, longitude: s.longitude, radiusM: s.radiusM },
        { latitude: input.latitude, longitude: input.longitude, accuracyM: input.accuracyM },
      );
      // This student's acceptance (a repeat), and another student's by this device (the device rule), in one look.
      const earlier = await repo.earlier({
        sessionId: s.id,
        studentId,
        deviceId: input.deviceId,
        now,
        lockMin: deviceLockMin,
      });
      if (earlier.mine) {
        return { ok: true, repeat: true, distance: earlier.mine.distance ?? place.distance, sessionId: s.id };
      }
      if (!place.ok) return refuse(place.reason, Math.round(place.distance));
      if (earlier.deviceTaken) return refuse('qr_device_used');
      const first = await changes.transaction(async (tx, change) => {
        if (!(await record(s.id, studentId, input, 'accepted', place.distance, now, tx))) return false;
        await journal.markPresent(
          change,
          {
            year: s.year,
            ws: s.ws,
            disciplineId: s.disciplineId,
            kindId: s.kindId,
            groupType: s.groupType,
            audienceId: s.audienceId,
            visitDate: s.lessonDate,
            timeSlotId: s.timeSlotId,
            timesCount: 1,
          },
          studentId,
          s.teacherId,
        );
        counted(change, s);
        return true;
      });
      if (first) return { ok: true, repeat: false, distance: place.distance, sessionId: s.id };
      // A request at the same moment won: this student's own (a repeat), or another student's on this phone.
      const raced = await repo.earlier({ sessionId: s.id, studentId, deviceId: input.deviceId, now, lockMin: 0 });
      if (raced.mine)
        return { ok: true, repeat: true, distance: raced.mine.distance ?? place.distance, sessionId: s.id };
      return refuse('qr_device_used');
    },
  };
}

export type QrService = ReturnType<typeof createQrService>;
