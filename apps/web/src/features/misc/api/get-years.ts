import { years } from '@okuu/contracts/misc/years';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getYears(signal?: AbortSignal) {
  return callApi(years, {}, { signal });
}

/** The six academic-year options 'YYYY-YY' (current year −4 to +1). */
export function useYears() {
  return useQuery({ queryKey: ['misc', 'years'], queryFn: ({ signal }) => getYears(signal), staleTime: 3_600_000 });
}
