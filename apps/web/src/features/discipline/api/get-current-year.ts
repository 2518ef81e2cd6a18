import { currentYear } from '@okuu/contracts/discipline/current';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getCurrentYear(signal?: AbortSignal) {
  return callApi(currentYear, {}, { signal });
}

export const currentYearQuery = queryOptions({
  queryKey: ['discipline', 'currentYear'],
  queryFn: ({ signal }) => getCurrentYear(signal),
  staleTime: 3_600_000,
});

/** The current academic year. */
export function useCurrentYear() {
  return useQuery(currentYearQuery);
}
