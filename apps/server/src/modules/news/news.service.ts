import type { Readable } from 'node:stream';
import { type DataOf, roles } from '@okuu/contracts/endpoint';
import { int4 } from '@okuu/contracts/input-guard';
import type { newsData } from '@okuu/contracts/news/data';
import { newsDownloadUrl } from '@okuu/contracts/news/download';
import { fileNameSeparator, type NewsAudience, type NewsItem, newsLimits } from '@okuu/contracts/news/news-item';
import { AppError } from '../../lib/app-error.ts';
import { createChangeCache } from '../../lib/change-cache.ts';
import { downloadType, sanitizeFileName, uniqueNames } from '../../lib/files.ts';
import { type Remember, rememberNothing } from '../../lib/idempotency.ts';
import { JsonReply, type UploadedFile } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { Storage } from '../../lib/storage.ts';
import { commitUploads } from '../../lib/uploads.ts';
import { validationError } from '../../lib/validation.ts';
import type { FilesService } from '../files/files.service.ts';
import type { NewsRepository, NewsRow, Visibility } from './news.repository.ts';

export interface NewsDownload {
  stream: Readable;
  size: number;
  name: string;
  contentType: string;
}

const notFound = () => new AppError('not_found', 'There is no such news item.');
const fileNotFound = () => new AppError('not_found', 'There is no such file.');

/**
 * Who sees what: staff everything; others the items for 'all' and for their role, limited to their faculty when the
 * item names faculties; an author always their own items.
 */
export function visibilityOf(user: AuthUser): Visibility {
  if (user.role === roles.staff) return { everything: true };
  const audience: NewsAudience =
    user.role === roles.teacher ? 'teachers' : user.role === roles.student ? 'students' : 'all';
  return { everything: false, userId: user.id, audience, facultyId: user.facultyId };
}

function toItem(row: NewsRow, viewer: AuthUser): NewsItem {
  const title = row.authorPosition?.name ?? row.authorGroup;
  return {
    id_eventMessage: row.id,
    'p23-1': title ? `${row.authorName} | ${title}` : row.authorName,
    message: row.text,
    fileName: row.attachments.map((a) => a.name).join(fileNameSeparator),
    created: row.createdAt.toISOString(),
    audience: row.audience,
    faculties: row.faculties,
    attachments: row.attachments.map((a) => ({ name: a.name, size: a.size, url: newsDownloadUrl(row.id, a.name) })),
    author: { id: row.authorId, name: row.authorName, position: row.authorPosition, group: row.authorGroup },
    canDelete: viewer.newsPerms,
  };
}

/** Feed pages are kept for this long at most (see createChangeCache). */
const feedCacheMs = 5_000;

type FeedPage = DataOf<typeof newsData>;

