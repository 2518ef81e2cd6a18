import type { ChatServerEvent } from '@okuu/contracts/chat/events';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { sessionEnded } from '../../../lib/api';
import { ChatSocket, chatSocketUrl } from '../../../lib/chat-socket';
import { liveEvents } from '../../../lib/live-events';
import { realtimeStatus } from '../../../lib/realtime-events';
import { removeFromConversations } from '../api/delete-message';
import { chatKeys } from '../api/keys';
import { personConversationOf } from '../lib/conversation-ref';
import { type ConversationState, withMessage, withRead } from '../lib/conversation-state';
import { chatConnection } from './use-chat-connection';

/** Applies one server event to the cached chat data. `userId` is the signed-in user. */
export function applyChatEvent(queryClient: QueryClient, event: ChatServerEvent, userId: number): void {
  switch (event.type) {
    case 'message': {
      const ref = personConversationOf(event.message);
      if (ref) {
        queryClient.setQueryData<ConversationState>(chatKeys.conversation(ref), (state) =>
          state ? withMessage(state, event.message) : state,
        );
      } else {
        // Which group chats hold a group or stream message is the server's to say: they catch up.
        void queryClient.invalidateQueries({
          queryKey: chatKeys.conversations,
          predicate: (query) => !String(query.queryKey[2]).startsWith('person:'),
        });
      }
      if (!event.message.ismine) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.contacts });
        void queryClient.invalidateQueries({ queryKey: chatKeys.count });
      }
      return;
    }
    case 'read': {
      // Another user read the caller's messages (receipts), or the caller did in another tab (counters).
      const mine = event.id_reader !== userId;
      queryClient.setQueriesData<ConversationState>({ queryKey: chatKeys.conversations }, (state) =>
        state ? withRead(state, event.ids, mine) : state,
      );
      if (!mine) {
        void queryClient.invalidateQueries({ queryKey: chatKeys.contacts });
        void queryClient.invalidateQueries({ queryKey: chatKeys.count });
      }
      return;
    }
    case 'delete':
      removeFromConversations(queryClient, event.id_message);
      void queryClient.invalidateQueries({ queryKey: chatKeys.contacts });
      void queryClient.invalidateQueries({ queryKey: chatKeys.count });
      return;
    default:
      return;
  }
}

/**
 * The tab's chat socket, open while the user is signed in: new messages, read receipts and deletions reach the
 * cached contacts, counters and conversations as they happen. After a reconnect everything is fetched again (what
 * happened meanwhile); while the socket is down the chat polls (see useChatConnected).
 */
export function useChatRealtime(userId: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let readyBefore = false;
    const socket = new ChatSocket({
      url: chatSocketUrl(),
      onStatus: (status) => {
        chatConnection.set(status);
        realtimeStatus.set(status);
      },
      onEvent: (event) => {
        liveEvents.emit(event);
        if (event.type === 'ready') {
          if (readyBefore) void queryClient.invalidateQueries({ queryKey: chatKeys.all });
          readyBefore = true;
          return;
        }
        applyChatEvent(queryClient, event, userId);
      },
      // Straight to sign-in: a call to learn it would only add a refused request (and one during a logout).
      onSessionEnded: sessionEnded,
    });
    socket.start();
    const wake = () => socket.reconnectNow();
    const onVisible = () => document.visibilityState === 'visible' && wake();
    window.addEventListener('online', wake);
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      window.removeEventListener('online', wake);
      document.removeEventListener('visibilitychange', onVisible);
      socket.stop();
      chatConnection.reset();
      realtimeStatus.set('closed');
    };
  }, [queryClient, userId]);
}
