import type { updateLogin } from '@okuu/contracts/auth/update-login';
import type { RequestOf } from '@okuu/contracts/endpoint';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/**
 * Sends the credential update and resolves with the first sms text of the reply (`[[{ sms }]]`): the spec's marker of
 * success. A refused update rejects with its error, whose code the screen translates (the sms of a refusal is the
 * server's English text, for API clients). (Contracts load with the call: see get-logo.ts.)
 */
export async function updateCredentials(input: RequestOf<typeof updateLogin>): Promise<string | null> {
  const contract = await import('@okuu/contracts/auth/update-login');
  const reply = await callApi(contract.updateLogin, input);
  return reply[0]?.[0]?.sms ?? null;
}

/** Replace issued credentials with the user's own. */
export function useUpdateLogin() {
  return useMutation({ mutationFn: updateCredentials });
}
