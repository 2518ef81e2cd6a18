import { baseBookCategories, bookCategories } from '@okuu/contracts/library/categories';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { BLANK_ID } from '../../../lib/selection';

export const libraryKeys = {
  all: ['library'] as const,
  baseCategories: ['library', 'base-categories'] as const,
  categories: (baseId: number) => ['library', 'categories', baseId] as const,
  lists: ['library', 'list'] as const,
};

/** The categories change rarely: kept for the visit. */
const CATEGORIES_STALE_MS = 10 * 60_000;

/** The library's base categories, in display order. */
export function useBaseCategories() {
  return useQuery({
    queryKey: libraryKeys.baseCategories,
    queryFn: ({ signal }) => callApi(baseBookCategories, {}, { signal }),
    staleTime: CATEGORIES_STALE_MS,
  });
}

/** The subcategories of base category `baseId` (the blank entry, -1: every subcategory). */
export function useCategories(baseId: number = BLANK_ID) {
  return useQuery({
    queryKey: libraryKeys.categories(baseId),
    queryFn: ({ signal }) => callApi(bookCategories, { id_baseBookCategory: baseId }, { signal }),
    staleTime: CATEGORIES_STALE_MS,
  });
}
