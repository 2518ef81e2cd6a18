import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { books, libraryBaseCategories, libraryCategories } from '../../db/schema/library.ts';
import { users } from '../../db/schema/users.ts';
import type { Change, Changes } from '../../lib/changes.ts';

export interface BookRow {
  id: number;
  name: string;
  author: string;
  description: string;
  totalPages: number;
  categoryId: number;
  baseCategoryId: number;
  ownerId: number;
  ownerRole: number;
  ownerName: string;
  fileName: string | null;
  fileKey: string | null;
  fileSize: number | null;
  umkMaterialId: number | null;
  createdAt: Date;
}

/** Which books a list holds: optional categories, and optional text to find in the title or the author. */
export interface BookFilter {
  baseCategoryId: number | null;
  categoryId: number | null;
  /** Searched as typed (the repository escapes LIKE's wildcards); null or '' for no search. */
  search: string | null;
}

export interface BookFields {
  name: string;
  author: string;
  description: string;
  totalPages: number;
  categoryId: number;
}

export interface BookFile {
  fileName: string;
  fileKey: string;
  fileSize: number;
}

const ownerName = sql<string>`concat_ws(' ', ${users.lastName}, ${users.firstName}, ${users.patronymic})`;

/** `text` as a LIKE pattern matching it anywhere: its %, _ and \ taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function where(db: Db, filter: BookFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filter.categoryId !== null) conditions.push(eq(books.categoryId, filter.categoryId));
  if (filter.baseCategoryId !== null) {
    const ofBase = db
      .select({ id: libraryCategories.id })
      .from(libraryCategories)
      .where(eq(libraryCategories.baseCategoryId, filter.baseCategoryId));
    conditions.push(inArray(books.categoryId, ofBase));
  }
  if (filter.search) {
    // search_text is lower(name) || '\n' || lower(author): a trigram GIN index serves LIKE '%text%' on it.
    conditions.push(sql`${books.searchText} like lower(${containsPattern(filter.search)})`);
  }
  return and(...conditions);
}

const bookColumns = {
  id: books.id,
  name: books.name,
  author: books.author,
  description: books.description,
  totalPages: books.totalPages,
  categoryId: books.categoryId,
  baseCategoryId: libraryCategories.baseCategoryId,
  ownerId: books.ownerId,
  ownerRole: users.role,
  ownerName,
  fileName: books.fileName,
  fileKey: books.fileKey,
  fileSize: books.fileSize,
  umkMaterialId: books.umkMaterialId,
  createdAt: books.createdAt,
};

/** The library entry of a study material: the material's title, author, annotation and file. */
export interface MaterialBook {
  ownerId: number;
  name: string;
  author: string;
  description: string;
  totalPages: number;
  categoryId: number;
  fileName: string;
  fileKey: string;
  fileSize: number;
}

