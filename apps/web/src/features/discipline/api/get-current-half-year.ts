import { currentHalfYear } from '@okuu/contracts/discipline/current';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

/** Spec section 9: the semester is 2 when it is not known. */
export const DEFAULT_HALF_YEAR = 2;

export function getCurrentHalfYear(signal?: AbortSignal) {
  return callApi(currentHalfYear, {}, { signal });
}

/** The current half-year (1 fall, 2 spring, 3 summer). */
export function useCurrentHalfYear() {
  return useQuery({
    queryKey: ['discipline', 'currentHalfYear'],
    queryFn: ({ signal }) => getCurrentHalfYear(signal),
    staleTime: 3_600_000,
  });
}
