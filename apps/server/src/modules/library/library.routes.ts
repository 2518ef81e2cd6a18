import { bookList } from '@okuu/contracts/library/book-list';
import { baseBookCategories, bookCategories } from '@okuu/contracts/library/categories';
import { deleteBook } from '@okuu/contracts/library/delete-book';
import { deleteCheck } from '@okuu/contracts/library/delete-check';
import { bookDownload, bookPreview } from '@okuu/contracts/library/download';
import { insertUpdateBook } from '@okuu/contracts/library/insert-update-book';
import type { Platform } from '../../lib/platform.ts';
import { fileReply } from '../../lib/uploads.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { FilesService } from '../files/files.service.ts';
import { createLibraryRepository } from './library.repository.ts';
import type { LibraryService } from './library.service.ts';
import { createLibraryService } from './library.service.ts';

export function libraryRoutes(service: LibraryService): Binding[] {
  return [
    bind(baseBookCategories, async () => service.baseCategories()),

    bind(bookCategories, async ({ input }) => service.categories(input.id_baseBookCategory)),

    bind(bookList, async ({ input, user }) => service.list(user, input)),

    bind(deleteCheck, async ({ input, user }) => service.deleteCheck(user, input.id_eBook)),

    bind(deleteBook, async ({ input, user }) => service.remove(user, input.id_eBook)),

    bind(insertUpdateBook, async ({ input, user, files, remember }) => service.save(user, input, files, remember)),

    bind(bookDownload, async ({ input }) => {
      const file = await service.file(input.id, 'download');
      return fileReply(file.stored, file.name, file.mode);
    }),

    bind(bookPreview, async ({ input }) => {
      const file = await service.file(input.id, 'preview');
      return fileReply(file.stored, file.name, file.mode);
    }),
  ];
}

/** The e-library. */
export function libraryModule(p: Platform, files: FilesService) {
  const service = createLibraryService({ repo: createLibraryRepository(p.db, p.changes), storage: p.storage, files });
  return { service, routes: libraryRoutes(service) };
}
