import type { AudienceKind } from '@okuu/contracts/webinars/webinars';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { webinarRecordings, webinars } from '../../db/schema/webinars.ts';
import type { Change, Changes } from '../../lib/changes.ts';

interface Named {
  name: string;
  nameKg: string;
  nameEn: string;
}
export interface Audience {
  kind: AudienceKind;
  id: number;
  name: string;
}

/** One online lesson on one date, as stored (times are Asia/Bishkek wall-clock 'HH:MM'). */
export interface OccurrenceRow {
  id: number;
  entryId: number | null;
  weekly: boolean;
  date: string;
  start: string;
  end: string;
  title: string;
  discipline: Named | null;
  lessonKind: Named | null;
  audience: Audience;
  teacherId: number;
  teacherName: string;
  url: string;
  recording: string | null;
}

export interface LessonRow {
  entryId: number;
  dayNumber: number;
  parity: 'every' | 'odd' | 'even';
  start: string;
  end: string;
  discipline: Named;
  lessonKind: Named;
  audience: Audience;
}

/** Who is asking: a teacher (their own webinars) or a student (their group, subgroups and the group's streams). */
export type Viewer = { teacherId: number } | { groupId: number; studentId: number };

const named = (alias: string) =>
  sql.raw(`json_build_object('name', ${alias}.name, 'nameKg', ${alias}.name_kg, 'nameEn', ${alias}.name_en)`);

const audienceOf = (alias: string) =>
  sql.raw(`json_build_object(
    'kind', case when ${alias}.group_id is not null then 'group' when ${alias}.subgroup_id is not null then 'subgroup'
      else 'stream' end,
    'id', coalesce(${alias}.group_id, ${alias}.subgroup_id, ${alias}.stream_id),
    'name', coalesce(g.name, s.name, st.name))`);

const audienceJoins = (alias: string) =>
  sql.raw(`left join groups g on g.id = ${alias}.group_id left join subgroups s on s.id = ${alias}.subgroup_id
    left join streams st on st.id = ${alias}.stream_id`);

const teacherName = sql`concat_ws(' ', u.last_name, u.first_name, u.patronymic)`;

