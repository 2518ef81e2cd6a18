import { deleteRegistration } from '@okuu/contracts/registration/delete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { registrationKeys } from './keys';

export function deleteRegistrationCall(id: number) {
  return callApi(deleteRegistration, { id_disciplineForStudent: id });
}

/** Deletes one of the student's registrations; the lists are loaded again. */
export function useDeleteRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRegistrationCall,
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
