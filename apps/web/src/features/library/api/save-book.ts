import type { EBook } from '@okuu/contracts/library/book';
import { insertUpdateBookFields as field, insertUpdateBook } from '@okuu/contracts/library/insert-update-book';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type UploadProgress, uploadForm } from '../../../lib/upload';
import { libraryKeys } from './get-categories';

/** Spec: a new book is marked by id -1 (other ids change a book). */
export const NEW_BOOK_ID = -1;

export interface BookDraft {
  id: number;
  name: string;
  author: string;
  description: string;
  /** '' when unknown. */
  totalPages: string;
  categoryId: number;
  file: File | null;
}

/** The multipart body of library.insertUpdateBook. */
export function bookFormData(draft: BookDraft): FormData {
  const form = new FormData();
  form.append(field.id_eBook, String(draft.id));
  form.append(field.name, draft.name);
  form.append(field.author, draft.author);
  form.append(field.description, draft.description);
  form.append(field.totalPages, draft.totalPages);
  form.append(field.id_bookCategory, String(draft.categoryId));
  if (draft.file) {
    form.append(field.fileName, draft.file.name);
    form.append(field.files, draft.file, draft.file.name);
  }
  return form;
}

interface SaveArgs {
  draft: BookDraft;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** Adds (or changes) a book with its file, reporting the upload's real progress; the list is loaded again. */
export function useSaveBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ draft, onProgress, signal }: SaveArgs): Promise<EBook> =>
      uploadForm(insertUpdateBook, bookFormData(draft), { onProgress, signal }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.lists }),
  });
}
