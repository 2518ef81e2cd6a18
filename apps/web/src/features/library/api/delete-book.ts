import { deleteBook } from '@okuu/contracts/library/delete-book';
import { deleteCheck } from '@okuu/contracts/library/delete-check';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { libraryKeys } from './get-categories';

/** Asks the server whether the signed-in user may delete the book (spec: the check with the human id). */
export function checkDelete(bookId: number, humanId: number) {
  return callApi(deleteCheck, { id_eBook: bookId, id_human: humanId });
}

/** The permission check that comes before the delete confirmation. */
export function useDeleteCheck() {
  return useMutation({
    mutationFn: ({ bookId, humanId }: { bookId: number; humanId: number }) => checkDelete(bookId, humanId),
  });
}

export function removeBook(bookId: number) {
  return callApi(deleteBook, { id_eBook: bookId });
}

/** Deletes a book; the list is then loaded again (spec: after a book is deleted, the list is reloaded). */
export function useDeleteBook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeBook,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: libraryKeys.lists }),
  });
}
