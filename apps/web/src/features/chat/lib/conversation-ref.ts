import { type ChatMessage, chatRecipientTypes, groupChatId } from '@okuu/contracts/chat/message';

/** Which conversation is open: with a person, or the group chat of a group or of a stream. */
export type ConversationRef =
  | { kind: 'person'; peerId: number }
  | { kind: 'group'; groupId: number }
  | { kind: 'stream'; streamId: number };

/** The fields that name a conversation in the chat calls (contracts: conversationFields). */
export function conversationFieldsOf(ref: ConversationRef): { id_to: number; id_group?: number; id_stream?: number } {
  if (ref.kind === 'person') return { id_to: ref.peerId };
  if (ref.kind === 'group') return { id_to: groupChatId, id_group: ref.groupId };
  return { id_to: groupChatId, id_stream: ref.streamId };
}

/** A stable text for a conversation (query keys, React keys): 'person:5', 'group:1', 'stream:2'. */
export function conversationId(ref: ConversationRef): string {
  if (ref.kind === 'person') return `person:${ref.peerId}`;
  if (ref.kind === 'group') return `group:${ref.groupId}`;
  return `stream:${ref.streamId}`;
}

const searchName = { person: 'to', group: 'group', stream: 'stream' } as const;

const positiveId = (value: string | null) =>
  value && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** The conversation named in the address of the chat screen (?to=5, ?group=1 or ?stream=2), if any. */
export function conversationFromSearch(search: URLSearchParams): ConversationRef | null {
  const peerId = positiveId(search.get(searchName.person));
  if (peerId !== null) return { kind: 'person', peerId };
  const groupId = positiveId(search.get(searchName.group));
  if (groupId !== null) return { kind: 'group', groupId };
  const streamId = positiveId(search.get(searchName.stream));
  if (streamId !== null) return { kind: 'stream', streamId };
  return null;
}

/** The address of the chat screen with a conversation open (the mobile screen keeps its #messages). */
export function chatPathOf(ref: ConversationRef | null, mobile = false): string {
  const hash = mobile ? '#messages' : '';
  if (!ref) return `/lms/chat${hash}`;
  const value = ref.kind === 'person' ? ref.peerId : ref.kind === 'group' ? ref.groupId : ref.streamId;
  return `/lms/chat?${searchName[ref.kind]}=${value}${hash}`;
}

export function sameConversation(a: ConversationRef | null, b: ConversationRef | null): boolean {
  return a !== null && b !== null && conversationId(a) === conversationId(b);
}

/** Whether a message was sent to a whole group or stream (it belongs to group chats). */
export function isGroupMessage(message: ChatMessage): boolean {
  return message.id_to_type === chatRecipientTypes.group || message.id_to_type === chatRecipientTypes.stream;
}

/**
 * The conversation with a person that a message belongs to, for the user who got it: the other side. Null for a
 * group or stream message (which group chats hold it is the server's to say: a stream's message is in the chats of
 * its groups too).
 */
export function personConversationOf(message: ChatMessage): ConversationRef | null {
  if (isGroupMessage(message)) return null;
  return { kind: 'person', peerId: message.ismine ? message.id_to : message.id_from };
}
