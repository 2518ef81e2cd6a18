import type { ChatServerEvent } from '@okuu/contracts/chat/events';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import type { ChatNotice } from './chat.notices.ts';
import type { MessageRow } from './chat.repository.ts';
import { toMessage } from './chat.service.ts';

export function createChatFanout(deps: {
  /** Loads a message to push (null once deleted). */
  load: (id: number) => Promise<MessageRow | null>;
  hub: RealtimeHub;
  onError: (err: unknown) => void;
}) {
  const { hub } = deps;
  let queue: Promise<void> = Promise.resolve();

  /**
   * What a notice sends, to whom. A new message is loaded at once (loads run side by side); the sending waits its
   * turn, so that a socket gets the events in the order of the notices.
   */
  function prepare(notice: ChatNotice): Promise<{ users: number[]; event: (user: number) => ChatServerEvent } | null> {
    if (notice.k === 'r') {
      const event: ChatServerEvent = { type: 'read', id_reader: notice.by, id_from: notice.from, ids: notice.ids };
      return Promise.resolve({ users: [...new Set([notice.from, notice.by])], event: () => event });
    }
    const here = hub.present(notice.u);
    if (here.length === 0) return Promise.resolve(null);
    if (notice.k === 'd') {
      const event: ChatServerEvent = { type: 'delete', id_message: notice.id };
      return Promise.resolve({ users: here, event: () => event });
    }
    return deps.load(notice.id).then((row) =>
      // null: deleted meanwhile
      row ? { users: here, event: (user: number) => ({ type: 'message', message: toMessage(row, user) }) } : null,
    );
  }

  return {
    /** Delivers one notice of the `chat` topic (null, after a gap: the sockets were told to refetch). */
    receive(payload: string | null): void {
      if (payload === null) return;
      let notice: ChatNotice;
      try {
        notice = JSON.parse(payload) as ChatNotice;
      } catch (err) {
        deps.onError(err);
        return;
      }
      const prepared = prepare(notice);
      prepared.catch(() => {}); // reported below, in its turn
      queue = queue
        .then(async () => {
          const delivery = await prepared;
          if (delivery) for (const user of delivery.users) hub.send(user, delivery.event(user));
        })
        .catch(deps.onError);
    },

    /** Resolves once every notice received so far is delivered. */
    idle: () => queue,
  };
}

export type ChatFanout = ReturnType<typeof createChatFanout>;
