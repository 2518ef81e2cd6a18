import { type ChatContact, chatContacts } from '@okuu/contracts/chat/contacts';
import type { DataOf } from '@okuu/contracts/endpoint';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { useChatConnected } from '../hooks/use-chat-connection';
import type { ConversationRef } from '../lib/conversation-ref';
import { CHAT_COUNTS_POLL_MS, chatKeys } from './keys';

export type ContactsData = DataOf<typeof chatContacts>;

export function getContacts(signal?: AbortSignal) {
  return callApi(chatContacts, {}, { signal });
}

/** The caller's contacts of the current half-year, with their unread counts; polled while the socket is down. */
export function useContacts() {
  const connected = useChatConnected();
  return useQuery({
    queryKey: chatKeys.contacts,
    queryFn: ({ signal }) => getContacts(signal),
    staleTime: 30_000,
    refetchInterval: connected ? false : CHAT_COUNTS_POLL_MS,
  });
}

/** A conversation's count set in the cached contacts (the group-chat pseudo-contact's total follows). */
export function setContactCount(queryClient: QueryClient, ref: ConversationRef, count: (old: number) => number): void {
  queryClient.setQueryData<ContactsData>(chatKeys.contacts, (data) => {
    if (!data) return data;
    const next = (n: number) => Math.max(0, count(n));
    if (ref.kind === 'person') {
      return {
        ...data,
        contacts: data.contacts.map((c) =>
          c.idid === ref.peerId ? { ...c, countMessages: next(c.countMessages) } : c,
        ),
      };
    }
    const groupChats = data.groupChats.map((g) =>
      (ref.kind === 'group' ? g.id_group === ref.groupId : g.id_stream === ref.streamId)
        ? { ...g, countMessages: next(g.countMessages) }
        : g,
    );
    const total = groupChats.reduce((n, g) => n + g.countMessages, 0);
    return {
      ...data,
      groupChats,
      contacts: data.contacts.map((c): ChatContact => (c.idid < 0 ? { ...c, countMessages: total } : c)),
    };
  });
}
