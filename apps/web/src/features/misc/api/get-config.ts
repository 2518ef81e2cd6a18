import { portalConfig } from '@okuu/contracts/misc/config';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getConfig(signal?: AbortSignal) {
  return callApi(portalConfig, {}, { signal });
}

/** Client configuration (base paths, languages, limits); loaded after sign-in for the screens that use it. */
export const configQuery = queryOptions({
  queryKey: ['misc', 'config'],
  queryFn: ({ signal }) => getConfig(signal),
  staleTime: Number.POSITIVE_INFINITY,
});
