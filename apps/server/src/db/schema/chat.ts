import { chatAttachmentKinds } from '@okuu/contracts/chat/message';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { disciplines, groups, subgroups } from './university.ts';
import { users } from './users.ts';

/**
 * A chat message: from a teacher or a student (sender_type is the role) to a person (recipient_type 1 teacher,
 * 2 student; recipient_id their user id), a group (3) or a stream (4). Who may see it is recorded in
 * chat_recipients: its sender and its recipients only.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: serial('id').primaryKey(),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    senderType: smallint('sender_type').notNull(),
    recipientType: smallint('recipient_type').notNull(),
    recipientId: integer('recipient_id').notNull(),
    /** A message between two people: their ids, the lower first (the conversation's key); null otherwise. */
    pairLow: integer('pair_low'),
    pairHigh: integer('pair_high'),
    text: text('text').notNull(),
    /** The context it was sent in. */
    academicYear: integer('academic_year').notNull(),
    halfYearKind: smallint('half_year_kind').notNull(),
    disciplineId: integer('discipline_id').references(() => disciplines.id, { onDelete: 'set null' }),
    credits: smallint('credits'),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'set null' }),
    subgroupId: integer('subgroup_id').references(() => subgroups.id, { onDelete: 'set null' }),
    isElective: boolean('is_elective').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A conversation between two people, newest first.
    index('chat_messages_pair_idx').on(t.pairLow, t.pairHigh, t.id),
    // A group's or a stream's chat, newest first.
    index('chat_messages_recipient_idx').on(t.recipientType, t.recipientId, t.id),
    index('chat_messages_sender_idx').on(t.senderId),
    check('chat_messages_recipient_type_check', sql`${t.recipientType} in (1, 2, 3, 4)`),
    check(
      'chat_messages_pair_check',
      sql`(${t.recipientType} in (1, 2)) = (${t.pairLow} is not null and ${t.pairHigh} is not null)`,
    ),
  ],
);

/** Who received a message (the sender is not among them), and when they read it. */
export const chatRecipients = pgTable(
  'chat_recipients',
  {
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.messageId, t.userId] }),
    // Everything unread of one user: counters, per-contact counts, the oldest unread.
    index('chat_recipients_unread_idx').on(t.userId, t.messageId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * An attached file or photo: the bytes live in storage under a generated key. `content_type` is set only for a photo
 * whose bytes are a png, jpeg, webp or gif image (sniffed at upload): only those are ever served inline.
 */
export const chatAttachments = pgTable(
  'chat_attachments',
  {
    id: serial('id').primaryKey(),
    messageId: integer('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    kind: text('kind', { enum: chatAttachmentKinds }).notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: integer('size').notNull(),
    contentType: text('content_type'),
  },
  (t) => [
    unique('chat_attachments_name_key').on(t.messageId, t.name),
    check('chat_attachments_kind_check', sql`${t.kind} in ('file', 'photo')`),
  ],
);
