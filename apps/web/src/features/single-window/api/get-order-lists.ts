import { districtList, documentList, purposeList, regionList } from '@okuu/contracts/single-window/lists';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

// The lists of the order form. They change rarely (reference data): each is kept for a while.

export const singleWindowKeys = {
  all: ['single-window'] as const,
  lists: ['single-window', 'lists'] as const,
  orders: ['single-window', 'orders'] as const,
  queue: ['single-window', 'queue'] as const,
};

const LISTS_STALE_MS = 30 * 60_000;

export function useDocumentTypes() {
  return useQuery({
    queryKey: [...singleWindowKeys.lists, 'documents'],
    queryFn: ({ signal }) => callApi(documentList, {}, { signal }),
    staleTime: LISTS_STALE_MS,
  });
}

export function useRegions() {
  return useQuery({
    queryKey: [...singleWindowKeys.lists, 'regions'],
    queryFn: ({ signal }) => callApi(regionList, {}, { signal }),
    staleTime: LISTS_STALE_MS,
  });
}

/** The districts of a region; nothing is asked until a region is chosen (`regionId` > 0). */
export function useDistricts(regionId: number) {
  return useQuery({
    queryKey: [...singleWindowKeys.lists, 'districts', regionId],
    queryFn: ({ signal }) => callApi(districtList, { id_region: regionId }, { signal }),
    staleTime: LISTS_STALE_MS,
    enabled: regionId > 0,
  });
}

export function usePurposes() {
  return useQuery({
    queryKey: [...singleWindowKeys.lists, 'purposes'],
    queryFn: ({ signal }) => callApi(purposeList, {}, { signal }),
    staleTime: LISTS_STALE_MS,
  });
}
