import { notificationsCount } from '@okuu/contracts/notifications/notifications';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useSyncExternalStore } from 'react';
import { callApi } from '../../../lib/api';
import { liveEvents } from '../../../lib/live-events';
import { realtimeStatus } from '../../../lib/realtime-events';
import { NOTIFICATIONS_POLL_MS, notificationKeys } from './keys';

export function getUnreadCount(signal?: AbortSignal) {
  return callApi(notificationsCount, {}, { signal }).then((data) => data.unread);
}

export const unreadNotificationsQuery = queryOptions({
  queryKey: notificationKeys.unread,
  queryFn: ({ signal }) => getUnreadCount(signal),
  staleTime: 30_000,
});

/**
 * The caller's unread notifications: live over the realtime socket (the server sends the new count whenever it
 * changes, on any device), polled while the socket is down; the list is fetched afresh when the count moves.
 */
export function useUnreadNotifications() {
  const queryClient = useQueryClient();
  const connected = useSyncExternalStore(
    realtimeStatus.subscribe,
    () => realtimeStatus.get() === 'open',
    () => false,
  );
  useEffect(
    () =>
      liveEvents.on((event) => {
        if (event.type === 'notifications') {
          // A count fetched before this event may answer after it: that fetch is dropped, the event's count is newer.
          void queryClient.cancelQueries({ queryKey: notificationKeys.unread }).then(() => {
            if (queryClient.getQueryData(notificationKeys.unread) === event.unread) return;
            queryClient.setQueryData(notificationKeys.unread, event.unread);
            void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
          });
        } else if (event.type === 'ready') {
          // Connected anew: what happened meanwhile is fetched.
          void queryClient.invalidateQueries({ queryKey: notificationKeys.unread });
        }
      }),
    [queryClient],
  );
  return useQuery({ ...unreadNotificationsQuery, refetchInterval: connected ? false : NOTIFICATIONS_POLL_MS });
}
