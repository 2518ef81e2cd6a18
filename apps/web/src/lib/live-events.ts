import type { ChatServerEvent } from '@okuu/contracts/chat/events';

type Listener = (event: ChatServerEvent) => void;
const listeners = new Set<Listener>();

/**
 * What the portal's socket hears (the chat keeps it open, see chat-realtime.tsx), for any screen that follows it:
 * home fetches its summary again on the events that change it. Listeners subscribe here rather than open a socket.
 */
export const liveEvents = {
  emit(event: ChatServerEvent): void {
    for (const listener of listeners) listener(event);
  },
  /** Hears every event until the returned function is called. */
  on(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
