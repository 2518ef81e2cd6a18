import type { ChatContact, ContactContext } from '@okuu/contracts/chat/contacts';
import { describe, expect, it } from 'vitest';
import { filterContacts, filterOptions, filterVisible } from './contact-filter';
import { chatPathOf, conversationFieldsOf, conversationFromSearch, personConversationOf } from './conversation-ref';
import { message } from './test-messages';

function link(group: number, semester: number): ContactContext {
  return {
    year: 2025,
    ws: 2,
    id_semester: semester,
    id_discipline: 1,
    discipline: { name: 'Базы данных', nameKg: 'Маалымат базалары', nameEn: 'Databases' },
    kredit: 5,
    id_group: group,
    groupName: `ПИ-${group}-26`,
    id_subgroup: null,
    subgroupName: null,
    id_stream: null,
    streamName: null,
    isElective: false,
  };
}

function contact(idid: number, links: ContactContext[]): ChatContact {
  return {
    idid,
    fio: `Студент ${idid}`,
    countMessages: 0,
    id_type: 2,
    faculty: 1,
    group: links[0]?.id_group ?? null,
    groupName: links[0]?.groupName ?? null,
    position: null,
    disciplines: links,
  };
}

const pseudo = { ...contact(-1, []), fio: 'Групповой чат', group: -1 };

describe('the contact filter', () => {
  it('is hidden with one group and one semester', () => {
    const options = filterOptions([pseudo, contact(1, [link(1, 2)]), contact(2, [link(1, 2)])]);
    expect(options).toEqual({ groups: [{ value: '1', label: 'ПИ-1-26' }], semesters: [2] });
    expect(filterVisible(options)).toBe(false);
  });

  it('shows with a second group, or a second semester', () => {
    expect(filterVisible(filterOptions([contact(1, [link(1, 2)]), contact(2, [link(2, 2)])]))).toBe(true);
    expect(filterVisible(filterOptions([contact(1, [link(1, 2), link(1, 4)])]))).toBe(true);
  });

  it('keeps the contacts linked through the group and semester chosen, and those with no link', () => {
    const contacts = [pseudo, contact(1, [link(1, 2)]), contact(2, [link(2, 4)]), contact(3, [])];
    const idsOf = (list: ChatContact[]) => list.map((c) => c.idid);
    expect(idsOf(filterContacts(contacts, { group: null, semester: null }))).toEqual([-1, 1, 2, 3]);
    expect(idsOf(filterContacts(contacts, { group: 2, semester: null }))).toEqual([-1, 2, 3]);
    expect(idsOf(filterContacts(contacts, { group: null, semester: 2 }))).toEqual([-1, 1, 3]);
    expect(idsOf(filterContacts(contacts, { group: 1, semester: 4 }))).toEqual([-1, 3]);
  });
});

describe('conversations', () => {
  it('are named in the address and in the calls', () => {
    expect(conversationFromSearch(new URLSearchParams('to=5'))).toEqual({ kind: 'person', peerId: 5 });
    expect(conversationFromSearch(new URLSearchParams('group=1'))).toEqual({ kind: 'group', groupId: 1 });
    expect(conversationFromSearch(new URLSearchParams('stream=3'))).toEqual({ kind: 'stream', streamId: 3 });
    expect(conversationFromSearch(new URLSearchParams('to=-1'))).toBeNull();
    expect(conversationFromSearch(new URLSearchParams('to=abc'))).toBeNull();
    expect(conversationFieldsOf({ kind: 'person', peerId: 5 })).toEqual({ id_to: 5 });
    expect(conversationFieldsOf({ kind: 'group', groupId: 1 })).toEqual({ id_to: -1, id_group: 1 });
    expect(conversationFieldsOf({ kind: 'stream', streamId: 3 })).toEqual({ id_to: -1, id_stream: 3 });
    expect(chatPathOf({ kind: 'person', peerId: 5 }, true)).toBe('/lms/chat?to=5#messages');
    expect(chatPathOf(null)).toBe('/lms/chat');
  });

  it('a message belongs to the conversation with the other side; a group message to none of them', () => {
    expect(personConversationOf(message(2, { ismine: true, id_to: 9 }))).toEqual({ kind: 'person', peerId: 9 });
    expect(personConversationOf(message(3, { ismine: false, id_from: 7 }))).toEqual({ kind: 'person', peerId: 7 });
    expect(personConversationOf(message(4, { id_to_type: 3, id_to: 1 }))).toBeNull();
  });
});