export function createNewsService(deps: {
  repo: NewsRepository;
  storage: Storage;
  files: Pick<FilesService, 'checkQuota'>;
}) {
  const { repo, storage } = deps;
  const pages = createChangeCache<JsonReply<FeedPage>>({ ttlMs: feedCacheMs, maxEntries: 5_000 });
  const authors = createChangeCache<Set<number>>({ ttlMs: feedCacheMs, maxEntries: 1 });
  const latestItems = createChangeCache<NewsItem[]>({ ttlMs: feedCacheMs, maxEntries: 5_000 });

  /** Who sees the same feed as `user`: the same visibility and permission, and for an author the user alone. */
  async function viewKey(user: AuthUser): Promise<string> {
    const v = visibilityOf(user);
    if (v.everything) return `all:${user.newsPerms}`;
    const own = (await authors.get('', async () => new Set(await repo.authorIds()))).has(user.id) ? user.id : '';
    return `${v.audience}:${v.facultyId}:${user.newsPerms}:${own}`;
  }

  function forgetFeed() {
    pages.clear();
    latestItems.clear();
    authors.clear();
  }

  return {
    async feed(user: AuthUser, page: number) {
      const key = `${await viewKey(user)}:${page}`;
      return pages.get(key, async () => {
        const pageSize = newsLimits.pageSize;
        const rows = await repo.page(visibilityOf(user), (page - 1) * pageSize, pageSize + 1);
        const items = rows.slice(0, pageSize).map((row) => toItem(row, user));
        return new JsonReply<FeedPage>({ items, page, pageSize, hasMore: rows.length > pageSize });
      });
    },

    /** The newest `count` items of the user's feed (the first of its first page). */
    async latest(user: AuthUser, count: number): Promise<NewsItem[]> {
      const key = `${await viewKey(user)}:${count}`;
      return latestItems.get(key, async () =>
        (await repo.page(visibilityOf(user), 0, count)).map((row) => toItem(row, user)),
      );
    },

    /** The news changed (topic `news`): the next feed is read afresh. */
    forgetFeed,

    async check(user: AuthUser, id: number, type: 'view' | 'delete') {
      const canView = await repo.isVisible(id, visibilityOf(user));
      const canDelete = canView && user.newsPerms;
      return { id, type, allowed: type === 'view' ? canView : canDelete, canView, canDelete };
    },

    async insert(
      user: AuthUser,
      input: { text: string; audience: NewsAudience; faculties: number[]; fileName?: string[] },
      uploads: UploadedFile[],
      remember: Remember = rememberNothing,
    ): Promise<NewsItem> {
      // A file input left empty arrives as a part with no name and no bytes. (A name may be missing altogether.)
      const files = uploads.filter((f) => f.fileName || f.size > 0);
      if (files.length > newsLimits.filesMax) {
        throw validationError([{ path: ['files'], rule: 'too_many', params: { max: newsLimits.filesMax } }]);
      }
      if (input.text === '' && files.length === 0) {
        throw validationError([{ path: ['text'], rule: 'text_or_file' }]);
      }
      let given = files.map((f) => f.fileName || '');
      // An empty fileName field (a form that always sends it) counts as none.
      if (input.fileName?.some((n) => n !== '')) {
        const names = input.fileName.flatMap((n) => n.split(fileNameSeparator));
        if (names.length !== files.length) {
          throw validationError([
            { path: ['fileName'], rule: 'one_name_per_file', params: { files: files.length, names: names.length } },
          ]);
        }
        given = names;
      }
      const existing = new Set(await repo.existingFaculties(input.faculties));
      const unknown = input.faculties.filter((id) => !existing.has(id));
      if (unknown.length) throw validationError([{ path: ['faculties'], rule: 'unknown_record' }]);

      await deps.files.checkQuota(
        user.id,
        files.reduce((n, f) => n + f.size, 0),
      );
      const names = uniqueNames(given.map(sanitizeFileName));
      const id = await repo.nextId();
      // The reply is made from what the transaction wrote, and stored with it for a retry (Idempotency-Key).
      const item = await commitUploads(
        storage,
        files.map((f) => ({ tempPath: f.tempPath, keyPrefix: `news/${id}` })),
        (staged, promote) =>
          repo.insert(
            {
              id,
              authorId: user.id,
              text: input.text,
              audience: input.audience,
              facultyIds: input.faculties,
              attachments: staged.map((f, i) => ({ name: names[i] as string, size: f.size, storageKey: f.key })),
            },
            async (tx, row) => {
              await remember(tx, toItem(row, user));
              await promote(tx);
            },
          ),
      );
      return toItem(item, user);
    },

    async remove(user: AuthUser, id: number) {
      if (!(await repo.isVisible(id, visibilityOf(user)))) throw notFound();
      const keys = await repo.delete(id);
      if (!keys) throw notFound();
      // The item is gone; a file that cannot be removed now is left behind rather than failing the call.
      await Promise.allSettled(keys.map((key) => storage.delete(key)));
      return { id, deleted: true as const };
    },

    /** `filename` is '<news id>_<attachment name>'; only that item's attachments are looked at. */
    async download(user: AuthUser, filename: string): Promise<NewsDownload> {
      const match = /^([1-9]\d{0,9})_(.+)$/s.exec(filename);
      const newsId = Number(match?.[1]);
      const name = match?.[2] ?? '';
      if (!match || newsId < 1 || newsId > int4.max || name.includes('\u0000')) throw fileNotFound();
      if (!(await repo.isVisible(newsId, visibilityOf(user)))) throw fileNotFound();
      const attachment = await repo.attachment(newsId, name);
      const file = attachment ? await storage.get(attachment.storageKey) : null;
      if (!attachment || !file) throw fileNotFound();
      return {
        stream: file.stream,
        size: file.size,
        name: attachment.name,
        contentType: downloadType(attachment.name),
      };
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
