import type { ChatServerEvent } from '@okuu/contracts/chat/events';
import type { SocketStatus } from './chat-socket';

type Listener = (event: ChatServerEvent) => void;
const listeners = new Set<Listener>();
let status: SocketStatus = 'closed';
const statusListeners = new Set<() => void>();

/**
 * The tab's one realtime socket (opened by the chat, see features/chat) as other features hear it: its events and its
 * state, without importing the chat.
 */
export const realtimeEvents = {
  emit(event: ChatServerEvent) {
    for (const listener of listeners) listener(event);
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  status: () => status,
  setStatus(next: SocketStatus) {
    if (next === status) return;
    status = next;
    for (const listener of statusListeners) listener();
  },
  subscribeStatus(listener: () => void) {
    statusListeners.add(listener);
    return () => {
      statusListeners.delete(listener);
    };
  },
};
