import { defaultYear } from '@okuu/contracts/misc/years';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getDefaultYear(signal?: AbortSignal) {
  return callApi(defaultYear, {}, { signal });
}

/** The default academic year (it switches after September). */
export function useDefaultYear() {
  return useQuery({
    queryKey: ['misc', 'defaultYear'],
    queryFn: ({ signal }) => getDefaultYear(signal),
    staleTime: 3_600_000,
  });
}
