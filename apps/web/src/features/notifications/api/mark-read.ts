import { notificationsRead, notificationsReadAll } from '@okuu/contracts/notifications/notifications';
import { type InfiniteData, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { notificationKeys } from './keys';

type Page = Awaited<
  ReturnType<typeof callApi<typeof import('@okuu/contracts/notifications/notifications').notificationsList>>
>;

/** The list as cached, with `read` items marked read (all when null). */
function markedRead(queryClient: ReturnType<typeof useQueryClient>, id: number | null) {
  queryClient.setQueryData<InfiniteData<Page>>(notificationKeys.list, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((p) => ({
            ...p,
            items: p.items.map((i) => (id === null || i.id === id ? { ...i, read: true } : i)),
          })),
        }
      : data,
  );
}

/** Marks one notification read (on every device): the count drops. */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callApi(notificationsRead, { id }),
    onSuccess: ({ unread }, id) => {
      queryClient.setQueryData(notificationKeys.unread, unread);
      markedRead(queryClient, id);
    },
  });
}

/** Marks every notification read. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(notificationsReadAll, {}),
    onSuccess: ({ unread }) => {
      queryClient.setQueryData(notificationKeys.unread, unread);
      markedRead(queryClient, null);
    },
  });
}
