import { type DataOf, roles } from '@okuu/contracts/endpoint';
import type { EBook } from '@okuu/contracts/library/book';
import { libraryLimits } from '@okuu/contracts/library/book';
import type { bookList } from '@okuu/contracts/library/book-list';
import { bookDownloadUrl, bookPreviewUrl } from '@okuu/contracts/library/download';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import { isPdfName } from '../../lib/files.ts';
import { type Remember, rememberNothing } from '../../lib/idempotency.ts';
import { JsonReply, type UploadedFile } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { Storage } from '../../lib/storage.ts';
import { acceptUpload, commitUploads, type FileMode } from '../../lib/uploads.ts';
import { validationError } from '../../lib/validation.ts';
import type { FilesService } from '../files/files.service.ts';
import type { BookFields, BookFile, BookFilter, BookRow, LibraryRepository } from './library.repository.ts';

/**
 * Pages of the list, searches included, are shared by every reader (the same categories, search text and page) and
 * kept this long at most (see createChangeCache).
 */
const listCacheMs = 10_000;

interface ListPage {
  total: number;
  rows: BookRow[];
  fallback: boolean;
  /** The reply for readers (see `reader`), encoded once when first asked for. */
  forReaders?: JsonReply<BookListData>;
}

type BookListData = DataOf<typeof bookList>;

const notFound = () => new AppError('not_found', 'There is no such book.');
const fileNotFound = () => new AppError('not_found', 'There is no such file.');

/** Teachers and staff add books; students read them. */
function mayUpload(user: AuthUser): boolean {
  return user.role === roles.teacher || user.role === roles.staff;
}

/** Who is asking, as far as a book's rights go. */
type Viewer = Pick<AuthUser, 'id' | 'role'>;

/** A viewer who owns no book and is not staff: may change and delete nothing (no user has id 0). */
const reader: Viewer = { id: 0, role: roles.student };

function mayDelete(user: Viewer, book: BookRow): boolean {
  return book.ownerId === user.id || user.role === roles.staff;
}

function toBook(row: BookRow, viewer: Viewer): EBook {
  const fromUmk = row.umkMaterialId !== null;
  return {
    id_eBook: row.id,
    name: row.name,
    nameBook: row.name,
    author: row.author,
    description: row.description,
    totalPages: row.totalPages,
    fileName: row.fileName ?? '',
    file:
      row.fileKey && row.fileName
        ? {
            name: row.fileName,
            size: row.fileSize ?? 0,
            url: bookDownloadUrl(row.id),
            previewUrl: isPdfName(row.fileName) ? bookPreviewUrl(row.id) : null,
          }
        : null,
    id_bookCategory: row.categoryId,
    id_baseBookCategory: row.baseCategoryId,
    isFromUmk: fromUmk,
    id_books: row.umkMaterialId,
    owner: { id: row.ownerId, type: row.ownerRole, name: row.ownerName },
    created: row.createdAt.toISOString(),
    canEdit: row.ownerId === viewer.id && !fromUmk,
    canDelete: mayDelete(viewer, row),
  };
}

export interface BookInput {
  id_eBook: number;
  name?: string;
  nameBook?: string;
  author: string;
  description: string;
  totalPages: number;
  id_bookCategory: number;
  fileName?: string;
}

