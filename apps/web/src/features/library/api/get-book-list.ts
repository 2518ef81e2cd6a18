import type { DataOf } from '@okuu/contracts/endpoint';
import { bookList } from '@okuu/contracts/library/book-list';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { libraryKeys } from './get-categories';

export type BookListPage = DataOf<typeof bookList>;

/** What the list shows: base category and subcategory (-1: any), the search text (name or author), the page. */
export interface BookQuery {
  baseId: number;
  categoryId: number;
  search: string;
  page: number;
}

export function getBookList(query: BookQuery, signal?: AbortSignal) {
  return callApi(
    bookList,
    { id_baseBookCategory: query.baseId, id_bookCategory: query.categoryId, search: query.search, page: query.page },
    { signal },
  );
}

/** One page of the library; the previous page stays on screen while the next one loads. */
export function useBookList(query: BookQuery) {
  return useQuery({
    queryKey: [...libraryKeys.lists, query],
    queryFn: ({ signal }) => getBookList(query, signal),
    // Always fresh on entering the screen: a study material may have joined the library meanwhile.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
