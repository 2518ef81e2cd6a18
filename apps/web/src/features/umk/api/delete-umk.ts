import { umkDelete } from '@okuu/contracts/umk/delete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { umkKeys } from './get-umk-lists';

export function deleteUmk(id: number) {
  return callApi(umkDelete, { id_books: id });
}

/** Deletes one of the teacher's own materials; the list (and the filters' lists) are loaded again. */
export function useDeleteUmk() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteUmk,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: umkKeys.all }),
  });
}
