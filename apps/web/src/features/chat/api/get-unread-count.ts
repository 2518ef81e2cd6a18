import { chatCount } from '@okuu/contracts/chat/count';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useChatConnected } from '../hooks/use-chat-connection';
import { CHAT_COUNTS_POLL_MS, chatKeys } from './keys';

export function getUnreadCount(signal?: AbortSignal) {
  return callApi(chatCount, {}, { signal }).then((data) => data.count);
}

export const unreadCountQuery = queryOptions({
  queryKey: chatKeys.count,
  queryFn: ({ signal }) => getUnreadCount(signal),
  staleTime: 30_000,
});

/** The caller's unread messages, from people and group chats together; polled while the socket is down. */
export function useUnreadCount() {
  const connected = useChatConnected();
  return useQuery({ ...unreadCountQuery, refetchInterval: connected ? false : CHAT_COUNTS_POLL_MS });
}
