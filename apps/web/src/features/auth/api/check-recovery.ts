import type { recovery } from '@okuu/contracts/auth/recovery';
import type { RequestOf } from '@okuu/contracts/endpoint';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** (Contracts load with the call: see get-logo.ts.) */
export async function checkRecovery(input: RequestOf<typeof recovery>) {
  const contract = await import('@okuu/contracts/auth/recovery');
  return callApi(contract.recovery, input);
}

/** Whether typed credentials are issued ones that must be changed first (LOG_PAS 1). */
export function useCheckRecovery() {
  return useMutation({ mutationFn: checkRecovery });
}
