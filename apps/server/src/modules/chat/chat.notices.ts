import type { Change } from '../../lib/changes.ts';

/** What a chat change tells the other instances and the sockets (announced on the `chat` topic as notices). */
export type ChatEvent =
  | { kind: 'message'; id: number; users: number[] }
  | { kind: 'read'; by: number; from: number; ids: number[] }
  | { kind: 'delete'; id: number; users: number[] };

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

/** Announces a chat change in its transaction, as one or more notices. */
export function announceChat(change: Change, event: ChatEvent) {
  for (const notice of toNotices(event)) change.announce('chat', JSON.stringify(notice));
}
