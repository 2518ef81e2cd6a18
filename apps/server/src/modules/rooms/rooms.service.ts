import type { BookingPurpose, RoomBooking, RoomWeekItem } from '@okuu/contracts/rooms/rooms';
import { addDays, bishkekDay, mondayOf } from '@okuu/contracts/schedule/weeks';
import { AppError } from '../../lib/app-error.ts';
import type { AuthUser } from '../../lib/session.ts';
import { type BookingRow, isRoomTaken, type RoomRow, type RoomsRepository, type SlotRow } from './rooms.repository.ts';

const named = (r: { name: string; nameKg: string; nameEn: string }) => ({
  name: r.name,
  nameKg: r.nameKg,
  nameEn: r.nameEn,
});

const toRoom = (r: RoomRow) => ({
  id_aud: r.id,
  number: r.number,
  capacity: r.capacity,
  building: { id: r.building.id, shortName: r.building.shortName, ...named(r.building) },
});

const toSlot = (s: SlotRow) => ({ id_time: s.id, number: s.number, start: s.start, end: s.end });

function toBooking(b: BookingRow): RoomBooking {
  return {
    id: b.id,
    room: toRoom(b.room),
    date: b.date,
    id_time: b.timeSlotId,
    number: b.slotNumber,
    start: b.start,
    end: b.end,
    purpose: b.purpose,
    note: b.note,
    teacher: { id: b.teacherId, name: b.teacherName },
  };
}

export function createRoomsService(deps: { repo: RoomsRepository; now: () => Date }) {
  const { repo, now } = deps;

  return {
    /** The rooms free on a date: each with the slots nothing takes it in (only those free in `id_time`, when given). */
    async free(input: { date: string; id_time: number | null; capacity: number; id_building: number | null }) {
      const [slots, buildings, rooms] = await Promise.all([
        repo.timeSlots(),
        repo.buildings(),
        repo.roomsWithTaken(input.date, input.capacity, input.id_building),
      ]);
      const free = rooms
        .map((r) => ({ ...toRoom(r), free: slots.filter((s) => !r.taken.includes(s.id)).map((s) => s.id) }))
        .filter((r) => (input.id_time === null ? r.free.length > 0 : r.free.includes(input.id_time)));
      return {
        date: input.date,
        timeSlots: slots.map(toSlot),
        buildings: buildings.map((b) => ({ id: b.id, shortName: b.shortName, ...named(b) })),
        rooms: free,
      };
    },

    /** A room's week (Monday to Sunday) around a date: what takes it, by date and slot. */
    async week(input: { id_aud: number; date: string }) {
      const room = await repo.room(input.id_aud);
      if (!room) throw new AppError('not_found', 'There is no such room.');
      const monday = mondayOf(input.date);
      const [slots, taken] = await Promise.all([repo.timeSlots(), repo.occupancy(room.id, monday, addDays(monday, 6))]);
      const days = Array.from({ length: 7 }, (_, i) => {
        const date = addDays(monday, i);
        return {
          date,
          items: taken
            .filter((o) => o.date === date)
            .map(
              (o): RoomWeekItem => ({
                id_time: o.timeSlotId,
                kind: o.kind,
                id: o.id,
                discipline: o.discipline ? named(o.discipline) : null,
                lessonKind: o.lessonKind ? named(o.lessonKind) : null,
                audience: o.audience,
                purpose: o.purpose,
                note: o.note ?? '',
                teacher: { id: o.teacherId, name: o.teacherName },
              }),
            ),
        };
      });
      return { room: toRoom(room), monday, timeSlots: slots.map(toSlot), days };
    },

    /**
     * Books a room for the calling teacher. Whether the room is free is the database's to decide (the exclusion
     * constraint of room_occupancy, over the timetable and the bookings): checking first and inserting later would
     * let two parallel requests both pass.
     */
    async book(
      user: AuthUser,
      input: { id_aud: number; date: string; id_time: number; purpose: BookingPurpose; note: string },
    ): Promise<RoomBooking> {
      const [room, start] = await Promise.all([repo.room(input.id_aud), repo.slotStart(input.date, input.id_time)]);
      if (!room) throw new AppError('not_found', 'There is no such room.');
      if (!start) throw new AppError('not_found', 'There is no such lesson slot.');
      if (start.getTime() <= now().getTime()) {
        throw new AppError('booking_past', 'This slot has already begun: choose a later one.');
      }
      try {
        const booking = await repo.transaction(async (tx) => {
          // The room first (the constraint), then the teacher: a room taken is the answer for the slower of two
          // parallel requests, whichever engine runs them.
          const id = await repo.insertBooking(tx, {
            roomId: room.id,
            teacherId: user.id,
            date: input.date,
            timeSlotId: input.id_time,
            purpose: input.purpose,
            note: input.note,
          });
          if (await repo.teacherBusy(user.id, input.date, input.id_time, id, tx)) {
            throw new AppError('teacher_busy', 'You have a lesson or another booking in this slot.');
          }
          return repo.booking(id, tx);
        });
        if (!booking) throw new Error('The new booking was not found');
        return toBooking(booking);
      } catch (err) {
        if (isRoomTaken(err)) {
          throw new AppError('room_taken', 'The room is taken in this slot (a lesson or another booking).');
        }
        throw err;
      }
    },

    /** The calling teacher's bookings from a date (today by default) on. */
    async mine(user: AuthUser, input: { from?: string }) {
      const from = input.from ?? bishkekDay(now()).date;
      return { bookings: (await repo.teacherBookings(user.id, from)).map(toBooking) };
    },

    /** Cancels one of the calling teacher's bookings. */
    async cancel(user: AuthUser, input: { id: number }) {
      const deleted = await repo.transaction((tx) => repo.deleteBooking(tx, input.id, user.id));
      if (!deleted) throw new AppError('not_found', 'You have no such booking.');
      return { deleted };
    },

    /** Staff cancel any booking, with a reason (audited). */
    async staffCancel(input: { id: number; reason: string }) {
      const deleted = await repo.transaction(async (tx, change) => {
        const before = await repo.booking(input.id, tx);
        if (!before) {
          change.unchanged();
          return false;
        }
        await repo.deleteBooking(tx, input.id, null);
        change.audit({
          targetType: 'room_booking',
          targetId: before.id,
          targetName: `${before.room.building.shortName}-${before.room.number} ${before.date} #${before.slotNumber}`,
          before: toBooking(before),
          after: { reason: input.reason },
        });
        return true;
      });
      if (!deleted) throw new AppError('not_found', 'There is no such booking.');
      return { deleted };
    },
  };
}

export type RoomsService = ReturnType<typeof createRoomsService>;
