import { chatMessages } from '@okuu/contracts/chat/messages';
import { chatNewMessages } from '@okuu/contracts/chat/new-messages';
import { chatOldMessages } from '@okuu/contracts/chat/old-messages';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type ConversationRef, conversationFieldsOf } from '../lib/conversation-ref';
import { type ConversationState, withNewest } from '../lib/conversation-state';
import { chatKeys } from './keys';

/** The newest page of a conversation (messages.json), oldest first. */
export function getNewestMessages(ref: ConversationRef, signal?: AbortSignal) {
  return callApi(chatMessages, conversationFieldsOf(ref), { signal });
}

/** The page just before message `topId` (old.json). */
export function getOlderMessages(ref: ConversationRef, topId: number, signal?: AbortSignal) {
  return callApi(chatOldMessages, { ...conversationFieldsOf(ref), id_top_message: topId }, { signal });
}

/** The page just after message `lastId` (new.json; 0 for the start). */
export function getNewerMessages(ref: ConversationRef, lastId: number, signal?: AbortSignal) {
  return callApi(chatNewMessages, { ...conversationFieldsOf(ref), id_last_message: lastId }, { signal });
}

/**
 * A conversation as held in the cache: fetched as its newest page and merged with what was held (spec: sending a
 * message reloads the conversation; a reload keeps the older pages that join it). Pages before and after are added
 * by the conversation hook.
 */
export function useConversationQuery(ref: ConversationRef, queryClient: QueryClient) {
  const key = chatKeys.conversation(ref);
  return useQuery({
    queryKey: key,
    queryFn: async ({ signal }) =>
      withNewest(queryClient.getQueryData<ConversationState>(key), await getNewestMessages(ref, signal)),
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
