import { type SQL, sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import { umkMaterials } from './umk.ts';
import { users } from './users.ts';

const names = {
  name: text('name').notNull(),
  nameKg: text('name_kg').notNull(),
  nameEn: text('name_en').notNull(),
};

/** The library's top-level categories. */
export const libraryBaseCategories = pgTable('library_base_categories', {
  id: serial('id').primaryKey(),
  position: smallint('position').notNull().default(0),
  ...names,
});

/** Subcategories; every book belongs to one. */
export const libraryCategories = pgTable(
  'library_categories',
  {
    id: serial('id').primaryKey(),
    baseCategoryId: integer('base_category_id')
      .notNull()
      .references(() => libraryBaseCategories.id),
    position: smallint('position').notNull().default(0),
    ...names,
  },
  (t) => [index('library_categories_base_idx').on(t.baseCategoryId, t.position)],
);

/**
 * A book of the e-library. Its file lives in storage under a generated key (`file_key`; null for a book without a
 * file). A book that comes from a study material (`umk_material_id`) shares the material's file and goes when the
 * material goes. Title and author are searched case-insensitively anywhere in the text (`search_text`).
 */
export const books = pgTable(
  'books',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    author: text('author').notNull().default(''),
    description: text('description').notNull().default(''),
    totalPages: integer('total_pages').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => libraryCategories.id),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    fileName: text('file_name'),
    fileKey: text('file_key'),
    fileSize: integer('file_size'),
    /**
     * What the search looks in: the title and the author in lower case, a line break between them (search text never
     * holds one, so no match spans both). Kept by the database; a trigram GIN index serves `LIKE '%text%'` on it.
     */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs((): SQL => sql`lower(${books.name}) || chr(10) || lower(${books.author})`),
    umkMaterialId: integer('umk_material_id')
      .unique()
      .references(() => umkMaterials.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('books_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
    // The list's order (title, id), whole library and per subcategory.
    index('books_name_idx').on(t.name, t.id),
    index('books_category_name_idx').on(t.categoryId, t.name, t.id),
    index('books_owner_idx').on(t.ownerId),
  ],
);
