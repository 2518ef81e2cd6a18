import { normalizeVerificationCode } from '@okuu/contracts/single-window/order';
import { verifyDocument } from '@okuu/contracts/single-window/orders';
import { useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api';

/** What the public page confirms of a document by its verification code (null: no document has this code). */
export function useVerification(code: string) {
  return useQuery({
    queryKey: ['single-window', 'verify', normalizeVerificationCode(code)],
    queryFn: async ({ signal }) => {
      try {
        return await callApi(verifyDocument, { code }, { signal });
      } catch (error) {
        // An unknown or malformed code is an answer, not a failure.
        if (error instanceof ApiError && (error.code === 'not_found' || error.code === 'validation')) return null;
        throw error;
      }
    },
    enabled: code.trim() !== '',
    retry: false,
    staleTime: 60_000,
  });
}
