import { registeredFacultyList } from '@okuu/contracts/misc/faculties';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getFacultyList(signal?: AbortSignal) {
  return callApi(registeredFacultyList, {}, { signal });
}

/** The university's faculties (names in the three languages); `enabled` false until a screen needs them. */
export function useFacultyList({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: ['misc', 'faculties'],
    queryFn: ({ signal }) => getFacultyList(signal),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
