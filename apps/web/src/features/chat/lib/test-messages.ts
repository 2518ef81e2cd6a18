import type { ChatMessage, ChatPage } from '@okuu/contracts/chat/message';

/** A message of the conversation of user 1 (the caller) and user 2, for tests. */
export function message(id: number, over: Partial<ChatMessage> = {}): ChatMessage {
  const mine = over.ismine ?? id % 2 === 0;
  return {
    id_message: id,
    message: `№${id}`,
    ismine: mine,
    id_from_type: mine ? 1 : 2,
    id_from: mine ? 1 : 2,
    id_to_type: mine ? 2 : 1,
    id_to: mine ? 2 : 1,
    id_discipline: null,
    ws: 2,
    kredit: null,
    year: 2025,
    created: '2026-03-01T08:00:00.000Z',
    attachments: [],
    fio: mine ? 'Волков Дмитрий Олегович' : 'Асанова Айгерим',
    id_group: 1,
    id_subgroup: null,
    isElective: false,
    isRead: true,
    ...over,
  };
}

/** Messages with ids from..to (inclusive), oldest first. */
export function range(from: number, to: number, over: Partial<ChatMessage> = {}): ChatMessage[] {
  const list: ChatMessage[] = [];
  for (let id = from; id <= to; id++) list.push(message(id, over));
  return list;
}

export function page(messages: ChatMessage[], hasMore: boolean, unread = { start: 0, total: 0 }): ChatPage {
  return [messages, [{ unreades_start: unread.start, unreades_total: unread.total, hasMore }]];
}
