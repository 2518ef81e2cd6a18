import type { NewsItem } from '@okuu/contracts/news/news-item';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { type NewsPage, newsKeys, useNewsHead, useOlderNews } from '../api/get-news';

/**
 * The items of the pages in order, each id once: when items shift between pages (an item posted or deleted between
 * two fetches), the copy on the earlier page wins.
 */
export function mergePages(pages: readonly (NewsPage | undefined)[]): NewsItem[] {
  const seen = new Set<number>();
  const items: NewsItem[] = [];
  for (const page of pages) {
    for (const item of page?.items ?? []) {
      if (seen.has(item.id_eventMessage)) continue;
      seen.add(item.id_eventMessage);
      items.push(item);
    }
  }
  return items;
}

/**
 * The news feed: page 1 kept fresh (new items appear on top without a reload), and the older pages appended one by
 * one with `loadMore` (spec: load-more appends the next page, the page number rising by 1).
 */
export function useNewsFeed() {
  const queryClient = useQueryClient();
  const head = useNewsHead();
  // Older pages already in the cache (the reader comes back to the screen) stay shown.
  const [wantsOlder, setWantsOlder] = useState(() => queryClient.getQueryData(newsKeys.older) !== undefined);
  const older = useOlderNews(wantsOlder);

  // When page 1 changes (items posted or deleted), the older pages loaded so far are fetched again, so that no item
  // falls into a gap between page 1 and them.
  const headIds = head.data?.items.map((item) => item.id_eventMessage).join(',');
  const lastHeadIds = useRef(headIds);
  useEffect(() => {
    if (headIds === undefined) return;
    if (lastHeadIds.current !== undefined && lastHeadIds.current !== headIds && wantsOlder) {
      void queryClient.invalidateQueries({ queryKey: newsKeys.older });
    }
    lastHeadIds.current = headIds;
  }, [headIds, wantsOlder, queryClient]);

  const items = useMemo(() => mergePages([head.data, ...(older.data?.pages ?? [])]), [head.data, older.data]);
  const lastPage = (wantsOlder ? older.data?.pages.at(-1) : undefined) ?? head.data;

  return {
    items,
    /** Page 1's query: the feed's loading, failed and offline states follow it. */
    head,
    hasMore: lastPage?.hasMore ?? false,
    loadingMore: wantsOlder && (older.isFetchingNextPage || older.isPending),
    loadMoreError: wantsOlder && older.isError && !older.isFetching ? older.error : null,
    loadMore() {
      if (!wantsOlder) setWantsOlder(true);
      else void older.fetchNextPage();
    },
  };
}
