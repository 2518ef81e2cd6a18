import { roles } from '@okuu/contracts/endpoint';
import { umkDownloadUrl, umkPreviewUrl } from '@okuu/contracts/umk/download';
import { studentKindOf, type UmkAudience, type UmkMaterial, umkLimits } from '@okuu/contracts/umk/material';
import { AppError } from '../../lib/app-error.ts';
import type { Change } from '../../lib/changes.ts';
import { isPdfName } from '../../lib/files.ts';
import { type Remember, rememberNothing } from '../../lib/idempotency.ts';
import type { UploadedFile } from '../../lib/replies.ts';
import type { AuthUser } from '../../lib/session.ts';
import type { Storage } from '../../lib/storage.ts';
import { acceptUpload, commitUploads, type FileMode } from '../../lib/uploads.ts';
import { validationError } from '../../lib/validation.ts';
import type { FilesService } from '../files/files.service.ts';
import type { LibraryService } from '../library/library.service.ts';
import type {
  MaterialFields,
  MaterialFile,
  MaterialFilter,
  MaterialRow,
  MaterialScope,
  UmkRepository,
} from './umk.repository.ts';

const notFound = () => new AppError('not_found', 'There is no such study material.');
const fileNotFound = () => new AppError('not_found', 'There is no such file.');

function toMaterial(row: MaterialRow, viewer: AuthUser): UmkMaterial {
  return {
    id_books: row.id,
    id_typeUmk: row.type.id,
    umkName: row.title,
    id_discipline: row.discipline.id,
    p34: row.discipline.name,
    id_semester: row.semester.id,
    p43: row.semester.name,
    id_examination: row.examination.id,
    p30: row.examination.name,
    id_teacher: row.teacherId,
    t_fio: row.teacherName,
    id_forStudentKind: studentKindOf[row.audience],
    files: row.fileName,
    author: row.author,
    totalPages: row.totalPages,
    annotation: row.annotation,
    audience: row.audience,
    isLibrary: row.bookId !== null,
    id_eBook: row.bookId,
    id_bookCategory: row.bookCategoryId,
    type: row.type,
    discipline: row.discipline,
    semester: row.semester,
    examination: row.examination,
    file: {
      name: row.fileName,
      size: row.fileSize,
      url: umkDownloadUrl(row.id),
      previewUrl: isPdfName(row.fileName) ? umkPreviewUrl(row.id) : null,
    },
    created: new Date(row.createdAt).toISOString(),
    updated: new Date(row.updatedAt).toISOString(),
    canEdit: row.teacherId === viewer.id,
  };
}

export interface MaterialInput {
  id_books: number;
  umkName: string;
  author: string;
  totalPages: number;
  annotation: string;
  id_typeUmk: number;
  id_discipline: number;
  id_semester: number;
  id_examination: number;
  audience: UmkAudience;
  isLibrary: boolean;
  id_bookCategory: number | null;
  fileName?: string;
}

export interface ListInput {
  id_semester: number | null;
  id_discipline: number | null;
  id_examination: number | null;
  id_teacher: number | null;
  id_typeUmk: number | null;
  page: number;
}

const named = (r: { name: string; nameKg: string; nameEn: string }) => ({
  name: r.name,
  nameKg: r.nameKg,
  nameEn: r.nameEn,
});

