import type { RequestOf } from '@okuu/contracts/endpoint';
import { resetPassword } from '@okuu/contracts/profile/reset-password';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function changePassword(input: RequestOf<typeof resetPassword>) {
  return callApi(resetPassword, input);
}

/** Change the signed-in user's password (the old one must match). */
export function useResetPassword() {
  return useMutation({ mutationFn: changePassword });
}
