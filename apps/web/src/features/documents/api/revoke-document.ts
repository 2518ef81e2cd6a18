import { documentsRevoke } from '@okuu/contracts/documents/documents';
import type { RequestOf } from '@okuu/contracts/endpoint';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { documentsKeys } from './keys';

/** Staff revoke a document for a reason; afterwards (also on a refusal) the register is loaded again. */
export function useRevokeDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof documentsRevoke>) => callApi(documentsRevoke, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentsKeys.all }),
  });
}
