import type { SocketStatus } from './chat-socket';

let status: SocketStatus = 'closed';
const listeners = new Set<() => void>();

/**
 * The state of the tab's one realtime socket (opened by the chat, see features/chat; its events: live-events.ts), for
 * the features that poll while it is down, without importing the chat.
 */
export const realtimeStatus = {
  get: () => status,
  set(next: SocketStatus) {
    if (next === status) return;
    status = next;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
