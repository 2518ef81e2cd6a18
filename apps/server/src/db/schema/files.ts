import { bigint, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Stored files of the database storage driver (STORAGE=postgres): one row per file, its bytes in `file_chunks`.
 * Renaming a file changes only this row; deleting it removes its chunks (cascade).
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull().unique(),
    size: bigint('size', { mode: 'number' }).notNull(),
    chunks: integer('chunks').notNull(),
    modifiedAt: timestamp('modified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('stored_files_modified_idx').on(t.modifiedAt)],
);

/** A file's bytes in pieces of at most 256 KiB, numbered from 0. */
export const fileChunks = pgTable(
  'file_chunks',
  {
    fileId: bigint('file_id', { mode: 'number' })
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.fileId, t.seq] })],
);
