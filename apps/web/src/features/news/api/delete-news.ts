import { newsDelete } from '@okuu/contracts/news/delete';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type NewsPage, newsKeys } from './get-news';

export function deleteNews(id: number) {
  return callApi(newsDelete, { id });
}

const without = (page: NewsPage, id: number): NewsPage => ({
  ...page,
  items: page.items.filter((item) => item.id_eventMessage !== id),
});

/** Delete a news item (users with the news permission): it leaves the feed at once, then the feed is fetched again. */
export function useDeleteNews() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNews,
    onSuccess: ({ id }) => {
      queryClient.setQueryData<NewsPage>(newsKeys.head, (head) => (head ? without(head, id) : head));
      queryClient.setQueryData<InfiniteData<NewsPage, number>>(newsKeys.older, (older) =>
        older ? { ...older, pages: older.pages.map((page) => without(page, id)) } : older,
      );
      void queryClient.invalidateQueries({ queryKey: newsKeys.all });
    },
  });
}