export function createWebinarsRepository(db: Db, changes: Changes) {
  const rows = async <T>(query: SQL, q: Db = db): Promise<T[]> =>
    ((await q.execute(query)) as unknown as { rows: T[] }).rows;

  /**
   * The online lessons dated `from` … `to` that `viewer` sees. A timetable lesson's link falls on the dates the lesson
   * takes place (room_occupancy unrolls the timetable into dates: weekday, week parity, half-year); its dated link
   * wins over its weekly one on that date.
   */
  async function occurrences(viewer: Viewer, from: string, to: string, onlyEntries = false): Promise<OccurrenceRow[]> {
    const lessonReach =
      'teacherId' in viewer
        ? sql`w.teacher_id = ${viewer.teacherId}`
        : sql`exists (select 1 from schedule_audience_groups ag where ag.entry_id = e.id and ag.group_id = ${viewer.groupId}
            and (ag.subgroup_id is null or ag.subgroup_id in
              (select subgroup_id from subgroup_members where student_id = ${viewer.studentId})))`;
    const ownReach =
      'teacherId' in viewer
        ? sql`w.teacher_id = ${viewer.teacherId}`
        : sql`(w.group_id = ${viewer.groupId}
            or w.subgroup_id in (select subgroup_id from subgroup_members where student_id = ${viewer.studentId})
            or w.stream_id in (select stream_id from stream_groups where group_id = ${viewer.groupId}))`;
    const lessons = sql`
      select w.id, w.entry_id as "entryId", w.weekly, to_char(o.date, 'YYYY-MM-DD') as date,
        to_char(ts.starts_at, 'HH24:MI') as start, to_char(ts.ends_at, 'HH24:MI') as "end", w.title,
        ${named('d')} as discipline, ${named('lk')} as "lessonKind", ${audienceOf('e')} as audience,
        w.teacher_id as "teacherId", ${teacherName} as "teacherName", w.url, r.url as recording
      from webinars w
      join schedule_entries e on e.id = w.entry_id
      join room_occupancy o on o.entry_id = e.id and (w.weekly or o.date = w.date)
      join time_slots ts on ts.id = e.time_slot_id
      join disciplines d on d.id = e.discipline_id
      join lesson_kinds lk on lk.id = e.lesson_kind_id
      join users u on u.id = w.teacher_id
      ${audienceJoins('e')}
      left join webinar_recordings r on r.webinar_id = w.id and r.date = o.date
      where o.date between ${from} and ${to} and ${lessonReach}
        and not (w.weekly and exists (select 1 from webinars x where x.entry_id = w.entry_id and x.date = o.date))`;
    const own = sql`
      select w.id, null::int as "entryId", false as weekly, to_char(w.date, 'YYYY-MM-DD') as date,
        to_char(w.starts_at, 'HH24:MI') as start, to_char(w.ends_at, 'HH24:MI') as "end", w.title,
        null::json as discipline, null::json as "lessonKind", ${audienceOf('w')} as audience,
        w.teacher_id as "teacherId", ${teacherName} as "teacherName", w.url, r.url as recording
      from webinars w
      join users u on u.id = w.teacher_id
      ${audienceJoins('w')}
      left join webinar_recordings r on r.webinar_id = w.id and r.date = w.date
      where w.entry_id is null and w.date between ${from} and ${to} and ${ownReach}`;
    return rows<OccurrenceRow>(
      onlyEntries
        ? sql`${lessons} order by 4, 5, 1`
        : sql`select * from (${lessons} union all ${own}) x order by date, start, id`,
    );
  }

  return {
    transaction<T>(fn: (tx: Db, change: Change) => Promise<T>): Promise<T> {
      return changes.transaction(fn);
    },

    occurrences,

    /** The teacher's timetable lessons of a half-year, by weekday and slot. */
    async teacherLessons(teacherId: number, year: number, ws: number): Promise<LessonRow[]> {
      return rows<LessonRow>(sql`
        select e.id as "entryId", e.day_number as "dayNumber", e.week_parity as parity,
          to_char(ts.starts_at, 'HH24:MI') as start, to_char(ts.ends_at, 'HH24:MI') as "end",
          ${named('d')} as discipline, ${named('lk')} as "lessonKind", ${audienceOf('e')} as audience
        from schedule_entries e
        join time_slots ts on ts.id = e.time_slot_id
        join disciplines d on d.id = e.discipline_id
        join lesson_kinds lk on lk.id = e.lesson_kind_id
        ${audienceJoins('e')}
        where e.teacher_id = ${teacherId} and e.academic_year_id = ${year} and e.half_year_kind = ${ws}
        order by e.day_number, ts.number, e.id`);
    },

    /**
     * The audiences a teacher teaches in a half-year: the groups, subgroups and streams of their teaching assignments
     * and timetable, and the subgroups of the groups they teach.
     */
    async teacherAudiences(teacherId: number, year: number, ws: number): Promise<Audience[]> {
      return rows<Audience>(sql`
        with taught as (
          select group_id, subgroup_id, stream_id from teaching_assignments
            where teacher_id = ${teacherId} and academic_year_id = ${year} and half_year_kind = ${ws}
          union select group_id, subgroup_id, stream_id from schedule_entries
            where teacher_id = ${teacherId} and academic_year_id = ${year} and half_year_kind = ${ws}
        ),
        every as (
          select 'group' as kind, g.id, g.name from taught t join groups g on g.id = t.group_id
          union select 'subgroup', s.id, s.name from taught t join subgroups s on s.id = t.subgroup_id
          union select 'subgroup', s.id, s.name from taught t join subgroups s on s.group_id = t.group_id
          union select 'stream', st.id, st.name from taught t join streams st on st.id = t.stream_id
        )
        select kind, id, name from every order by array_position(array['group', 'subgroup', 'stream'], kind), name`);
    },

    async timeSlots(): Promise<{ number: number; start: string; end: string }[]> {
      return rows(sql`select number, to_char(starts_at, 'HH24:MI') as start, to_char(ends_at, 'HH24:MI') as "end"
        from time_slots order by number`);
    },

    /** A timetable lesson of the teacher, and whether it takes place on `date` (when given). */
    async teacherEntry(
      teacherId: number,
      entryId: number,
      date: string | null,
    ): Promise<{ takesPlace: boolean } | null> {
      const [row] = await rows<{ takesPlace: boolean }>(
        sql`select ${
          date === null
            ? sql`true`
            : sql`exists (select 1 from room_occupancy o where o.entry_id = e.id and o.date = ${date})`
        } as "takesPlace" from schedule_entries e where e.id = ${entryId} and e.teacher_id = ${teacherId}`,
      );
      return row ?? null;
    },

    /** Puts a link on a lesson (its weekly one, or that of a date), replacing the one there; the webinar's id. */
    async putLessonLink(
      q: Db,
      w: { teacherId: number; entryId: number; date: string | null; url: string },
    ): Promise<number> {
      const existing = await rows<{ id: number }>(
        sql`select id from webinars where entry_id = ${w.entryId}
          and ${w.date === null ? sql`weekly` : sql`date = ${w.date}`} for update`,
        q,
      );
      const found = existing[0];
      if (found) {
        await q.update(webinars).set({ url: w.url, teacherId: w.teacherId }).where(eq(webinars.id, found.id));
        return found.id;
      }
      const [row] = await q
        .insert(webinars)
        .values({ teacherId: w.teacherId, entryId: w.entryId, weekly: w.date === null, date: w.date, url: w.url })
        .returning({ id: webinars.id });
      return (row as { id: number }).id;
    },

    async insertOwn(
      q: Db,
      w: {
        teacherId: number;
        audience: { kind: AudienceKind; id: number };
        date: string;
        start: string;
        end: string;
        title: string;
        url: string;
      },
    ): Promise<number> {
      const [row] = await q
        .insert(webinars)
        .values({
          teacherId: w.teacherId,
          date: w.date,
          startsAt: w.start,
          endsAt: w.end,
          title: w.title,
          url: w.url,
          groupId: w.audience.kind === 'group' ? w.audience.id : null,
          subgroupId: w.audience.kind === 'subgroup' ? w.audience.id : null,
          streamId: w.audience.kind === 'stream' ? w.audience.id : null,
        })
        .returning({ id: webinars.id });
      return (row as { id: number }).id;
    },

    /** One webinar of the teacher: whether it is of a timetable lesson, weekly, and its date. */
    async ownWebinar(
      teacherId: number,
      id: number,
      q: Db = db,
    ): Promise<{ id: number; entryId: number | null; weekly: boolean; date: string | null } | null> {
      const [row] = await rows<{ id: number; entryId: number | null; weekly: boolean; date: string | null }>(
        sql`select id, entry_id as "entryId", weekly, to_char(date, 'YYYY-MM-DD') as date from webinars
          where id = ${id} and teacher_id = ${teacherId}`,
        q,
      );
      return row ?? null;
    },

    async setUrl(q: Db, id: number, teacherId: number, url: string): Promise<boolean> {
      const done = await q
        .update(webinars)
        .set({ url })
        .where(and(eq(webinars.id, id), eq(webinars.teacherId, teacherId)))
        .returning({ id: webinars.id });
      return done.length > 0;
    },

    async setRecording(q: Db, webinarId: number, date: string, url: string | null): Promise<void> {
      if (url === null) {
        await q
          .delete(webinarRecordings)
          .where(and(eq(webinarRecordings.webinarId, webinarId), eq(webinarRecordings.date, date)));
        return;
      }
      await q
        .insert(webinarRecordings)
        .values({ webinarId, date, url })
        .onConflictDoUpdate({ target: [webinarRecordings.webinarId, webinarRecordings.date], set: { url } });
    },

    /** Whether a timetable lesson takes place on `date`. */
    async lessonOn(entryId: number, date: string): Promise<boolean> {
      const [row] = await rows<{ found: boolean }>(
        sql`select exists (select 1 from room_occupancy where entry_id = ${entryId} and date = ${date}) as found`,
      );
      return row?.found ?? false;
    },

    async remove(q: Db, id: number, teacherId: number): Promise<boolean> {
      const done = await q
        .delete(webinars)
        .where(and(eq(webinars.id, id), eq(webinars.teacherId, teacherId)))
        .returning({ id: webinars.id });
      return done.length > 0;
    },
  };
}

export type WebinarsRepository = ReturnType<typeof createWebinarsRepository>;