export function createLibraryRepository(db: Db, changes: Changes) {
  function selectBooks(on: Db = db) {
    return on
      .select(bookColumns)
      .from(books)
      .innerJoin(libraryCategories, eq(libraryCategories.id, books.categoryId))
      .innerJoin(users, eq(users.id, books.ownerId));
  }

  return {
    async baseCategories() {
      return db
        .select({
          id: libraryBaseCategories.id,
          name: libraryBaseCategories.name,
          nameKg: libraryBaseCategories.nameKg,
          nameEn: libraryBaseCategories.nameEn,
        })
        .from(libraryBaseCategories)
        .orderBy(libraryBaseCategories.position, libraryBaseCategories.id);
    },

    /** Subcategories of one base category, or all of them (by base category, then their order). */
    async categories(baseCategoryId: number | null) {
      return db
        .select({
          id: libraryCategories.id,
          baseCategoryId: libraryCategories.baseCategoryId,
          name: libraryCategories.name,
          nameKg: libraryCategories.nameKg,
          nameEn: libraryCategories.nameEn,
        })
        .from(libraryCategories)
        .innerJoin(libraryBaseCategories, eq(libraryBaseCategories.id, libraryCategories.baseCategoryId))
        .where(baseCategoryId === null ? undefined : eq(libraryCategories.baseCategoryId, baseCategoryId))
        .orderBy(
          libraryBaseCategories.position,
          libraryBaseCategories.id,
          libraryCategories.position,
          libraryCategories.id,
        );
    },

    async categoryExists(id: number): Promise<boolean> {
      const rows = await db
        .select({ id: libraryCategories.id })
        .from(libraryCategories)
        .where(eq(libraryCategories.id, id));
      return rows.length > 0;
    },

    /** One page of books, by title then id. */
    async page(filter: BookFilter, offset: number, limit: number): Promise<BookRow[]> {
      return selectBooks().where(where(db, filter)).orderBy(asc(books.name), asc(books.id)).limit(limit).offset(offset);
    },

    async count(filter: BookFilter): Promise<number> {
      const [row] = await db.select({ n: count() }).from(books).where(where(db, filter));
      return row?.n ?? 0;
    },

    /**
     * One page of a search and the number of matches, in one pass: the matches (id and title) are found once through
     * the trigram index, then counted, and only the page's rows are sorted out and joined. `total` is null when the
     * page is empty (past the end, or nothing matches): count then.
     */
    async searchPage(
      filter: BookFilter,
      offset: number,
      limit: number,
    ): Promise<{ rows: BookRow[]; total: number | null }> {
      const matches = db
        .$with('matches')
        .as(db.select({ id: books.id, name: books.name }).from(books).where(where(db, filter)));
      const pageOf = db
        .$with('page_of')
        .as(
          db
            .select({ id: matches.id, name: matches.name })
            .from(matches)
            .orderBy(matches.name, matches.id)
            .limit(limit)
            .offset(offset),
        );
      const rows = await db
        .with(matches, pageOf)
        .select({ ...bookColumns, total: sql<number>`(select count(*) from ${matches})::int` })
        .from(pageOf)
        .innerJoin(books, eq(books.id, pageOf.id))
        .innerJoin(libraryCategories, eq(libraryCategories.id, books.categoryId))
        .innerJoin(users, eq(users.id, books.ownerId))
        .orderBy(pageOf.name, pageOf.id);
      return { rows: rows.map(({ total: _t, ...row }) => row), total: rows[0]?.total ?? null };
    },

    /** A book; `on` a transaction to read what it wrote. */
    async book(id: number, on: Db = db): Promise<BookRow | null> {
      const rows = await selectBooks(on).where(eq(books.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** Inserts a book; `finish` runs last in its transaction (to read the reply, move the file to its key). */
    async insert(
      ownerId: number,
      fields: BookFields,
      file: BookFile,
      finish: (tx: Db, id: number) => Promise<void>,
    ): Promise<number> {
      return changes.transaction(async (tx, change) => {
        change.announce('library');
        const [row] = await tx
          .insert(books)
          .values({ ownerId, ...fields, ...file })
          .returning({ id: books.id });
        if (!row) throw new Error('No id for a book just inserted');
        await finish(tx, row.id);
        return row.id;
      });
    },

    /** Changes a book (and its file when `file` is given); returns the key of the file it had. */
    async update(
      id: number,
      fields: BookFields,
      file: BookFile | null,
      finish: (tx: Db, id: number) => Promise<void>,
    ): Promise<string | null> {
      return changes.transaction(async (tx, change) => {
        change.announce('library');
        const [old] = await tx.select({ key: books.fileKey }).from(books).where(eq(books.id, id)).for('update');
        await tx
          .update(books)
          .set({ ...fields, ...(file ?? {}) })
          .where(eq(books.id, id));
        await finish(tx, id);
        return old?.key ?? null;
      });
    },

    /** Deletes a book; returns what it had (null when there was no such book). */
    async delete(id: number): Promise<{ fileKey: string | null; umkMaterialId: number | null } | null> {
      return changes.transaction(async (tx, change) => {
        change.announce('library');
        const [row] = await tx
          .delete(books)
          .where(eq(books.id, id))
          .returning({ fileKey: books.fileKey, umkMaterialId: books.umkMaterialId });
        return row ?? null;
      });
    },

    /**
     * Puts a study material's library entry in line within the material's own change: created or changed (sharing
     * the material's file), or removed when `book` is null.
     */
    async shelveMaterial(change: Change, materialId: number, book: MaterialBook | null): Promise<void> {
      change.announce('library');
      if (book === null) {
        await change.tx.delete(books).where(eq(books.umkMaterialId, materialId));
        return;
      }
      const { ownerId, ...fields } = book;
      await change.tx
        .insert(books)
        .values({ umkMaterialId: materialId, ownerId, ...fields })
        .onConflictDoUpdate({ target: books.umkMaterialId, set: fields });
    },
  };
}

export type LibraryRepository = ReturnType<typeof createLibraryRepository>;
