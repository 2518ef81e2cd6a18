import { chatDeleteMessage } from '@okuu/contracts/chat/delete-message';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type ConversationState, withoutMessage } from '../lib/conversation-state';
import { chatKeys } from './keys';

export function deleteMessage(id: number) {
  return callApi(chatDeleteMessage, { id_message: id });
}

/** A deleted message leaves every conversation held (spec: deleting a message removes it locally). */
export function removeFromConversations(queryClient: QueryClient, id: number): void {
  queryClient.setQueriesData<ConversationState>({ queryKey: chatKeys.conversations }, (state) =>
    state ? withoutMessage(state, id) : state,
  );
}

/** Delete one of the caller's messages, for everyone. */
export function useDeleteMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteMessage,
    onSuccess: ({ id_message }) => removeFromConversations(queryClient, id_message),
  });
}
