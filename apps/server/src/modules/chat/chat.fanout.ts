import type { ChatServerEvent } from '@okuu/contracts/chat/events';
import type { RealtimeHub } from '../../lib/realtime-hub.ts';
import type { MessageRow } from './chat.repository.ts';
import { type ChatEvent, toMessage } from './chat.service.ts';

/** The NOTIFY channel every instance listens on for chat events. */
export const chatChannel = 'chat';

/**
 * What goes through NOTIFY: ids only, so that a payload stays far below PostgreSQL's 8000 bytes (long lists are split
 * over several notices). Each instance delivers to the sockets it holds, loading a new message once per notice.
 * - m: message `id` was created; `u` are (some of) the people concerned: its sender and recipients.
 * - r: `by` has read these messages `ids` of `from`.
 * - d: message `id` was deleted; `u` as for m.
 */
export type ChatNotice =
  | { k: 'm'; id: number; u: number[] }
  | { k: 'r'; by: number; from: number; ids: number[] }
  | { k: 'd'; id: number; u: number[] };

/** Ids per notice: at most 11 characters each with the comma, about 6.6 kB in all. */
const idsPerNotice = 600;

function chunks<T>(list: T[], size: number): T[][] {
  if (list.length === 0) return [[]];
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

export function toNotices(event: ChatEvent): ChatNotice[] {
  if (event.kind === 'read') {
    return chunks(event.ids, idsPerNotice).map((ids) => ({ k: 'r', by: event.by, from: event.from, ids }));
  }
  const users = [...new Set(event.users)];
  return chunks(users, idsPerNotice).map((u) => ({ k: event.kind === 'message' ? 'm' : 'd', id: event.id, u }));
}

export function createChatFanout(deps: {
  /** Loads a message to push (null once deleted). */
  load: (id: number) => Promise<MessageRow | null>;
  hub: RealtimeHub;
  notify: (payload: string) => Promise<void>;
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
    /** Announces a committed change to every instance (this one included). Never throws. */
    async publish(event: ChatEvent): Promise<void> {
      for (const notice of toNotices(event)) {
        try {
          await deps.notify(JSON.stringify(notice));
        } catch (err) {
          deps.onError(err);
        }
      }
    },

    /** Handles one NOTIFY payload of the chat channel. */
    receive(payload: string): void {
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
