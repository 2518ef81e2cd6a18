import type { updateLogin } from '@okuu/contracts/auth/update-login';
import type { RequestOf } from '@okuu/contracts/endpoint';
import { useMutation } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api';

/**
 * Sends the credential update and resolves with the first sms text of the reply (`[[{ sms }]]`), whether
 * the update succeeded or not: a refused update explains itself in the sms of its error envelope.
 * Rejects only when no sms explains a failure. (Contracts load with the call: see get-logo.ts.)
 */
export async function updateCredentials(input: RequestOf<typeof updateLogin>): Promise<string | null> {
  const contract = await import('@okuu/contracts/auth/update-login');
  try {
    const reply = await callApi(contract.updateLogin, input);
    return reply[0]?.[0]?.sms ?? null;
  } catch (error) {
    const explained = error instanceof ApiError ? contract.smsReply.safeParse(error.data) : null;
    const sms = explained?.success ? explained.data[0]?.[0]?.sms : undefined;
    if (sms) return sms;
    throw error;
  }
}

/** Replace issued credentials with the user's own. */
export function useUpdateLogin() {
  return useMutation({ mutationFn: updateCredentials });
}