export function createLibraryService(deps: {
  repo: LibraryRepository;
  storage: Storage;
  files: Pick<FilesService, 'checkQuota'>;
}) {
  const { repo, storage } = deps;
  const lists = createChangeCache<ListPage>({ ttlMs: listCacheMs, maxEntries: 1_000 });

  /** One page of the list; with search text the matches, or every book of the categories when none match. */
  async function listPage(
    categories: { baseCategoryId: number | null; categoryId: number | null },
    search: string,
    page: number,
  ): Promise<ListPage> {
    const pageSize = libraryLimits.pageSize;
    const offset = (page - 1) * pageSize;
    const browse = async () => {
      const filter: BookFilter = { ...categories, search: null };
      const [total, rows] = await Promise.all([repo.count(filter), repo.page(filter, offset, pageSize + 1)]);
      return { total, rows, fallback: search !== '' };
    };
    if (!search) return browse();
    const filter: BookFilter = { ...categories, search };
    const found = await repo.searchPage(filter, offset, pageSize + 1);
    // An empty page says nothing about the number of matches, unless it is the first.
    const total = found.total ?? (page > 1 ? await repo.count(filter) : 0);
    return total === 0 ? browse() : { total, rows: found.rows, fallback: false };
  }

  async function found(id: number): Promise<BookRow> {
    const row = await repo.book(id);
    if (!row) throw notFound();
    return row;
  }

  return {
    /** For the study materials, whose library flag adds, changes and removes books (within the material's change). */
    shelveMaterial: repo.shelveMaterial,

    /** The books changed (topic `library`): lists are read afresh. */
    forgetLists: () => lists.clear(),

    async baseCategories() {
      const rows = await repo.baseCategories();
      return rows.map((r) => ({ id_baseBookCategory: r.id, name: r.name, nameKg: r.nameKg, nameEn: r.nameEn }));
    },

    async categories(baseCategoryId: number | null) {
      const rows = await repo.categories(baseCategoryId);
      return rows.map((r) => ({
        id_bookCategory: r.id,
        id_baseBookCategory: r.baseCategoryId,
        name: r.name,
        nameKg: r.nameKg,
        nameEn: r.nameEn,
      }));
    },

    /**
     * One page of the list. With search text: the matches; when there are none, every book of the chosen categories,
     * flagged as a fallback.
     */
    async list(
      user: AuthUser,
      input: { id_baseBookCategory: number | null; id_bookCategory: number | null; search: string; page: number },
    ) {
      const pageSize = libraryLimits.pageSize;
      const categories = { baseCategoryId: input.id_baseBookCategory, categoryId: input.id_bookCategory };
      const key = JSON.stringify([categories.baseCategoryId, categories.categoryId, input.search, input.page]);
      const page = await lists.get(key, () => listPage(categories, input.search, input.page));
      const reply = (viewer: Viewer): BookListData => ({
        items: page.rows.slice(0, pageSize).map((row) => toBook(row, viewer)),
        page: input.page,
        pageSize,
        hasMore: page.rows.length > pageSize,
        total: page.total,
        found: page.fallback ? 0 : page.total,
        fallback: page.fallback,
        search: input.search,
      });
      // Most callers are readers, whose reply is the same for all of them.
      if (user.role === roles.staff || page.rows.some((row) => row.ownerId === user.id)) return reply(user);
      page.forReaders ??= new JsonReply(reply(reader));
      return page.forReaders;
    },

    async deleteCheck(user: AuthUser, id: number) {
      const row = await repo.book(id);
      return { id_eBook: id, allowed: row !== null && mayDelete(user, row) };
    },

    async remove(user: AuthUser, id: number) {
      const row = await found(id);
      if (!mayDelete(user, row)) throw new AppError('forbidden', 'Only the owner of a book or staff can delete it.');
      const deleted = await repo.delete(id);
      if (!deleted) throw notFound();
      // A book from the study materials shares the material's file, which stays with the material.
      if (deleted.fileKey && deleted.umkMaterialId === null) {
        await storage.delete(deleted.fileKey).catch(() => {});
      }
      return { id_eBook: id, deleted: true as const };
    },

    async save(
      user: AuthUser,
      input: BookInput,
      uploads: UploadedFile[],
      remember: Remember = rememberNothing,
    ): Promise<EBook> {
      if (!mayUpload(user)) throw new AppError('forbidden', 'Only teachers and staff can add books to the library.');
      const existing = input.id_eBook === -1 ? null : await found(input.id_eBook);
      if (existing && existing.ownerId !== user.id) {
        throw new AppError('forbidden', 'Only the owner of a book can change it.');
      }
      if (existing && existing.umkMaterialId !== null) {
        throw new AppError('conflict', 'This book comes from the study materials: change it there.');
      }
      if (!(await repo.categoryExists(input.id_bookCategory))) {
        throw validationError([{ path: ['id_bookCategory'], rule: 'unknown_record' }]);
      }
      const upload = await acceptUpload(uploads, input.fileName);
      if (!upload && !existing) throw new AppError('file_required', 'Select the file of the book.');
      const fields: BookFields = {
        name: (input.name ?? input.nameBook) as string,
        author: input.author,
        description: input.description,
        totalPages: input.totalPages,
        categoryId: input.id_bookCategory,
      };

      if (upload) await deps.files.checkQuota(user.id, upload.file.size);
      // The file is written under a temporary key and moved to its own as the row commits.
      const toStage = upload ? [{ tempPath: upload.file.tempPath, keyPrefix: 'library' }] : [];
      let file: BookFile | null = null;
      // The reply is read inside the transaction (what it wrote), and stored with it for a retry.
      const { book, replaced } = await commitUploads(storage, toStage, async ([staged], promote) => {
        file = staged && upload ? { fileName: upload.name, fileKey: staged.key, fileSize: staged.size } : null;
        let written: EBook | undefined;
        const finish = async (tx: Db, id: number) => {
          const row = await repo.book(id, tx);
          if (!row) throw new Error(`Book ${id} vanished`);
          written = toBook(row, user);
          await remember(tx, written);
          await promote(tx);
        };
        const replaced = existing ? await repo.update(existing.id, fields, file, finish) : null;
        if (!existing) await repo.insert(user.id, fields, file as unknown as BookFile, finish);
        return { book: written as EBook, replaced };
      });
      if (file && replaced && replaced !== (file as BookFile).fileKey) await storage.delete(replaced).catch(() => {});
      return book;
    },

    async file(id: number, mode: FileMode) {
      const row = await repo.book(id);
      if (!row) throw fileNotFound();
      const stored = row.fileKey ? await storage.get(row.fileKey) : null;
      if (!stored || !row.fileName) throw fileNotFound();
      return { stored, name: row.fileName, mode };
    },
  };
}

export type LibraryService = ReturnType<typeof createLibraryService>;
