import { umkFormFields as field, umkInsertOrUpdate } from '@okuu/contracts/umk/insert-or-update';
import type { UmkAudience, UmkMaterial } from '@okuu/contracts/umk/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadForm } from '../../../lib/upload';
import { umkKeys } from './get-umk-lists';

/** Spec: a new material is marked by id -1 (other ids change one). */
export const NEW_MATERIAL_ID = -1;

export interface UmkDraft {
  id: number;
  title: string;
  author: string;
  /** '' when unknown. */
  totalPages: string;
  annotation: string;
  typeId: number;
  disciplineId: number;
  semesterId: number;
  examinationId: number;
  audience: UmkAudience;
  /** 'Available in e-library', in library subcategory `bookCategoryId`. */
  isLibrary: boolean;
  bookCategoryId: number;
  file: File | null;
}

/** The multipart body of umk.insertOrUpdate. */
export function umkFormData(draft: UmkDraft): FormData {
  const form = new FormData();
  form.append(field.id_books, String(draft.id));
  form.append(field.umkName, draft.title);
  form.append(field.author, draft.author);
  form.append(field.totalPages, draft.totalPages);
  form.append(field.annotation, draft.annotation);
  form.append(field.id_typeUmk, String(draft.typeId));
  form.append(field.id_discipline, String(draft.disciplineId));
  form.append(field.id_semester, String(draft.semesterId));
  form.append(field.id_examination, String(draft.examinationId));
  form.append(field.audience, draft.audience);
  form.append(field.isLibrary, draft.isLibrary ? 'true' : 'false');
  if (draft.isLibrary) form.append(field.id_bookCategory, String(draft.bookCategoryId));
  if (draft.file) {
    form.append(field.fileName, draft.file.name);
    form.append(field.files, draft.file, draft.file.name);
  }
  return form;
}

interface SaveArgs {
  draft: UmkDraft;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Uploads a study material with its file, reporting the real progress; the lists are loaded again. */
export function useSaveUmk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, onProgress, signal }: SaveArgs): Promise<UmkMaterial> =>
      uploadForm(umkInsertOrUpdate, umkFormData(draft), { onProgress, signal }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: umkKeys.all }),
  });
}
