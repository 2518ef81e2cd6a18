import { type ConversationRef, conversationId } from '../lib/conversation-ref';

/** The chat's query keys: everything under ['chat']. */
export const chatKeys = {
  all: ['chat'] as const,
  contacts: ['chat', 'contacts'] as const,
  count: ['chat', 'count'] as const,
  conversations: ['chat', 'conversation'] as const,
  conversation: (ref: ConversationRef) => ['chat', 'conversation', conversationId(ref)] as const,
};

/** While the socket is down, the open conversation asks for newer messages this often (new.json). */
export const CHAT_POLL_MS = 5000;
/** …and the contacts and the unread counter are fetched again this often. */
export const CHAT_COUNTS_POLL_MS = 20_000;
