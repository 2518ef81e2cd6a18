import * as z from 'zod/mini';
import { defineEndpoint } from '../endpoint.ts';
import { anyId, dateInput, idInput, lineField, localizedName, wholeNumber } from '../fields.ts';

/**
 * Rooms: which are free on a date (and pair), any room's week (timetable lessons and bookings, by date), and a
 * teacher's one-off bookings of a free room. The database refuses a booking that clashes with the timetable or another
 * booking (409 room_taken), whatever the timing of the requests.
 */
export const bookingPurposes = ['consultation', 'retake', 'event'] as const;
export type BookingPurpose = (typeof bookingPurposes)[number];
export const roomsLimits = { capacityMax: 5000, noteMax: 200 };

const slot = z.object({ id_time: z.number(), number: z.number(), start: z.string(), end: z.string() });
const building = z.object({ id: z.number(), shortName: z.string(), ...localizedName });
const room = z.object({ id_aud: z.number(), number: z.string(), capacity: z.number(), building });
export type RoomsSlot = z.infer<typeof slot>;
export type RoomsBuilding = z.infer<typeof building>;
export type RoomSummary = z.infer<typeof room>;

/** A booking: its room, date (YYYY-MM-DD) and slot, purpose and note, and the teacher who made it. */
export const roomBooking = z.object({
  id: z.number(),
  room,
  date: z.string(),
  id_time: z.number(),
  number: z.number(),
  start: z.string(),
  end: z.string(),
  purpose: z.enum(bookingPurposes),
  note: z.string(),
  teacher: z.object({ id: z.number(), name: z.string() }),
});
export type RoomBooking = z.infer<typeof roomBooking>;

export const roomsFree = defineEndpoint({
  id: 'rooms.free',
  method: 'POST',
  path: '/api/rooms/free.json',
  access: 'authenticated',
  summary:
    'The rooms free on `date` (YYYY-MM-DD): each with the slots (id_time) nothing takes it in, neither a timetable lesson nor a booking. Optional filters: `id_time` (only rooms free then), `capacity` (at least this many seats), `id_building`. With the bell schedule and the buildings to choose from.',
  request: z.object({
    date: dateInput,
    id_time: anyId,
    capacity: z._default(wholeNumber(0, roomsLimits.capacityMax), 0),
    id_building: anyId,
  }),
  response: z.object({
    date: z.string(),
    timeSlots: z.array(slot),
    buildings: z.array(building),
    rooms: z.array(z.object({ ...room.shape, free: z.array(z.number()) })),
  }),
});

/** What takes a room in a slot of a date: a timetable lesson or a booking. */
export const roomWeekItem = z.object({
  id_time: z.number(),
  kind: z.enum(['lesson', 'booking']),
  /** The schedule entry (lesson) or the booking. */
  id: z.number(),
  discipline: z.nullable(z.object(localizedName)),
  lessonKind: z.nullable(z.object(localizedName)),
  audience: z.nullable(z.string()),
  purpose: z.nullable(z.enum(bookingPurposes)),
  note: z.string(),
  teacher: z.object({ id: z.number(), name: z.string() }),
});
export type RoomWeekItem = z.infer<typeof roomWeekItem>;

export const roomsWeek = defineEndpoint({
  id: 'rooms.week',
  method: 'POST',
  path: '/api/rooms/week.json',
  access: 'authenticated',
  summary:
    'The week (Monday to Sunday) of room `id_aud` that contains `date`: for each date, what takes the room in which slot (timetable lessons and bookings).',
  request: z.object({ id_aud: idInput, date: dateInput }),
  response: z.object({
    room,
    monday: z.string(),
    timeSlots: z.array(slot),
    days: z.array(z.object({ date: z.string(), items: z.array(roomWeekItem) })),
  }),
});

export const roomsBook = defineEndpoint({
  id: 'rooms.book',
  method: 'POST',
  path: '/api/rooms/book.json',
  access: 'teacher',
  summary: `Books room \`id_aud\` on \`date\` in slot \`id_time\` for the calling teacher: \`purpose\` (${bookingPurposes.join(', ')}) and a \`note\` (up to ${roomsLimits.noteMax} characters). 409 room_taken when a lesson of the timetable or another booking takes the room then; 409 booking_past for a slot that has begun; 409 teacher_busy when the teacher has a lesson or a booking then.`,
  request: z.object({
    id_aud: idInput,
    date: dateInput,
    id_time: idInput,
    purpose: z.enum(bookingPurposes),
    note: lineField(roomsLimits.noteMax, false),
  }),
  response: roomBooking,
});

export const roomsMine = defineEndpoint({
  id: 'rooms.mine',
  method: 'POST',
  path: '/api/rooms/mine.json',
  access: 'teacher',
  summary: "The calling teacher's bookings from `from` (YYYY-MM-DD; today by default) on, by date and slot.",
  request: z.object({ from: z.optional(dateInput) }),
  response: z.object({ bookings: z.array(roomBooking) }),
});

export const roomsCancel = defineEndpoint({
  id: 'rooms.cancel',
  method: 'POST',
  path: '/api/rooms/cancel.json',
  access: 'teacher',
  summary: "Cancels booking `id` of the calling teacher (another's: 404); the room is free again.",
  request: z.object({ id: idInput }),
  response: z.object({ deleted: z.boolean() }),
});

export const roomsStaffCancel = defineEndpoint({
  id: 'rooms.staffCancel',
  method: 'POST',
  path: '/api/staff/rooms/cancel.json',
  access: 'staff',
  audit: ['room.bookingCancel'],
  summary: 'Staff cancel any booking `id`, with a `reason` kept in the audit log.',
  request: z.object({ id: idInput, reason: lineField(roomsLimits.noteMax, true) }),
  response: z.object({ deleted: z.boolean() }),
});
