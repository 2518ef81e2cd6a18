import type { BookingPurpose } from '@okuu/contracts/rooms/rooms';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { roomBookings } from '../../db/schema/rooms.ts';
import type { Change, Changes } from '../../lib/changes.ts';

interface Named {
  name: string;
  nameKg: string;
  nameEn: string;
}
export interface SlotRow {
  id: number;
  number: number;
  start: string;
  end: string;
}
export interface BuildingRow extends Named {
  id: number;
  shortName: string;
}
export interface RoomRow {
  id: number;
  number: string;
  capacity: number;
  building: BuildingRow;
}
export interface BookingRow {
  id: number;
  room: RoomRow;
  date: string;
  timeSlotId: number;
  slotNumber: number;
  start: string;
  end: string;
  purpose: BookingPurpose;
  note: string;
  teacherId: number;
  teacherName: string;
}
export interface OccupancyRow {
  date: string;
  timeSlotId: number;
  kind: 'lesson' | 'booking';
  id: number;
  discipline: Named | null;
  lessonKind: Named | null;
  audience: string | null;
  purpose: BookingPurpose | null;
  note: string | null;
  teacherId: number;
  teacherName: string;
}

const roomJson = sql`json_build_object('id', r.id, 'number', r.number, 'capacity', r.capacity, 'building',
  json_build_object('id', b.id, 'shortName', b.short_name, 'name', b.name, 'nameKg', b.name_kg, 'nameEn', b.name_en))`;

const teacherName = (alias: string) =>
  sql.raw(`concat_ws(' ', ${alias}.last_name, ${alias}.first_name, ${alias}.patronymic)`);

const bookingColumns = sql`bk.id, ${roomJson} as room, to_char(bk.date, 'YYYY-MM-DD') as date,
  bk.time_slot_id as "timeSlotId", ts.number as "slotNumber", to_char(ts.starts_at, 'HH24:MI') as start,
  to_char(ts.ends_at, 'HH24:MI') as "end", bk.purpose, bk.note, bk.teacher_id as "teacherId",
  ${teacherName('u')} as "teacherName"`;

const bookingJoins = sql`join rooms r on r.id = bk.room_id join buildings b on b.id = r.building_id
  join time_slots ts on ts.id = bk.time_slot_id join users u on u.id = bk.teacher_id`;

/** The PostgreSQL error of a statement (drizzle may wrap it). */
function pgError(err: unknown): { code?: string; constraint?: string } {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  return e.code ? e : (e.cause ?? {});
}

/** Whether a write was refused because the room is taken then (the exclusion constraint of room_occupancy). */
export const isRoomTaken = (err: unknown) => {
  const e = pgError(err);
  return e.code === '23P01' && e.constraint === 'room_occupancy_free';
};

