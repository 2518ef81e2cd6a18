import type { WeekParity } from '@okuu/contracts/schedule/weeks';
import { eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { studentProfiles } from '../../db/schema/profiles.ts';
import { scheduleCalendarFeeds, timeSlots } from '../../db/schema/schedule.ts';
import { subgroupMembers } from '../../db/schema/university.ts';
import { users } from '../../db/schema/users.ts';

interface Named {
  name: string;
  nameKg: string;
  nameEn: string;
}

/** A lesson of the timetable with everything the schedule shows and the calendar feed needs. */
export interface LessonRow {
  id: number;
  dayNumber: number;
  parity: WeekParity;
  timeSlotId: number;
  slotNumber: number;
  start: string;
  end: string;
  discipline: Named & { id: number };
  lessonKind: Named & { id: number };
  teacherId: number;
  teacherName: string;
  audience: { kind: 'group' | 'subgroup' | 'stream'; id: number; name: string };
  groups: { id_group: number; name: string }[];
  room: {
    id: number;
    number: string;
    capacity: number;
    latitude: number;
    longitude: number;
    building: Named & { shortName: string; address: string };
  };
  /** Of a group's week: the subgroup of the group the lesson is for, or null when it is for the whole group. */
  subgroupId: number | null;
}

export interface SlotRow {
  id: number;
  number: number;
  start: string;
  end: string;
}

/** The lesson columns, for a query over `schedule_entries e` (and, for a group's week, `schedule_audience_groups ag`). */
const lessonColumns = (subgroup: SQL) => sql`
  e.id, e.day_number as "dayNumber", e.week_parity as parity, ts.id as "timeSlotId", ts.number as "slotNumber",
  to_char(ts.starts_at, 'HH24:MI') as start, to_char(ts.ends_at, 'HH24:MI') as "end",
  json_build_object('id', d.id, 'name', d.name, 'nameKg', d.name_kg, 'nameEn', d.name_en) as discipline,
  json_build_object('id', lk.id, 'name', lk.name, 'nameKg', lk.name_kg, 'nameEn', lk.name_en) as "lessonKind",
  e.teacher_id as "teacherId", concat_ws(' ', u.last_name, u.first_name, u.patronymic) as "teacherName",
  json_build_object(
    'kind', case when e.group_id is not null then 'group' when e.subgroup_id is not null then 'subgroup' else 'stream' end,
    'id', coalesce(e.group_id, e.subgroup_id, e.stream_id),
    'name', coalesce(g.name, s.name, st.name)) as audience,
  (select json_agg(json_build_object('id_group', reached.group_id, 'name', rg.name) order by rg.name)
     from schedule_audience_groups reached join groups rg on rg.id = reached.group_id
     where reached.entry_id = e.id) as groups,
  json_build_object('id', r.id, 'number', r.number, 'capacity', r.capacity, 'latitude', r.latitude,
    'longitude', r.longitude, 'building', json_build_object('shortName', b.short_name, 'name', b.name,
    'nameKg', b.name_kg, 'nameEn', b.name_en, 'address', b.address)) as room,
  ${subgroup} as "subgroupId"`;

const lessonJoins = sql`
  join time_slots ts on ts.id = e.time_slot_id
  join disciplines d on d.id = e.discipline_id
  join lesson_kinds lk on lk.id = e.lesson_kind_id
  join users u on u.id = e.teacher_id
  left join groups g on g.id = e.group_id
  left join subgroups s on s.id = e.subgroup_id
  left join streams st on st.id = e.stream_id
  join rooms r on r.id = e.room_id
  join buildings b on b.id = r.building_id`;

const lessonOrder = sql`order by e.day_number, ts.number, array_position(array['every', 'odd', 'even'], e.week_parity), e.id`;

export function createScheduleRepository(db: Db) {
  const rows = async <T>(query: SQL): Promise<T[]> => ((await db.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    /** The bell schedule, by number. */
    async timeSlots(): Promise<SlotRow[]> {
      return db
        .select({
          id: timeSlots.id,
          number: timeSlots.number,
          start: sql<string>`to_char(${timeSlots.startsAt}, 'HH24:MI')`,
          end: sql<string>`to_char(${timeSlots.endsAt}, 'HH24:MI')`,
        })
        .from(timeSlots)
        .orderBy(timeSlots.number);
    },

    /** Every lesson of a group in a half-year: its own, its subgroups' (with `subgroupId`) and its streams'. */
    async groupWeek(groupId: number, year: number, ws: number): Promise<LessonRow[]> {
      return rows<LessonRow>(sql`
        select ${lessonColumns(sql`ag.subgroup_id`)}
        from schedule_audience_groups ag
        join schedule_entries e on e.id = ag.entry_id
        ${lessonJoins}
        where ag.group_id = ${groupId} and ag.academic_year_id = ${year} and ag.half_year_kind = ${ws}
        ${lessonOrder}`);
    },

    /** Every lesson a teacher gives in a half-year. */
    async teacherWeek(teacherId: number, year: number, ws: number): Promise<LessonRow[]> {
      return rows<LessonRow>(sql`
        select ${lessonColumns(sql`null::integer`)}
        from schedule_entries e
        ${lessonJoins}
        where e.teacher_id = ${teacherId} and e.academic_year_id = ${year} and e.half_year_kind = ${ws}
        ${lessonOrder}`);
    },

    /** The subgroups a student belongs to. */
    async studentSubgroups(studentId: number): Promise<number[]> {
      const found = await db
        .select({ id: subgroupMembers.subgroupId })
        .from(subgroupMembers)
        .where(eq(subgroupMembers.studentId, studentId))
        .orderBy(subgroupMembers.subgroupId);
      return found.map((r) => r.id);
    },

    async calendarFeed(userId: number): Promise<{ createdAt: Date } | null> {
      const found = await db
        .select({ createdAt: scheduleCalendarFeeds.createdAt })
        .from(scheduleCalendarFeeds)
        .where(eq(scheduleCalendarFeeds.userId, userId));
      return found[0] ?? null;
    },

    /** Sets a user's calendar token (replacing the one before). */
    async putCalendarFeed(userId: number, tokenHash: Buffer): Promise<{ createdAt: Date }> {
      const [row] = await db
        .insert(scheduleCalendarFeeds)
        .values({ userId, tokenHash })
        .onConflictDoUpdate({ target: scheduleCalendarFeeds.userId, set: { tokenHash, createdAt: sql`now()` } })
        .returning({ createdAt: scheduleCalendarFeeds.createdAt });
      return row as { createdAt: Date };
    },

    async deleteCalendarFeed(userId: number): Promise<void> {
      await db.delete(scheduleCalendarFeeds).where(eq(scheduleCalendarFeeds.userId, userId));
    },

    /** Whose calendar a token opens: the user, their name, role and (a student's) group. */
    async calendarOwner(
      tokenHash: Buffer,
    ): Promise<{ id: number; name: string; role: number; groupId: number | null } | null> {
      const found = await db
        .select({
          id: users.id,
          name: sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`,
          role: users.role,
          groupId: studentProfiles.groupId,
        })
        .from(scheduleCalendarFeeds)
        .innerJoin(users, eq(users.id, scheduleCalendarFeeds.userId))
        .leftJoin(studentProfiles, eq(studentProfiles.userId, users.id))
        .where(eq(scheduleCalendarFeeds.tokenHash, tokenHash));
      return found[0] ?? null;
    },
  };
}

export type ScheduleRepository = ReturnType<typeof createScheduleRepository>;
