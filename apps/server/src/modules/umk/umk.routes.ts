import { umkDelete } from '@okuu/contracts/umk/delete';
import { umkDownload, umkPreview } from '@okuu/contracts/umk/download';
import { umkInsertOrUpdate } from '@okuu/contracts/umk/insert-or-update';
import {
  umkBookCategories,
  umkDisciplines,
  umkExamTypes,
  umkSemesters,
  umkStudentDisciplines,
  umkStudentExamTypes,
  umkStudentSemesters,
  umkTeachers,
  umkTypes,
} from '@okuu/contracts/umk/lists';
import { umkList, umkStudentList } from '@okuu/contracts/umk/umk-list';
import type { Platform } from '../../lib/platform.ts';
import { fileReply } from '../../lib/uploads.ts';
import { type Binding, bind } from '../../plugins/router.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LibraryService } from '../library/library.service.ts';
import { createUmkRepository } from './umk.repository.ts';
import type { UmkService } from './umk.service.ts';
import { createUmkService } from './umk.service.ts';

export function umkRoutes(service: UmkService): Binding[] {
  return [
    bind(umkSemesters, async () => service.semesters()),
    bind(umkStudentSemesters, async ({ user }) => service.studentSemesters(user)),
    bind(umkDisciplines, async ({ input, user }) => service.disciplines(user, input.id_semester, input.scope)),
    bind(umkStudentDisciplines, async ({ input, user }) => service.studentDisciplines(user, input.id_semester)),
    bind(umkStudentExamTypes, async ({ input, user }) =>
      service.studentExamTypes(user, input.id_semester, input.id_discipline),
    ),
    bind(umkExamTypes, async () => service.examTypes()),
    bind(umkTeachers, async ({ input, user }) => service.teachers(user, input.id_semester, input.id_discipline)),
    bind(umkTypes, async () => service.types()),
    bind(umkBookCategories, async () => service.bookCategories()),

    bind(umkList, async ({ input, user }) => service.list(user, input)),
    bind(umkStudentList, async ({ input, user }) => service.list(user, input)),

    bind(umkInsertOrUpdate, async ({ input, user, files, remember }) => service.save(user, input, files, remember)),
    bind(umkDelete, async ({ input, user }) => service.remove(user, input.id_books)),

    bind(umkDownload, async ({ input, user }) => {
      const file = await service.file(user, input.id, 'download');
      return fileReply(file.stored, file.name, file.mode);
    }),
    bind(umkPreview, async ({ input, user }) => {
      const file = await service.file(user, input.id, 'preview');
      return fileReply(file.stored, file.name, file.mode);
    }),
  ];
}

/** Study materials; those in the e-library go through its service. */
export function umkModule(p: Platform, files: FilesService, library: Pick<LibraryService, 'shelveMaterial'>) {
  const service = createUmkService({ repo: createUmkRepository(p.db, p.changes), storage: p.storage, files, library });
  return { service, routes: umkRoutes(service) };
}
