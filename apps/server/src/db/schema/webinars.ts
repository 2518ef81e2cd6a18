import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  time,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { scheduleEntries } from './schedule.ts';
import { groups, streams, subgroups } from './university.ts';
import { users } from './users.ts';

/**
 * Online lessons (webinars): a teacher's meeting link. Either on a lesson of their timetable (`entry_id`), for one
 * `date` or every week (`weekly`, no date; a dated link of the same lesson wins on its date); or an online lesson of
 * their own (no entry) for one audience (a group, subgroup or stream) on a `date` from `starts_at` to `ends_at`
 * (Asia/Bishkek wall-clock times). Only the webinars module writes these tables.
 */
export const webinars = pgTable(
  'webinars',
  {
    id: serial('id').primaryKey(),
    teacherId: integer('teacher_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id').references(() => scheduleEntries.id, { onDelete: 'cascade' }),
    weekly: boolean('weekly').notNull().default(false),
    date: date('date'),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    subgroupId: integer('subgroup_id').references(() => subgroups.id, { onDelete: 'cascade' }),
    streamId: integer('stream_id').references(() => streams.id, { onDelete: 'cascade' }),
    startsAt: time('starts_at'),
    endsAt: time('ends_at'),
    title: text('title').notNull().default(''),
    url: text('url').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'webinars_shape_check',
      sql`(${t.entryId} is not null and num_nonnulls(${t.groupId}, ${t.subgroupId}, ${t.streamId}, ${t.startsAt}, ${t.endsAt}) = 0
        and ${t.weekly} = (${t.date} is null))
      or (${t.entryId} is null and not ${t.weekly} and ${t.date} is not null and ${t.endsAt} > ${t.startsAt}
        and num_nonnulls(${t.groupId}, ${t.subgroupId}, ${t.streamId}) = 1)`,
    ),
    check('webinars_url_check', sql`${t.url} like 'https://%'`),
    // One weekly link per lesson, one link per lesson and date.
    uniqueIndex('webinars_entry_weekly_idx').on(t.entryId).where(sql`${t.weekly}`),
    uniqueIndex('webinars_entry_date_idx')
      .on(t.entryId, t.date)
      .where(sql`${t.entryId} is not null and ${t.date} is not null`),
    index('webinars_teacher_idx').on(t.teacherId),
    index('webinars_date_idx').on(t.date),
    index('webinars_group_idx').on(t.groupId),
    index('webinars_subgroup_idx').on(t.subgroupId),
    index('webinars_stream_idx').on(t.streamId),
  ],
);

/** The recording of a webinar on one of its dates (a weekly link has one per date). */
export const webinarRecordings = pgTable(
  'webinar_recordings',
  {
    webinarId: integer('webinar_id')
      .notNull()
      .references(() => webinars.id, { onDelete: 'cascade' }),
    date: date('date').notNull(),
    url: text('url').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.webinarId, t.date] }),
    check('webinar_recordings_url_check', sql`${t.url} like 'https://%'`),
  ],
);
