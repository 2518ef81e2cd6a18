import { chatRead } from '@okuu/contracts/chat/read';
import { chatReadAll } from '@okuu/contracts/chat/read-all';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type ConversationRef, conversationFieldsOf } from '../lib/conversation-ref';
import { type ConversationState, withAllRead, withRead } from '../lib/conversation-state';
import { setContactCount } from './get-contacts';
import { chatKeys } from './keys';

export function markRead(id: number) {
  return callApi(chatRead, { id_message: id });
}

/** Every message the caller received read; or, with a conversation, only that conversation's. */
export function markAllRead(ref?: ConversationRef) {
  return callApi(chatReadAll, ref ? conversationFieldsOf(ref) : {});
}

/** Mark one received message of a conversation read: its counters drop by one (spec section 4). */
export function useMarkRead(ref: ConversationRef) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markRead,
    onSuccess: ({ id_message, changed, count }) => {
      queryClient.setQueryData<ConversationState>(chatKeys.conversation(ref), (state) =>
        state ? withRead(state, [id_message], false) : state,
      );
      queryClient.setQueryData(chatKeys.count, count);
      if (changed) setContactCount(queryClient, ref, (n) => n - 1);
    },
  });
}

/** Mark everything read (no conversation: every chat), and the counters go to 0 (spec section 4). */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ref: ConversationRef | undefined) => markAllRead(ref),
    onSuccess: ({ count }, ref) => {
      queryClient.setQueryData(chatKeys.count, count);
      if (ref) {
        queryClient.setQueryData<ConversationState>(chatKeys.conversation(ref), (state) =>
          state ? withAllRead(state) : state,
        );
        setContactCount(queryClient, ref, () => 0);
      } else {
        queryClient.setQueriesData<ConversationState>({ queryKey: chatKeys.conversations }, (state) =>
          state ? withAllRead(state) : state,
        );
      }
      void queryClient.invalidateQueries({ queryKey: chatKeys.contacts });
    },
  });
}
