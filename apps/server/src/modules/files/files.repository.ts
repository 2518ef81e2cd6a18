import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Rows<T> = { rows: T[] };

/** Where uploads are referenced: each area's table and its storage key column. */
const keyColumns = sql`
  select storage_key as key from news_attachments
  union all select storage_key from chat_attachments
  union all select file_key from books where file_key is not null
  union all select file_key from umk_materials
  union all select body->'image'->>'key' from test_questions where body ? 'image'`;

export function createFilesRepository(db: Db) {
  return {
    /** Bytes a user's uploads take: news and chat attachments, library books, study materials and question images. */
    async usedBy(userId: number): Promise<number> {
      const result = (await db.execute(sql`
        select (
          coalesce((select sum(a.size) from news_attachments a join news n on n.id = a.news_id
            where n.author_id = ${userId}), 0)
          + coalesce((select sum(a.size) from chat_attachments a join chat_messages m on m.id = a.message_id
            where m.sender_id = ${userId}), 0)
          + coalesce((select sum(file_size) from books where owner_id = ${userId} and umk_material_id is null), 0)
          + coalesce((select sum(file_size) from umk_materials where teacher_id = ${userId}), 0)
          + coalesce((select sum((body->'image'->>'size')::bigint) from test_questions
            where body ? 'image' and coalesce((body->'image'->>'by')::int, author_id) = ${userId}), 0)
        )::float8 as bytes`)) as unknown as Rows<{ bytes: number }>;
      return result.rows[0]?.bytes ?? 0;
    },

    /** Every key a row refers to (a restore checks each has its file). */
    async all(): Promise<string[]> {
      const result = (await db.execute(sql`select distinct key from (${keyColumns}) k`)) as unknown as Rows<{
        key: string;
      }>;
      return result.rows.map((r) => r.key);
    },

    /** Of `keys`, those a row refers to. */
    async referenced(keys: string[]): Promise<Set<string>> {
      if (keys.length === 0) return new Set();
      const result = (await db.execute(sql`
        select key from (${keyColumns}) k
        where key in (${sql.join(
          keys.map((k) => sql`${k}`),
          sql`, `,
        )})`)) as unknown as Rows<{ key: string }>;
      return new Set(result.rows.map((r) => r.key));
    },
  };
}

export type FilesRepository = ReturnType<typeof createFilesRepository>;
