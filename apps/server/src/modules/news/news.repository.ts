import type { NamedRecord } from '@okuu/contracts/fields';
import type { NewsAudience } from '@okuu/contracts/news/news-item';
import { and, desc, eq, exists, inArray, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { news, newsAttachments, newsFaculties } from '../../db/schema/news.ts';
import { studentProfiles, teacherProfiles } from '../../db/schema/profiles.ts';
import { faculties, groups } from '../../db/schema/university.ts';
import { positions, users } from '../../db/schema/users.ts';
import type { Changes } from '../../lib/changes.ts';

/**
 * Which items a caller sees, as the service decided it: everything, or the items for 'all' and for `audience` (those
 * addressed to faculties only in `facultyId`), plus the caller's own.
 */
export type Visibility =
  | { everything: true }
  | { everything: false; userId: number; audience: NewsAudience; facultyId: number | null };

export interface NewsRow {
  id: number;
  text: string;
  audience: NewsAudience;
  createdAt: Date;
  authorId: number;
  authorName: string;
  authorPosition: NamedRecord | null;
  authorGroup: string | null;
  faculties: { id: number; shortName: string; name: string; nameKg: string; nameEn: string }[];
  /** In their order of upload. */
  attachments: { name: string; size: number }[];
}

export interface AttachmentRow {
  newsId: number;
  name: string;
  size: number;
  storageKey: string;
}

export interface NewAttachment {
  name: string;
  size: number;
  storageKey: string;
}

const authorName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;

/** An item's faculties and attachments come along as JSON arrays: one query for a whole page. */
const facultiesJson = sql<NewsRow['faculties']>`coalesce((
  select json_agg(json_build_object('id', ${faculties.id}, 'shortName', ${faculties.shortName}, 'name', ${faculties.name},
    'nameKg', ${faculties.nameKg}, 'nameEn', ${faculties.nameEn}) order by ${faculties.id})
  from ${newsFaculties} join ${faculties} on ${faculties.id} = ${newsFaculties.facultyId}
  where ${newsFaculties.newsId} = ${news.id}), '[]'::json)`;

const attachmentsJson = sql<NewsRow['attachments']>`coalesce((
  select json_agg(json_build_object('name', ${newsAttachments.name}, 'size', ${newsAttachments.size})
    order by ${newsAttachments.position})
  from ${newsAttachments} where ${newsAttachments.newsId} = ${news.id}), '[]'::json)`;

export function createNewsRepository(db: Db, changes: Changes) {
  /** The visibility condition; its values are placeholders (userId, audience, facultyId) when `bound` is absent. */
  function visible(bound?: { userId: number; audience: NewsAudience; facultyId: number }): SQL | undefined {
    const value = <T>(name: 'userId' | 'audience' | 'facultyId') => (bound ? bound[name] : sql.placeholder(name)) as T;
    const addressedToFaculties = db.select({ x: sql`1` }).from(newsFaculties).where(eq(newsFaculties.newsId, news.id));
    const addressedToMine = db
      .select({ x: sql`1` })
      .from(newsFaculties)
      .where(and(eq(newsFaculties.newsId, news.id), eq(newsFaculties.facultyId, value<number>('facultyId'))));
    return or(
      eq(news.authorId, value<number>('userId')),
      and(
        or(eq(news.audience, 'all'), eq(news.audience, value<NewsAudience>('audience'))),
        or(notExists(addressedToFaculties), exists(addressedToMine)),
      ),
    );
  }

  /** No faculty has id 0: a caller without a faculty sees no item addressed to faculties. */
  const bind = (v: Visibility) =>
    v.everything ? undefined : { userId: v.userId, audience: v.audience, facultyId: v.facultyId ?? 0 };

  function selectItems(on: Db = db) {
    return on
      .select({
        id: news.id,
        text: news.text,
        audience: news.audience,
        createdAt: news.createdAt,
        authorId: news.authorId,
        authorName,
        authorPosition: { name: positions.name, nameKg: positions.nameKg, nameEn: positions.nameEn },
        authorGroup: groups.name,
        faculties: facultiesJson,
        attachments: attachmentsJson,
      })
      .from(news)
      .innerJoin(users, eq(users.id, news.authorId))
      .leftJoin(teacherProfiles, eq(teacherProfiles.userId, news.authorId))
      .leftJoin(positions, eq(positions.id, teacherProfiles.positionId))
      .leftJoin(studentProfiles, eq(studentProfiles.userId, news.authorId))
      .leftJoin(groups, eq(groups.id, studentProfiles.groupId));
  }

  // The feed is the portal's busiest read, and its first page the one every visit asks for: prepared statements, so
  // that PostgreSQL settles on one generic plan instead of planning each call. (An OFFSET parameter keeps it planning
  // every call, hence a statement of its own for the first page.)
  const newest = [desc(news.createdAt), desc(news.id)];
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const feed = {
    first: selectItems()
      .where(visible())
      .orderBy(...newest)
      .limit(limit)
      .prepare('news_feed_first'),
    later: selectItems()
      .where(visible())
      .orderBy(...newest)
      .limit(limit)
      .offset(offset)
      .prepare('news_feed'),
    allFirst: selectItems()
      .orderBy(...newest)
      .limit(limit)
      .prepare('news_feed_all_first'),
    allLater: selectItems()
      .orderBy(...newest)
      .limit(limit)
      .offset(offset)
      .prepare('news_feed_all'),
  };

  return {
    /** Visible items, newest first. */
    async page(visibility: Visibility, offset: number, limit: number): Promise<NewsRow[]> {
      const bound = bind(visibility);
      const rows = bound
        ? await (offset === 0 ? feed.first : feed.later).execute({ ...bound, offset, limit })
        : await (offset === 0 ? feed.allFirst : feed.allLater).execute({ offset, limit });
      return rows as NewsRow[];
    },

    async item(id: number, visibility: Visibility): Promise<NewsRow | null> {
      const bound = bind(visibility);
      const rows = await selectItems()
        .where(and(eq(news.id, id), bound ? visible(bound) : undefined))
        .limit(1);
      return (rows[0] as NewsRow | undefined) ?? null;
    },

    async isVisible(id: number, visibility: Visibility): Promise<boolean> {
      const bound = bind(visibility);
      const rows = await db
        .select({ id: news.id })
        .from(news)
        .where(and(eq(news.id, id), bound ? visible(bound) : undefined))
        .limit(1);
      return rows.length > 0;
    },

    async attachment(newsId: number, name: string): Promise<AttachmentRow | null> {
      const rows = await db
        .select({
          newsId: newsAttachments.newsId,
          name: newsAttachments.name,
          size: newsAttachments.size,
          storageKey: newsAttachments.storageKey,
        })
        .from(newsAttachments)
        .where(and(eq(newsAttachments.newsId, newsId), eq(newsAttachments.name, name)))
        .limit(1);
      return rows[0] ?? null;
    },

    /** Everyone who has written an item still in the feed. */
    async authorIds(): Promise<number[]> {
      const rows = await db.selectDistinct({ id: news.authorId }).from(news);
      return rows.map((r) => r.id);
    },

    /** The ids among `ids` that are faculties. */
    async existingFaculties(ids: number[]): Promise<number[]> {
      if (ids.length === 0) return [];
      const rows = await db.select({ id: faculties.id }).from(faculties).where(inArray(faculties.id, ids));
      return rows.map((r) => r.id);
    },

    /** Reserves the id of an item about to be inserted (its files are stored under it first). */
    async nextId(): Promise<number> {
      const res = (await db.execute(
        sql`SELECT nextval(pg_get_serial_sequence('news', 'id'))::int AS id`,
      )) as unknown as {
        rows: { id: number }[];
      };
      const id = res.rows[0]?.id;
      if (typeof id !== 'number') throw new Error('No id from the news sequence');
      return id;
    },

    /**
     * Inserts an item in one transaction and returns it as written; `finish` runs last inside the transaction (to
     * store the reply, move the files to their keys), so that it all commits or none of it does.
     */
    async insert(
      item: {
        id: number;
        authorId: number;
        text: string;
        audience: NewsAudience;
        facultyIds: number[];
        attachments: NewAttachment[];
      },
      finish: (tx: Db, row: NewsRow) => Promise<void>,
    ): Promise<NewsRow> {
      return changes.transaction(async (tx, change) => {
        change.announce('news', String(item.id));
        await tx
          .insert(news)
          .values({ id: item.id, authorId: item.authorId, text: item.text, audience: item.audience });
        if (item.facultyIds.length) {
          await tx.insert(newsFaculties).values(item.facultyIds.map((facultyId) => ({ newsId: item.id, facultyId })));
        }
        if (item.attachments.length) {
          await tx
            .insert(newsAttachments)
            .values(item.attachments.map((a, position) => ({ newsId: item.id, position, ...a })));
        }
        const [row] = (await selectItems(tx).where(eq(news.id, item.id))) as NewsRow[];
        if (!row) throw new Error('A news item just inserted was not found');
        // Its readers hear of it (the notifications read this): who they are, as the feed decides it.
        await change.record('news', {
          newsId: item.id,
          authorId: item.authorId,
          audience: item.audience,
          facultyIds: item.facultyIds,
        });
        await finish(tx, row);
        return row;
      });
    },

    /** Deletes an item (its faculties and attachment rows go with it); returns the storage keys it had. */
    async delete(id: number): Promise<string[] | null> {
      return changes.transaction(async (tx, change) => {
        change.announce('news', String(id));
        const keys = await tx
          .select({ key: newsAttachments.storageKey })
          .from(newsAttachments)
          .where(eq(newsAttachments.newsId, id));
        const deleted = await tx.delete(news).where(eq(news.id, id)).returning({ id: news.id });
        return deleted.length ? keys.map((k) => k.key) : null;
      });
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;
