import { newsAudiences } from '@okuu/contracts/news/news-item';
import { sql } from 'drizzle-orm';
import {
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
import { faculties } from './university.ts';
import { users } from './users.ts';

/** A news item: for everyone, teachers or students; optionally only for some faculties (news_faculties). */
export const news = pgTable(
  'news',
  {
    id: serial('id').primaryKey(),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id),
    text: text('text').notNull(),
    audience: text('audience', { enum: newsAudiences }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Read backwards for the feed's ORDER BY created_at DESC, id DESC.
    index('news_created_idx').on(t.createdAt, t.id),
    index('news_author_idx').on(t.authorId),
    check('news_audience_check', sql`${t.audience} in ('all', 'teachers', 'students')`),
  ],
);

/** The faculties an item is limited to. An item without rows here is for every faculty. */
export const newsFaculties = pgTable(
  'news_faculties',
  {
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    facultyId: integer('faculty_id')
      .notNull()
      .references(() => faculties.id),
  },
  (t) => [primaryKey({ columns: [t.newsId, t.facultyId] })],
);

/** An attached file: the bytes live in storage under a generated key; the display name is kept here. */
export const newsAttachments = pgTable(
  'news_attachments',
  {
    id: serial('id').primaryKey(),
    newsId: integer('news_id')
      .notNull()
      .references(() => news.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    name: text('name').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    size: integer('size').notNull(),
  },
  (t) => [unique('news_attachments_name_key').on(t.newsId, t.name)],
);
