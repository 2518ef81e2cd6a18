import type { WeekParity } from '@okuu/contracts/schedule/weeks';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { qrAttemptResults } from '../../db/schema/qr.ts';
import { newSessionSecret } from './qr.token.ts';

/** An attempt's outcome as qr_attempts keeps it: accepted, or the reason it was refused (a forged code is not kept). */
export type AttemptResult = Exclude<(typeof qrAttemptResults)[number], 'qr_forged'>;

export interface AttemptRecord {
  sessionId: number;
  studentId: number;
  deviceId: string;
  /** The ticket the attempt came with; null for a projector token used directly. */
  ticket: string | null;
  distanceM: number | null;
  accuracyM: number;
  result: AttemptResult;
  at: Date;
}

/** The lesson of a check-in, as its screens show it. */
export interface LessonInfo {
  discipline: { name: string; nameKg: string; nameEn: string };
  audience: string;
  room: string;
  date: string;
  startsAt: string;
  endsAt: string;
}

export interface AttemptRow {
  studentId: number;
  fullName: string;
  result: AttemptResult;
  distanceM: number | null;
  at: string;
}

export interface SessionRow {
  id: number;
  teacherId: number;
  secret: string;
  stopped: boolean;
  /** Whether `now` is inside the lesson's slot widened by the window. */
  inWindow: boolean;
  groupType: 'group' | 'subgroup' | 'stream';
  audienceId: number;
  year: number;
  ws: number;
  disciplineId: number;
  kindId: number;
  lessonDate: string;
  timeSlotId: number;
  latitude: number;
  longitude: number;
  radiusM: number;
}

/** The bell schedule's times of day are the university's wall clock. */
const zone = sql.raw(`'Asia/Bishkek'`);

