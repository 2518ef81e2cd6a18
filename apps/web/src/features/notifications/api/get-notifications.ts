import { notificationsList } from '@okuu/contracts/notifications/notifications';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { notificationKeys } from './keys';

export const PAGE_SIZE = 20;

export const notificationsQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list,
  queryFn: ({ pageParam, signal }) =>
    callApi(notificationsList, { limit: PAGE_SIZE, ...(pageParam ? { before: pageParam } : {}) }, { signal }),
  initialPageParam: 0,
  getNextPageParam: (last) => last.next ?? undefined,
});

/** The caller's notifications, newest first, a page at a time (load more). */
export function useNotifications(enabled = true) {
  return useInfiniteQuery({ ...notificationsQuery, enabled });
}