export function createRoomsRepository(db: Db, changes: Changes) {
  const rows = async <T>(query: SQL, q: Db = db): Promise<T[]> =>
    ((await q.execute(query)) as unknown as { rows: T[] }).rows;

  return {
    transaction<T>(fn: (tx: Db, change: Change) => Promise<T>): Promise<T> {
      return changes.transaction(fn);
    },

    async timeSlots(): Promise<SlotRow[]> {
      return rows<SlotRow>(sql`select id, number, to_char(starts_at, 'HH24:MI') as start,
        to_char(ends_at, 'HH24:MI') as "end" from time_slots order by number`);
    },

    async buildings(): Promise<BuildingRow[]> {
      return rows<BuildingRow>(sql`select id, short_name as "shortName", name, name_kg as "nameKg",
        name_en as "nameEn" from buildings order by short_name`);
    },

    async room(id: number): Promise<RoomRow | null> {
      const [row] = await rows<{ room: RoomRow }>(sql`select ${roomJson} as room
        from rooms r join buildings b on b.id = r.building_id where r.id = ${id}`);
      return row?.room ?? null;
    },

    /**
     * The rooms (with at least `capacity` seats, of building `buildingId` when given) and the slots of `date` something
     * takes each in: one pass over the date's occupancy (its index on date).
     */
    async roomsWithTaken(
      date: string,
      capacity: number,
      buildingId: number | null,
    ): Promise<(RoomRow & { taken: number[] })[]> {
      return rows<RoomRow & { taken: number[] }>(sql`
        select r.id, r.number, r.capacity,
          json_build_object('id', b.id, 'shortName', b.short_name, 'name', b.name, 'nameKg', b.name_kg,
            'nameEn', b.name_en) as building,
          coalesce(o.taken, '{}') as taken
        from rooms r join buildings b on b.id = r.building_id
        left join (select room_id, array_agg(time_slot_id) as taken from room_occupancy where date = ${date}
          group by room_id) o on o.room_id = r.id
        where r.capacity >= ${capacity} ${buildingId === null ? sql`` : sql`and r.building_id = ${buildingId}`}
        order by b.short_name, r.number`);
    },

    /** What takes a room on the dates from `from` to `to`: lessons and bookings. */
    async occupancy(roomId: number, from: string, to: string): Promise<OccupancyRow[]> {
      return rows<OccupancyRow>(sql`
        select to_char(o.date, 'YYYY-MM-DD') as date, o.time_slot_id as "timeSlotId",
          case when o.entry_id is null then 'booking' else 'lesson' end as kind,
          coalesce(o.entry_id, o.booking_id) as id,
          case when d.id is null then null else json_build_object('name', d.name, 'nameKg', d.name_kg,
            'nameEn', d.name_en) end as discipline,
          case when lk.id is null then null else json_build_object('name', lk.name, 'nameKg', lk.name_kg,
            'nameEn', lk.name_en) end as "lessonKind",
          coalesce(g.name, s.name, st.name) as audience,
          bk.purpose, bk.note,
          u.id as "teacherId", ${teacherName('u')} as "teacherName"
        from room_occupancy o
        left join schedule_entries e on e.id = o.entry_id
        left join room_bookings bk on bk.id = o.booking_id
        left join disciplines d on d.id = e.discipline_id
        left join lesson_kinds lk on lk.id = e.lesson_kind_id
        left join groups g on g.id = e.group_id
        left join subgroups s on s.id = e.subgroup_id
        left join streams st on st.id = e.stream_id
        join users u on u.id = coalesce(e.teacher_id, bk.teacher_id)
        where o.room_id = ${roomId} and o.date between ${from} and ${to}
        order by o.date, o.during`);
    },

    /** The instant a slot of a date starts (its bell time is Asia/Bishkek, UTC+6), or null for no such slot. */
    async slotStart(date: string, timeSlotId: number): Promise<Date | null> {
      const [row] = await rows<{ at: string }>(sql`select lower(room_slot_interval(${date}::date, starts_at, ends_at))
        as at from time_slots where id = ${timeSlotId}`);
      return row ? new Date(row.at) : null;
    },

    /** Whether a teacher gives a lesson or has a booking (besides booking `besides`) in that slot of that date. */
    async teacherBusy(
      teacherId: number,
      date: string,
      timeSlotId: number,
      besides: number,
      q: Db = db,
    ): Promise<boolean> {
      const [row] = await rows<{ busy: boolean }>(
        sql`select exists (select 1 from room_occupancy o
          left join schedule_entries e on e.id = o.entry_id left join room_bookings bk on bk.id = o.booking_id
          where o.date = ${date} and o.time_slot_id = ${timeSlotId} and o.booking_id is distinct from ${besides}
            and (e.teacher_id = ${teacherId} or bk.teacher_id = ${teacherId})) as busy`,
        q,
      );
      return row?.busy ?? false;
    },

    async insertBooking(
      q: Db,
      b: { roomId: number; teacherId: number; date: string; timeSlotId: number; purpose: BookingPurpose; note: string },
    ): Promise<number> {
      const [row] = await q.insert(roomBookings).values(b).returning({ id: roomBookings.id });
      return (row as { id: number }).id;
    },

    async booking(id: number, q: Db = db): Promise<BookingRow | null> {
      const [row] = await rows<BookingRow>(
        sql`select ${bookingColumns} from room_bookings bk ${bookingJoins} where bk.id = ${id}`,
        q,
      );
      return row ?? null;
    },

    async teacherBookings(teacherId: number, from: string): Promise<BookingRow[]> {
      return rows<BookingRow>(sql`select ${bookingColumns} from room_bookings bk ${bookingJoins}
        where bk.teacher_id = ${teacherId} and bk.date >= ${from} order by bk.date, ts.number`);
    },

    /** Deletes a booking (of that teacher, when given); whether there was one. */
    async deleteBooking(q: Db, id: number, teacherId: number | null): Promise<boolean> {
      const deleted = await q
        .delete(roomBookings)
        .where(
          teacherId === null
            ? eq(roomBookings.id, id)
            : and(eq(roomBookings.id, id), eq(roomBookings.teacherId, teacherId)),
        )
        .returning({ id: roomBookings.id });
      return deleted.length > 0;
    },
  };
}

export type RoomsRepository = ReturnType<typeof createRoomsRepository>;
