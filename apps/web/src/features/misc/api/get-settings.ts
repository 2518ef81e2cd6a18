import { settings } from '@okuu/contracts/misc/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getSettings(signal?: AbortSignal) {
  return callApi(settings, {}, { signal });
}

export const settingsQuery = queryOptions({
  queryKey: ['misc', 'settings'],
  queryFn: ({ signal }) => getSettings(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** Portal settings for the signed-in user's role (university name, upload limit, elective registration). */
export function useSettings() {
  return useQuery(settingsQuery);
}
