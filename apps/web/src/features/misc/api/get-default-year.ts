import { defaultYear } from '@okuu/contracts/misc/years';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getDefaultYear(signal?: AbortSignal) {
  return callApi(defaultYear, {}, { signal });
}

export const defaultYearQuery = queryOptions({
  queryKey: ['misc', 'defaultYear'],
  queryFn: ({ signal }) => getDefaultYear(signal),
  staleTime: 3_600_000,
});

/** The default academic year (it switches after September). */
export function useDefaultYear() {
  return useQuery(defaultYearQuery);
}
