import { sql } from 'drizzle-orm';
import {
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  time,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { disciplines, groups, lessonKinds, streams, subgroups, teachingAssignments } from './university.ts';
import { users } from './users.ts';

/**
 * The class schedule (timetable) of a half-year. What stands on it: the attendance journal (the lessons of a date:
 * the entries of its weekday and week parity, with the slot's times), QR check-in (the room's coordinates and radius,
 * and the slot's times to know a lesson is on now) and registration (a teacher's streams and subgroups).
 *
 * The database refuses double bookings (migration `schedule_constraints`): a teacher, a room or an audience cannot
 * have two lessons in the same half-year, day, slot and week, where 'every' week meets both 'odd' and 'even'.
 */

/** Names shown in the interface come in the three portal languages. */
const names = {
  name: text('name').notNull(),
  nameKg: text('name_kg').notNull(),
  nameEn: text('name_en').notNull(),
};

export const buildings = pgTable('buildings', {
  id: serial('id').primaryKey(),
  ...names,
  /** Short label shown before a room number: 'А' in 'А-305'. */
  shortName: text('short_name').notNull().unique(),
  address: text('address').notNull(),
});

/** A room (the spec's audience, id_aud): where lessons take place and where students check in by QR code. */
export const rooms = pgTable(
  'rooms',
  {
    id: serial('id').primaryKey(),
    buildingId: integer('building_id')
      .notNull()
      .references(() => buildings.id),
    number: text('number').notNull(),
    capacity: integer('capacity').notNull(),
    /** WGS 84 degrees of the room's entrance, for QR check-in. */
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** A check-in counts within this many metres of the room. */
    checkinRadiusM: integer('checkin_radius_m').notNull().default(60),
  },
  (t) => [
    unique().on(t.buildingId, t.number),
    check('rooms_capacity_check', sql`${t.capacity} > 0`),
    check('rooms_latitude_check', sql`${t.latitude} between -90 and 90`),
    check('rooms_longitude_check', sql`${t.longitude} between -180 and 180`),
    check('rooms_checkin_radius_check', sql`${t.checkinRadiusM} between 5 and 2000`),
  ],
);

/**
 * The bell schedule (the spec's id_time): numbered slots with their start and end. Times of day are Asia/Bishkek
 * wall-clock times (UTC+6 all year), not instants: a lesson's instant is its date plus these.
 */
export const timeSlots = pgTable(
  'time_slots',
  {
    id: serial('id').primaryKey(),
    number: smallint('number').notNull().unique(),
    startsAt: time('starts_at').notNull(),
    endsAt: time('ends_at').notNull(),
  },
  (t) => [check('time_slots_order_check', sql`${t.endsAt} > ${t.startsAt}`)],
);

/** Week parity: every week, odd weeks (numerator, числитель) or even weeks (denominator, знаменатель). */
export const weekParities = ['every', 'odd', 'even'] as const;
export type WeekParity = (typeof weekParities)[number];

/**
 * One lesson of the weekly timetable of a half-year: a day (1 Monday … 7 Sunday), a slot and a week parity; what is
 * taught (a teaching assignment: its teacher, discipline and lesson kind are copied here and kept equal by the
 * composite foreign key, which also follows a change of the assignment's teacher); to whom (exactly one of a group,
 * a subgroup or a stream: the assignment's own audience, or a subgroup of its group); where (a room).
 * Weeks are counted from the Monday of the week the half-year starts in: week 1 is odd.
 */
export const scheduleEntries = pgTable(
  'schedule_entries',
  {
    id: serial('id').primaryKey(),
    teachingAssignmentId: integer('teaching_assignment_id').notNull(),
    academicYearId: integer('academic_year_id').notNull(),
    halfYearKind: smallint('half_year_kind').notNull(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id),
    disciplineId: integer('discipline_id')
      .notNull()
      .references(() => disciplines.id),
    lessonKindId: integer('lesson_kind_id')
      .notNull()
      .references(() => lessonKinds.id),
    groupId: integer('group_id').references(() => groups.id),
    subgroupId: integer('subgroup_id').references(() => subgroups.id),
    streamId: integer('stream_id').references(() => streams.id),
    dayNumber: smallint('day_number').notNull(),
    timeSlotId: integer('time_slot_id')
      .notNull()
      .references(() => timeSlots.id),
    weekParity: text('week_parity', { enum: weekParities }).notNull().default('every'),
    roomId: integer('room_id')
      .notNull()
      .references(() => rooms.id),
  },
  (t) => [
    foreignKey({
      name: 'schedule_entries_assignment_fk',
      columns: [t.teachingAssignmentId, t.teacherId, t.disciplineId, t.lessonKindId, t.academicYearId, t.halfYearKind],
      foreignColumns: [
        teachingAssignments.id,
        teachingAssignments.teacherId,
        teachingAssignments.disciplineId,
        teachingAssignments.lessonKindId,
        teachingAssignments.academicYearId,
        teachingAssignments.halfYearKind,
      ],
    })
      .onUpdate('cascade')
      .onDelete('cascade'),
    check('schedule_entries_day_check', sql`${t.dayNumber} between 1 and 7`),
    check('schedule_entries_parity_check', sql`${t.weekParity} in ('every', 'odd', 'even')`),
    check('schedule_entries_audience_check', sql`num_nonnulls(${t.groupId}, ${t.subgroupId}, ${t.streamId}) = 1`),
    index('schedule_entries_teacher_idx').on(t.teacherId, t.academicYearId, t.halfYearKind),
    index('schedule_entries_assignment_idx').on(t.teachingAssignmentId),
    index('schedule_entries_room_idx').on(t.roomId),
    index('schedule_entries_stream_idx').on(t.streamId),
  ],
);

/**
 * Who attends each schedule entry, by group: one row per group it reaches (a stream's lecture reaches each of its
 * groups; a subgroup's lesson reaches its group with `subgroup_id` set). Maintained by triggers from
 * `schedule_entries` and `stream_groups`, never written by the application. It carries the audience's
 * no-double-booking constraint (a whole group meets everything of its group, a subgroup only itself and the whole
 * group) and answers "the lessons of a student" with one index lookup.
 */
export const scheduleAudienceGroups = pgTable(
  'schedule_audience_groups',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => scheduleEntries.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    subgroupId: integer('subgroup_id').references(() => subgroups.id, { onDelete: 'cascade' }),
    academicYearId: integer('academic_year_id').notNull(),
    halfYearKind: smallint('half_year_kind').notNull(),
    dayNumber: smallint('day_number').notNull(),
    timeSlotId: integer('time_slot_id').notNull(),
    weekParity: text('week_parity', { enum: weekParities }).notNull(),
  },
  (t) => [
    unique().on(t.entryId, t.groupId),
    index('schedule_audience_groups_group_idx').on(t.groupId, t.academicYearId, t.halfYearKind),
  ],
);

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * A user's private calendar subscription (iCalendar feed of their timetable): only the SHA-256 of the address's
 * token is kept. Turning it on again replaces the token; revoking deletes the row.
 */
export const scheduleCalendarFeeds = pgTable('schedule_calendar_feeds', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: bytea('token_hash').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