export function createUmkService(deps: {
  repo: UmkRepository;
  storage: Storage;
  files: Pick<FilesService, 'checkQuota'>;
  /** A material's library flag adds, changes or removes its book, in the material's own change. */
  library: Pick<LibraryService, 'shelveMaterial'>;
}) {
  const { repo, storage } = deps;

  /** Teachers and staff see every material; a student those of their disciplines and study form. */
  async function scopeOf(user: AuthUser): Promise<MaterialScope> {
    if (user.role !== roles.student) return { everything: true };
    return {
      everything: false,
      studentId: user.id,
      groupId: user.groupId,
      studyForm: await repo.studyForm(user.groupId),
    };
  }

  function filterOf(input: Omit<ListInput, 'page'>): MaterialFilter {
    return {
      semesterId: input.id_semester,
      disciplineId: input.id_discipline,
      examinationTypeId: input.id_examination,
      teacherId: input.id_teacher,
      typeId: input.id_typeUmk,
    };
  }

  return {
    async types() {
      return (await repo.types()).map((r) => ({ id_typeUmk: r.id, ...named(r) }));
    },

    async bookCategories() {
      return (await repo.bookCategories()).map((r) => ({
        id_bookCategory: r.id,
        id_baseBookCategory: r.baseCategoryId,
        ...named(r),
        baseName: r.baseName,
        baseNameKg: r.baseNameKg,
        baseNameEn: r.baseNameEn,
      }));
    },

    async examTypes() {
      return (await repo.examTypes()).map((r) => ({ id_examination: r.id, ...named(r) }));
    },

    async semesters() {
      return (await repo.semesters()).map((r) => ({ id_semester: r.id, number: r.number, ...named(r) }));
    },

    async studentSemesters(user: AuthUser) {
      const rows = await repo.studentSemesters(user.id, user.groupId);
      return rows.map((r) => ({ id_semester: r.id, number: r.number, ...named(r) }));
    },

    async disciplines(user: AuthUser, semesterId: number | null, scope: 'mine' | 'materials') {
      const rows =
        scope === 'mine'
          ? await repo.teacherDisciplines(user.id, semesterId)
          : await repo.materialDisciplines(semesterId);
      return rows.map((r) => ({ id_discipline: r.id, code: r.code, ...named(r) }));
    },

    async studentDisciplines(user: AuthUser, semesterId: number | null) {
      const rows = await repo.studentDisciplines(user.id, user.groupId, semesterId);
      return rows.map((r) => ({ id_discipline: r.id, code: r.code, ...named(r) }));
    },

    async studentExamTypes(user: AuthUser, semesterId: number | null, disciplineId: number | null) {
      const rows = await repo.studentExamTypes(user.id, semesterId, disciplineId);
      return rows.map((r) => ({ id_examination: r.id, ...named(r) }));
    },

    async teachers(user: AuthUser, semesterId: number | null, disciplineId: number | null) {
      const rows = await repo.teachers(await scopeOf(user), { semesterId, disciplineId });
      return rows.map((r) => ({ id_teacher: r.id, t_fio: r.name }));
    },

    async list(user: AuthUser, input: ListInput) {
      const pageSize = umkLimits.pageSize;
      const scope = await scopeOf(user);
      const filter = filterOf(input);
      const [rows, total] = await Promise.all([
        repo.page(scope, filter, (input.page - 1) * pageSize, pageSize + 1),
        repo.count(scope, filter),
      ]);
      return {
        items: rows.slice(0, pageSize).map((row) => toMaterial(row, user)),
        page: input.page,
        pageSize,
        hasMore: rows.length > pageSize,
        total,
      };
    },

    async save(
      user: AuthUser,
      input: MaterialInput,
      uploads: UploadedFile[],
      remember: Remember = rememberNothing,
    ): Promise<UmkMaterial> {
      const existing = input.id_books === -1 ? null : await repo.material(input.id_books, { everything: true });
      if (input.id_books !== -1 && !existing) throw notFound();
      if (existing && existing.teacherId !== user.id) {
        throw new AppError('forbidden', 'Only the teacher who uploaded a material can change it.');
      }
      const bookCategoryId = input.isLibrary ? input.id_bookCategory : null;
      const missing = await repo.missingReferences({
        typeId: input.id_typeUmk,
        semesterId: input.id_semester,
        examinationTypeId: input.id_examination,
        disciplineId: input.id_discipline,
        bookCategoryId,
      });
      if (missing.length) {
        throw validationError(missing.map((field) => ({ path: [field], rule: 'unknown_record' })));
      }
      const sameDiscipline = existing?.discipline.id === input.id_discipline;
      if (!sameDiscipline && !(await repo.teaches(user.id, input.id_discipline))) {
        throw validationError([{ path: ['id_discipline'], rule: 'not_your_discipline' }]);
      }
      const upload = await acceptUpload(uploads, input.fileName);
      if (!upload && !existing) {
        throw new AppError('file_required', 'No study material file selected: choose the file to upload.');
      }
      const fields: MaterialFields = {
        typeId: input.id_typeUmk,
        title: input.umkName,
        author: input.author,
        totalPages: input.totalPages,
        annotation: input.annotation,
        disciplineId: input.id_discipline,
        semesterId: input.id_semester,
        examinationTypeId: input.id_examination,
        audience: input.audience,
      };

      if (upload) await deps.files.checkQuota(user.id, upload.file.size);
      // The file is written under a temporary key and moved to its own as the rows commit.
      const toStage = upload ? [{ tempPath: upload.file.tempPath, keyPrefix: 'umk' }] : [];
      let file: MaterialFile | null = null;
      // The reply is read inside the transaction (what it wrote), and stored with it for a retry.
      const { material, previousKey } = await commitUploads(storage, toStage, async ([staged], promote) => {
        file = staged && upload ? { fileName: upload.name, fileKey: staged.key, fileSize: staged.size } : null;
        let written: UmkMaterial | undefined;
        const finish = async (change: Change, id: number, now: MaterialFile) => {
          await deps.library.shelveMaterial(
            change,
            id,
            bookCategoryId === null
              ? null
              : {
                  ownerId: user.id,
                  name: fields.title,
                  author: fields.author,
                  description: fields.annotation,
                  totalPages: fields.totalPages,
                  categoryId: bookCategoryId,
                  ...now,
                },
          );
          const row = await repo.material(id, { everything: true }, change.tx);
          if (!row) throw notFound();
          written = toMaterial(row, user);
          await remember(change.tx, written);
          await promote(change.tx);
        };
        const previousKey = existing ? await repo.update(existing.id, fields, file, finish) : null;
        if (!existing) await repo.insert(user.id, fields, file as unknown as MaterialFile, finish);
        return { material: written as UmkMaterial, previousKey };
      });
      if (file && previousKey && previousKey !== (file as MaterialFile).fileKey) {
        await storage.delete(previousKey).catch(() => {});
      }
      return material;
    },

    async remove(user: AuthUser, id: number) {
      const row = await repo.material(id, { everything: true });
      if (!row) throw notFound();
      if (row.teacherId !== user.id) {
        throw new AppError('forbidden', 'Only the teacher who uploaded a material can delete it.');
      }
      const key = await repo.delete(id, (change) => deps.library.shelveMaterial(change, id, null));
      if (key) await storage.delete(key).catch(() => {});
      return { id_books: id, deleted: true as const };
    },

    /** A material's file, to a caller who may list the material (404 otherwise, revealing nothing). */
    async file(user: AuthUser, id: number, mode: FileMode) {
      const row = await repo.material(id, await scopeOf(user));
      const stored = row ? await storage.get(row.fileKey) : null;
      if (!row || !stored) throw fileNotFound();
      return { stored, name: row.fileName, mode };
    },
  };
}

export type UmkService = ReturnType<typeof createUmkService>;
