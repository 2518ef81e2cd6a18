import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A person's notification on one channel, made by the notifications' reader of the change path from one recorded
 * change: one per (event, person, channel), so a person concerned twice, or a reading retried, gets one.
 * - channel 'app': shown in the portal; `read_at` once read.
 * - channel 'push': the queue of the push sender; `sent_at` once sent (or given up), `next_at` when to try again.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The change event (change_events.id) it comes from. */
    eventId: bigint('event_id', { mode: 'number' }).notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['app', 'push'] }).notNull(),
    kind: text('kind').notNull(),
    params: jsonb('params').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    attempts: smallint('attempts').notNull().default(0),
    nextAt: timestamp('next_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('notifications_key').on(t.eventId, t.personId, t.channel),
    index('notifications_person_idx').on(t.personId, t.channel, t.id),
    index('notifications_unread_idx').on(t.personId).where(sql`channel = 'app' and read_at is null`),
    index('notifications_queue_idx').on(t.nextAt).where(sql`channel = 'push' and sent_at is null`),
    check('notifications_channel_check', sql`${t.channel} in ('app', 'push')`),
  ],
);

/**
 * A person's choices: a kind's channel on or off (kind '*', channel '*': everything muted). A kind and channel with
 * no row takes the default (contracts: notificationDefaults).
 */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    personId: integer('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
  },
  (t) => [primaryKey({ columns: [t.personId, t.kind, t.channel] })],
);

/** A device's Web Push subscription, kept while the session that made it lives. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    personId: integer('person_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The session that subscribed (sessions.id): the subscription ends with it. */
    sessionId: integer('session_id').notNull(),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The language the device's pushes are written in. */
    lang: text('lang').notNull().default('ru'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('push_subscriptions_person_idx').on(t.personId),
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** The portal's VAPID key pair (one row), made at first start: every instance signs with it. */
export const pushKeys = pgTable('push_keys', {
  id: smallint('id').primaryKey().default(1),
  publicKey: text('public_key').notNull(),
  /** base64url, as web-push takes it. */
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
