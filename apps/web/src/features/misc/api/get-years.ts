import { years } from '@okuu/contracts/misc/years';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getYears(signal?: AbortSignal) {
  return callApi(years, {}, { signal });
}

export const yearsQuery = queryOptions({
  queryKey: ['misc', 'years'],
  queryFn: ({ signal }) => getYears(signal),
  staleTime: 3_600_000,
});

/** The six academic-year options 'YYYY-YY' (current year −4 to +1). */
export function useYears() {
  return useQuery(yearsQuery);
}
