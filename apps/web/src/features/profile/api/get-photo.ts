import { photo } from '@okuu/contracts/misc/photo';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export function getPhoto(signal?: AbortSignal) {
  return callApi(photo, {}, { signal });
}

export const photoQuery = queryOptions({
  queryKey: ['profile', 'photo'],
  queryFn: ({ signal }) => getPhoto(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

/** The address of the signed-in user's photo, or null (a placeholder is shown). */
export function usePhoto() {
  return useQuery(photoQuery);
}
