import { currentHalfYear } from '@okuu/contracts/discipline/current';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getCurrentHalfYear(signal?: AbortSignal) {
  return callApi(currentHalfYear, {}, { signal });
}

export const currentHalfYearQuery = queryOptions({
  queryKey: ['discipline', 'currentHalfYear'],
  queryFn: ({ signal }) => getCurrentHalfYear(signal),
  staleTime: 3_600_000,
});

/** The current half-year (1 fall, 2 spring, 3 summer). */
export function useCurrentHalfYear() {
  return useQuery(currentHalfYearQuery);
}
