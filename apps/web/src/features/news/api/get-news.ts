import type { DataOf } from '@okuu/contracts/endpoint';
import { newsData } from '@okuu/contracts/news/data';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

export type NewsPage = DataOf<typeof newsData>;

export const newsKeys = {
  all: ['news'] as const,
  /** Page 1 of the feed, kept fresh. */
  head: ['news', 'feed', 'head'] as const,
  /** The pages after the first, loaded on demand. */
  older: ['news', 'feed', 'older'] as const,
};

/** New items reach readers without a reload: page 1 is fetched again this often while the tab is visible. */
export const NEWS_REFRESH_MS = 30_000;

/** One page of the caller's feed, newest first (page 1 first). */
export function getNews(page: number, signal?: AbortSignal) {
  return callApi(newsData, { page }, { signal });
}

/** Page 1 of the feed: fetched on entering the screen, every 30 s while the tab is visible, and on window focus. */
export function useNewsHead() {
  return useQuery({
    queryKey: newsKeys.head,
    queryFn: ({ signal }) => getNews(1, signal),
    staleTime: 0,
    refetchInterval: NEWS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Pages 2, 3… of the feed, each fetched when the reader asks for more (`enabled` once they first do). */
export function useOlderNews(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: newsKeys.older,
    queryFn: ({ pageParam, signal }) => getNews(pageParam, signal),
    initialPageParam: 2,
    getNextPageParam: (last: NewsPage) => (last.hasMore ? last.page + 1 : undefined),
    staleTime: Number.POSITIVE_INFINITY,
    enabled,
  });
}
