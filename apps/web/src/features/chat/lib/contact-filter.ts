import type { ChatContact } from '@okuu/contracts/chat/contacts';
import { groupChatId } from '@okuu/contracts/chat/message';

export interface FilterOption {
  value: string;
  label: string;
}

/** The groups and semesters the contacts are linked through, each once, in a stable order. */
export function filterOptions(contacts: readonly ChatContact[]): { groups: FilterOption[]; semesters: number[] } {
  const groups = new Map<number, string>();
  const semesters = new Set<number>();
  for (const contact of contacts) {
    if (contact.idid === groupChatId) continue;
    if (contact.group !== null && contact.group > 0 && contact.groupName) groups.set(contact.group, contact.groupName);
    for (const link of contact.disciplines) {
      groups.set(link.id_group, link.groupName);
      semesters.add(link.id_semester);
    }
  }
  return {
    groups: [...groups.entries()]
      .sort((a, b) => a[1].localeCompare(b[1], 'ru') || a[0] - b[0])
      .map(([id, name]) => ({ value: String(id), label: name })),
    semesters: [...semesters].sort((a, b) => a - b),
  };
}

/** Spec: the contact filter is shown only when more than one group or semester is present. */
export function filterVisible(options: { groups: readonly unknown[]; semesters: readonly unknown[] }): boolean {
  return options.groups.length > 1 || options.semesters.length > 1;
}

export interface ContactFilter {
  /** A group id, or null for every group. */
  group: number | null;
  /** A semester number, or null for every semester. */
  semester: number | null;
}

/**
 * The contacts that match the filter. A contact matches through one of its links (its group and semester); a
 * contact with no link in the half-year (someone whose messages are unread) is always kept, and so is the
 * group-chat pseudo-contact.
 */
export function filterContacts(contacts: readonly ChatContact[], filter: ContactFilter): ChatContact[] {
  if (filter.group === null && filter.semester === null) return [...contacts];
  return contacts.filter((contact) => {
    if (contact.idid === groupChatId || contact.disciplines.length === 0) return true;
    return contact.disciplines.some(
      (link) =>
        (filter.group === null || link.id_group === filter.group || contact.group === filter.group) &&
        (filter.semester === null || link.id_semester === filter.semester),
    );
  });
}
