import { useSyncExternalStore } from 'react';
import type { SocketStatus } from '../../../lib/chat-socket';

/** The state of the tab's one chat socket, for the screens that poll while it is down. */
let status: SocketStatus = 'closed';
/** Whether a connection failed or dropped since the last success (reconnect tries in between do not change it). */
let down = false;
const listeners = new Set<() => void>();

export const chatConnection = {
  get: () => status,
  isDown: () => down,
  set(next: SocketStatus) {
    if (next === status) return;
    status = next;
    if (next === 'open') down = false;
    if (next === 'closed') down = true;
    for (const listener of listeners) listener();
  },
  /** The socket was stopped on purpose (sign-out, the layout left): closed, and not down. */
  reset() {
    status = 'closed';
    down = false;
    for (const listener of listeners) listener();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

/** Whether the chat socket is up (the server said `ready`); while it is not, the chat polls. */
export function useChatConnected(): boolean {
  return useSyncExternalStore(
    chatConnection.subscribe,
    () => chatConnection.get() === 'open',
    () => false,
  );
}

/** Whether the socket is down after having failed or dropped (not merely connecting for the first time). */
export function useChatDown(): boolean {
  return useSyncExternalStore(chatConnection.subscribe, chatConnection.isDown, () => false);
}
