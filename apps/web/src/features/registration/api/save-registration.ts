import type { RequestOf } from '@okuu/contracts/endpoint';
import { saveRegistration } from '@okuu/contracts/registration/save';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { registrationKeys } from './keys';

export type SaveRegistrationInput = RequestOf<typeof saveRegistration>;

/**
 * Saves a registration. The key makes a retry of the same save (a reply lost on a weak network) get the first reply
 * instead of registering twice; each new save gets a new key.
 */
export function saveRegistrationCall(input: SaveRegistrationInput, idempotencyKey: string) {
  return callApi(saveRegistration, input, { headers: { 'Idempotency-Key': idempotencyKey } });
}

/** Saves a registration; every list of the screen is loaded again (the registrations, the seats), failed or not. */
export function useSaveRegistration() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, key }: { input: SaveRegistrationInput; key: string }) => saveRegistrationCall(input, key),
    onSettled: () => queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}
