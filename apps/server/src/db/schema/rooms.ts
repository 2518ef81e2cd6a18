import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { rooms, scheduleEntries, timeSlots } from './schedule.ts';
import { users } from './users.ts';

/**
 * Rooms: one-off bookings and the occupancy of every room by date.
 *
 * The timetable (schedule_entries) is a weekly pattern; a booking is one date. So that one constraint covers both, the
 * pattern is unrolled into dates: `room_occupancy` holds one row per room and date and slot that something takes, a
 * lesson's for each date of its half-year that its weekday and week parity fall on, a booking's for its date, with the
 * slot's real interval (`during`, UTC). The exclusion constraint `room_occupancy_free` (migration `rooms`, btree_gist)
 * refuses two rows of one room whose intervals overlap, whichever kind they are, in the database, under concurrent
 * writers: of many parallel bookings of one room and pair exactly one commits. Rows of lessons are written by triggers
 * on schedule_entries, half_years and time_slots, never by the application; rows of bookings by this module.
 */

export const bookingPurposes = ['consultation', 'retake', 'event'] as const;
export type BookingPurpose = (typeof bookingPurposes)[number];

/** A teacher's one-off booking of a room for a date and slot (pair). Cancelling deletes it. */
export const roomBookings = pgTable(
  'room_bookings',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id),
    purpose: text('purpose', { enum: bookingPurposes }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('room_bookings_purpose_check', sql`${t.purpose} in ('consultation', 'retake', 'event')`),
    index('room_bookings_teacher_idx').on(t.teacherId, t.date),
  ],
);

const tstzrange = customType<{ data: string; driverData: string }>({ dataType: () => 'tstzrange' });

/** What takes a room on a date and slot: a lesson of the timetable (entry_id) or a booking (booking_id). */
export const roomOccupancy = pgTable(
  'room_occupancy',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
    date: date('date').notNull(),
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id),
    /** The slot's interval on that date, UTC (Asia/Bishkek is UTC+6). */
    during: tstzrange('during').notNull(),
    entryId: integer('entry_id').references(() => scheduleEntries.id, { onDelete: 'cascade' }),
    bookingId: integer('booking_id').references(() => roomBookings.id, { onDelete: 'cascade' }),
  },
  (t) => [
    check('room_occupancy_source_check', sql`num_nonnulls(${t.entryId}, ${t.bookingId}) = 1`),
    index('room_occupancy_date_idx').on(t.date, t.roomId),
    index('room_occupancy_entry_idx').on(t.entryId),
    index('room_occupancy_booking_idx').on(t.bookingId),
  ],
);