/** QR check-in's own rows: the device key, attempts, and what an attempt must know of earlier ones. */
export function createQrRepository(db: Db) {
  const rows = async <T>(query: SQL, on: Db = db): Promise<T[]> =>
    ((await on.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** The key phones' device ids are signed with: made by the first instance that needs it, shared by all. */
    async deviceKey(): Promise<string> {
      await db.execute(
        sql`insert into qr_keys (name, secret) values ('device', ${newSessionSecret()}) on conflict (name) do nothing`,
      );
      const [row] = await rows<{ secret: string }>(sql`select secret from qr_keys where name = 'device'`);
      if (!row) throw new Error('The device key was not stored');
      return row.secret;
    },

    /**
     * Records an attempt. An acceptance is stored only when no other stands for the same student in the session, nor
     * for the same device (two unique keys): false when one does, however many requests race.
     */
    async record(a: AttemptRecord, on: Db = db): Promise<boolean> {
      const inserted = await rows<{ id: number }>(
        sql`insert into qr_attempts (session_id, student_id, device_id, ticket, distance_m, accuracy_m, result, at)
            values (${a.sessionId}, ${a.studentId}, ${a.deviceId}, ${a.ticket}, ${a.distanceM}, ${a.accuracyM},
              ${a.result}, ${a.at.toISOString()})
            on conflict do nothing
            returning id`,
        on,
      );
      return inserted.length > 0;
    },

    /** The student who first came with this ticket on its own phone in the session, or null. */
    async ticketHolder(sessionId: number, ticket: string, deviceId: string): Promise<number | null> {
      const [row] = await rows<{ studentId: number }>(
        sql`select student_id as "studentId" from qr_attempts
            where session_id = ${sessionId} and ticket = ${ticket} and device_id = ${deviceId}
            order by id limit 1`,
      );
      return row?.studentId ?? null;
    },

    /**
     * The student's own acceptance in the session (its distance), and whether the device was accepted for another
     * student, in this session or in any within the last `lockMin` minutes.
     */
    async earlier(q: { sessionId: number; studentId: number; deviceId: string; now: Date; lockMin: number }) {
      const found = await rows<{ mine: boolean; distance: number | null }>(
        sql`select student_id = ${q.studentId} as mine, distance_m as distance from qr_attempts
            where result = 'accepted' and (
              (session_id = ${q.sessionId} and student_id = ${q.studentId})
              or (device_id = ${q.deviceId} and student_id <> ${q.studentId}
                and (session_id = ${q.sessionId}
                  or at > ${q.now.toISOString()}::timestamptz - make_interval(mins => ${q.lockMin}))))
            order by 1 desc limit 1`,
      );
      const mine = found.find((e) => e.mine);
      return { mine: mine ? { distance: mine.distance } : null, deviceTaken: found.length > 0 && !mine };
    },

    /** A check-in session with its lesson, room and whether `now` is within the lesson's slot ± `windowMin`. */
    async session(id: number, now: Date, windowMin: number, on: Db = db): Promise<SessionRow | null> {
      const [row] = await rows<SessionRow>(
        sql`select s.id, s.teacher_id as "teacherId", s.secret, s.stopped_at is not null as stopped,
              ${now.toISOString()}::timestamptz between
                ((s.lesson_date + ts.starts_at) at time zone ${zone}) - make_interval(mins => ${windowMin})
                and ((s.lesson_date + ts.ends_at) at time zone ${zone}) + make_interval(mins => ${windowMin})
                as "inWindow",
              case when e.group_id is not null then 'group' when e.subgroup_id is not null then 'subgroup'
                else 'stream' end as "groupType",
              coalesce(e.group_id, e.subgroup_id, e.stream_id) as "audienceId",
              e.academic_year_id as year, e.half_year_kind as ws, e.discipline_id as "disciplineId",
              e.lesson_kind_id as "kindId", to_char(s.lesson_date, 'YYYY-MM-DD') as "lessonDate",
              e.time_slot_id as "timeSlotId", r.latitude, r.longitude, r.checkin_radius_m as "radiusM"
            from qr_sessions s join schedule_entries e on e.id = s.schedule_entry_id
              join time_slots ts on ts.id = e.time_slot_id join rooms r on r.id = s.room_id
            where s.id = ${id}`,
        on,
      );
      return row ?? null;
    },

    /** What a session is for: discipline, audience, room, date and times. */
    async lesson(sessionId: number): Promise<LessonInfo | null> {
      const [row] = await rows<LessonInfo>(
        sql`select json_build_object('name', d.name, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
              coalesce(g.name, sg.name, st.name) as audience, b.short_name || ' ' || r.number as room,
              to_char(s.lesson_date, 'YYYY-MM-DD') as date, to_char(ts.starts_at, 'HH24:MI') as "startsAt",
              to_char(ts.ends_at, 'HH24:MI') as "endsAt"
            from qr_sessions s join schedule_entries e on e.id = s.schedule_entry_id
              join disciplines d on d.id = e.discipline_id join time_slots ts on ts.id = e.time_slot_id
              join rooms r on r.id = s.room_id join buildings b on b.id = r.building_id
              left join groups g on g.id = e.group_id left join subgroups sg on sg.id = e.subgroup_id
              left join streams st on st.id = e.stream_id
            where s.id = ${sessionId}`,
      );
      return row ?? null;
    },

    /** A lesson of the teacher's timetable: its weekday, week parity and its half-year's first and last day. */
    async teachersLesson(teacherId: number, scheduleEntryId: number) {
      const [row] = await rows<{ day: number; parity: WeekParity; startsOn: string; endsOn: string }>(
        sql`select e.day_number as day, e.week_parity as parity, to_char(h.starts_on, 'YYYY-MM-DD') as "startsOn",
            to_char(h.ends_on, 'YYYY-MM-DD') as "endsOn"
          from schedule_entries e
            join half_years h on h.academic_year_id = e.academic_year_id and h.kind = e.half_year_kind
          where e.id = ${scheduleEntryId} and e.teacher_id = ${teacherId}`,
      );
      return row ?? null;
    },

    /** The teacher's check-in of that lesson on that date that still runs. */
    async runningSession(teacherId: number, scheduleEntryId: number, date: string): Promise<{ id: number } | null> {
      const [row] = await rows<{ id: number }>(
        sql`select id from qr_sessions where schedule_entry_id = ${scheduleEntryId}
            and lesson_date = ${date}::date and teacher_id = ${teacherId} and stopped_at is null
            order by id desc limit 1`,
      );
      return row ?? null;
    },

    /**
     * The check-ins started for these lessons (schedule entries) on a date: whether one still runs and, for a
     * student, whether a scan of theirs was accepted.
     */
    async lessonCheckins(entryIds: number[], date: string, studentId: number | null) {
      if (entryIds.length === 0) return [];
      return rows<{ entryId: number; running: boolean; checkedIn: boolean }>(
        sql`select s.schedule_entry_id as "entryId", bool_or(s.stopped_at is null) as running,
              coalesce(bool_or(a.result = 'accepted'), false) as "checkedIn"
            from qr_sessions s
            left join qr_attempts a on a.session_id = s.id and a.student_id = ${studentId ?? 0}
            where s.schedule_entry_id = any(${`{${entryIds.join(',')}}`}::int[]) and s.lesson_date = ${date}::date
            group by s.schedule_entry_id`,
      );
    },

    /** Starts a check-in of the teacher's lesson on a date, in the lesson's room, with a secret of its own. */
    async startSession(
      teacherId: number,
      scheduleEntryId: number,
      date: string,
      at: { latitude: number | null; longitude: number | null },
      now: Date,
    ): Promise<{ id: number } | null> {
      const [row] = await rows<{ id: number }>(
        sql`insert into qr_sessions (teacher_id, schedule_entry_id, lesson_date, room_id, teacher_latitude,
              teacher_longitude, secret, started_at)
            select e.teacher_id, e.id, ${date}::date, e.room_id, ${at.latitude}, ${at.longitude},
              ${newSessionSecret()}, ${now.toISOString()}
            from schedule_entries e where e.id = ${scheduleEntryId} and e.teacher_id = ${teacherId}
            returning id`,
      );
      return row ?? null;
    },

    /** Each student's latest attempt in a session (an acceptance outranks later refusals), newest first. */
    latestAttempts: (sessionId: number) =>
      rows<AttemptRow>(
        sql`select * from (
              select distinct on (a.student_id) a.student_id as "studentId", concat_ws(' ', u.last_name, u.first_name, u.patronymic) as "fullName", a.result,
                a.distance_m as "distanceM", a.at::text as at
              from qr_attempts a join users u on u.id = a.student_id
              where a.session_id = ${sessionId}
              order by a.student_id, a.result = 'accepted' desc, a.at desc, a.id desc
            ) latest order by at desc`,
      ),

    /** The students a session of the teacher has accepted and refused (never accepted); null when not theirs. */
    async counts(teacherId: number, sessionId: number): Promise<{ accepted: number; refused: number } | null> {
      const [row] = await rows<{ accepted: number; refused: number }>(
        sql`select count(*) filter (where x.acc)::int as accepted, count(*) filter (where not x.acc)::int as refused
            from qr_sessions s left join lateral (
              select bool_or(a.result = 'accepted') as acc from qr_attempts a where a.session_id = s.id
              group by a.student_id
            ) x on true
            where s.id = ${sessionId} and s.teacher_id = ${teacherId}
            group by s.id`,
      );
      return row ?? null;
    },

    /** Stops the teacher's session; false when it is not theirs or already stopped. */
    async stop(teacherId: number, sessionId: number, now: Date): Promise<boolean> {
      const done = await rows<{ id: number }>(
        sql`update qr_sessions set stopped_at = ${now.toISOString()}
            where id = ${sessionId} and teacher_id = ${teacherId} and stopped_at is null returning id`,
      );
      return done.length > 0;
    },
  };
}

export type QrRepository = ReturnType<typeof createQrRepository>;
