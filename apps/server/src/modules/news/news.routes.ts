import { newsCheck } from '@okuu/contracts/news/check';
import { newsData } from '@okuu/contracts/news/data';
import { newsDelete } from '@okuu/contracts/news/delete';
import { newsDownload } from '@okuu/contracts/news/download';
import { newsInsert } from '@okuu/contracts/news/insert';
import type { Platform } from '../../lib/platform.ts';
import { FileReply } from '../../lib/replies.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { FilesService } from '../files/files.service.ts';
import { createNewsRepository } from './news.repository.ts';
import type { NewsService } from './news.service.ts';
import { createNewsService } from './news.service.ts';

export function newsRoutes(service: NewsService): Binding[] {
  return [
    bind(newsData, async ({ input, user }) => service.feed(user, input.page)),

    bind(newsCheck, async ({ input, user }) => service.check(user, input.id, input.type)),

    bind(newsInsert, async ({ input, user, files, remember }) => service.insert(user, input, files, remember)),

    bind(newsDelete, async ({ input, user }) => service.remove(user, input.id)),

    bind(newsDownload, async ({ input, user }) => {
      const file = await service.download(user, input.filename);
      return new FileReply(file.stream, file.size, file.contentType, file.name, 'attachment');
    }),
  ];
}

/** The news feed. */
export function newsModule(p: Platform, files: FilesService) {
  const service = createNewsService({ repo: createNewsRepository(p.db, p.changes), storage: p.storage, files });
  return { service, routes: newsRoutes(service) };
}
