import type { orize } from '@okuu/contracts/auth/orize';
import type { RequestOf } from '@okuu/contracts/endpoint';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** (Contracts load with the call: see get-logo.ts.) */
export async function signIn(input: RequestOf<typeof orize>) {
  const contract = await import('@okuu/contracts/auth/orize');
  return callApi(contract.orize, input);
}

/** Sign in with login and password; the server sets the session cookie. */
export function useSignInRequest() {
  return useMutation({ mutationFn: signIn });
}
