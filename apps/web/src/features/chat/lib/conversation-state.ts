import { type ChatMessage, type ChatPage, chatLimits } from '@okuu/contracts/chat/message';

/**
 * What the client holds of one conversation: the messages loaded so far (oldest first, each id once) and whether
 * more exist before the first and after the last of them (spec section 4, Chat).
 */
export interface ConversationState {
  messages: ChatMessage[];
  /** Older messages exist (load them with old.json, prepend). */
  hasOlder: boolean;
  /** Newer messages exist that are not loaded yet (load them with new.json, append). */
  hasNewer: boolean;
  /** The oldest message of the conversation the caller has not read (0: none), from the last page's info. */
  unreadStart: number;
  /** How many messages of the conversation the caller has not read, from the last page's info. */
  unreadTotal: number;
}

/** Before anything is loaded: the spec's initial flag says older messages exist. */
export const emptyConversation: ConversationState = {
  messages: [],
  hasOlder: true,
  hasNewer: false,
  unreadStart: 0,
  unreadTotal: 0,
};

/**
 * Whether another page follows a page in its direction. The spec's rule: a page of fewer than 20 messages (or none)
 * is the last. The server's `hasMore` also knows when exactly 20 remained, so both must say so.
 */
export function pageHasMore(page: ChatPage): boolean {
  const [messages, [info]] = page;
  return messages.length >= chatLimits.pageSize && info.hasMore;
}

/** The messages of both lists, each id once (the copy from `later` wins), ordered oldest first. */
export function mergeMessages(earlier: readonly ChatMessage[], later: readonly ChatMessage[]): ChatMessage[] {
  const byId = new Map<number, ChatMessage>();
  for (const message of earlier) byId.set(message.id_message, message);
  for (const message of later) byId.set(message.id_message, message);
  return [...byId.values()].sort((a, b) => a.id_message - b.id_message);
}

const infoOf = (page: ChatPage) => ({ unreadStart: page[1][0].unreades_start, unreadTotal: page[1][0].unreades_total });

/**
 * The newest page (messages.json) over what was held before: the first load, a reload after sending, a catch-up
 * after the socket came back. Older messages loaded earlier are kept when they join the page; any held message in
 * the page's span that the page lacks was deleted and goes. A page with a gap after the held messages replaces them.
 */
export function withNewest(previous: ConversationState | undefined, page: ChatPage): ConversationState {
  const [messages] = page;
  const more = pageHasMore(page);
  const fresh: ConversationState = { messages, hasOlder: more, hasNewer: false, ...infoOf(page) };
  const first = messages[0];
  const held = previous?.messages ?? [];
  const lastHeld = held.at(-1);
  // The page is the whole conversation, or nothing was held, or the held messages end before the page begins.
  if (!more || !first || !lastHeld || lastHeld.id_message < first.id_message) return fresh;
  const kept = held.filter((message) => message.id_message < first.id_message);
  return {
    ...fresh,
    messages: [...kept, ...messages],
    hasOlder: kept.length > 0 ? (previous?.hasOlder ?? more) : more,
  };
}

/** A page of old.json (the messages just before the first held one): prepended. */
export function withOlder(state: ConversationState, page: ChatPage): ConversationState {
  const first = state.messages[0]?.id_message ?? Number.POSITIVE_INFINITY;
  const older = page[0].filter((message) => message.id_message < first);
  return {
    ...state,
    messages: mergeMessages(older, state.messages),
    hasOlder: pageHasMore(page),
    ...infoOf(page),
  };
}

/** A page of new.json (the messages after the last held one): appended. */
export function withNewer(state: ConversationState, page: ChatPage): ConversationState {
  const last = state.messages.at(-1)?.id_message ?? 0;
  const newer = page[0].filter((message) => message.id_message > last);
  return {
    ...state,
    messages: mergeMessages(state.messages, newer),
    hasNewer: pageHasMore(page),
    ...infoOf(page),
  };
}

/**
 * A message pushed by the server (or just sent): appended when the held messages reach the newest ones; otherwise
 * it would leave a gap, and it comes with the next page of newer messages instead.
 */
export function withMessage(state: ConversationState, message: ChatMessage): ConversationState {
  if (state.hasNewer) return state;
  const known = state.messages.some((held) => held.id_message === message.id_message);
  const unseen = !known && !message.ismine && !message.isRead;
  return {
    ...state,
    messages: mergeMessages(state.messages, [message]),
    unreadTotal: state.unreadTotal + (unseen ? 1 : 0),
    unreadStart: unseen && state.unreadStart === 0 ? message.id_message : state.unreadStart,
  };
}

/** A deleted message leaves at once (spec: deleting a message removes it locally). */
export function withoutMessage(state: ConversationState, id: number): ConversationState {
  const gone = state.messages.find((message) => message.id_message === id);
  if (!gone) return state;
  const wasUnread = !gone.ismine && !gone.isRead;
  return {
    ...state,
    messages: state.messages.filter((message) => message.id_message !== id),
    unreadTotal: Math.max(0, state.unreadTotal - (wasUnread ? 1 : 0)),
  };
}

/**
 * Messages read: those the caller received (`mine` false: the caller read them, the counter drops by one each) or
 * the caller's own (`mine` true: the recipient read them, a read receipt).
 */
export function withRead(state: ConversationState, ids: readonly number[], mine: boolean): ConversationState {
  const set = new Set(ids);
  let changed = 0;
  const messages = state.messages.map((message) => {
    if (!set.has(message.id_message) || message.ismine !== mine || message.isRead) return message;
    changed++;
    return { ...message, isRead: true };
  });
  if (changed === 0) return state;
  const unreadTotal = mine ? state.unreadTotal : Math.max(0, state.unreadTotal - changed);
  return { ...state, messages, unreadTotal, unreadStart: unreadTotal === 0 ? 0 : state.unreadStart };
}

/** Every message the caller received marked read (spec: mark-all-read sets the counter to 0). */
export function withAllRead(state: ConversationState): ConversationState {
  return {
    ...state,
    messages: state.messages.map((message) =>
      message.ismine || message.isRead ? message : { ...message, isRead: true },
    ),
    unreadTotal: 0,
    unreadStart: 0,
  };
}

/** The messages the caller received and has not read. */
export function unreadReceived(state: ConversationState): ChatMessage[] {
  return state.messages.filter((message) => !message.ismine && !message.isRead);
}
