import '../catalogue';
import '@mantine/core/styles/Combobox.css';
import { Avatar, Badge, Button, Group, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { GroupIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { initials } from '../../../lib/format';
import { localizedName, localizedNameOrNull } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useContacts } from '../api/get-contacts';
import { useUnreadCount } from '../api/get-unread-count';
import { useMarkAllRead } from '../api/mark-read';
import { type ContactFilter, filterContacts, filterOptions, filterVisible } from '../lib/contact-filter';
import {
  type ConversationRef,
  chatPathOf,
  conversationFromSearch,
  conversationId,
  sameConversation,
} from '../lib/conversation-ref';
import classes from './chat.module.css';
import { ContactsSkeleton } from './contacts-skeleton';

interface Entry {
  ref: ConversationRef;
  name: string;
  detail: string | null;
  count: number;
  group: boolean;
}

function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation();
  if (count <= 0) return null;
  return (
    <Badge
      color="red.8"
      size="md"
      circle={count < 10}
      aria-label={t('chat.unread', { count })}
      title={t('chat.unread', { count })}
      data-testid="unread-badge"
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}

/**
 * The contacts of the chat (teachers see their students, students their teachers) with unread badges, the group
 * chats first; the group and semester filter when more than one of either is present; "mark all read". Each entry
 * opens its conversation on the chat screen (`mobile`: the screen of the messages tab, #messages).
 */
export function ContactList({ mobile = false }: { mobile?: boolean }) {
  const { t } = useTranslation('chat');
  const { t: tc } = useTranslation();
  const contacts = useContacts();
  const count = useUnreadCount();
  const markAll = useMarkAllRead();
  const location = useLocation();
  const [filter, setFilter] = useState<ContactFilter>({ group: null, semester: null });
  const active =
    location.pathname === '/lms/chat' ? conversationFromSearch(new URLSearchParams(location.search)) : null;

  const data = contacts.data;
  const options = useMemo(() => filterOptions(data?.contacts ?? []), [data]);
  const entries = useMemo<Entry[]>(() => {
    if (!data) return [];
    const groupChats: Entry[] = data.groupChats.map((chat) => ({
      ref:
        chat.id_group !== null
          ? { kind: 'group', groupId: chat.id_group }
          : { kind: 'stream', streamId: chat.id_stream as number },
      name: t('contacts.groupChat'),
      detail: localizedName(chat),
      count: chat.countMessages,
      group: true,
    }));
    const people: Entry[] = filterContacts(data.contacts, filter)
      .filter((contact) => contact.idid > 0)
      .map((contact) => ({
        ref: { kind: 'person', peerId: contact.idid },
        name: contact.fio,
        detail: localizedNameOrNull(contact.position) ?? contact.groupName,
        count: contact.countMessages,
        group: false,
      }));
    return [...groupChats, ...people];
  }, [data, filter, t]);

  const total = count.data ?? 0;

  function readAll() {
    markAll.mutate(undefined, {
      onSuccess: () => toast(t('contacts.readAllDone')),
      onError: (error) => toast(t('contacts.readAllFailed', { reason: errorMessage(error) }), 'error'),
    });
  }

  const body = (
    <QueryView query={contacts} compact loading={<ContactsSkeleton />}>
      {() =>
        entries.length === 0 ? (
          <Text size="sm" c="dimmed">
            {(data?.contacts.length ?? 0) > 0 ? t('contacts.noMatch') : t('contacts.empty')}
          </Text>
        ) : (
          <Stack component="ul" gap={2} p={0} m={0} className={classes.contactList}>
            {entries.map((entry) => {
              const current = sameConversation(entry.ref, active);
              return (
                <li key={conversationId(entry.ref)}>
                  <UnstyledButton
                    component={Link}
                    to={chatPathOf(entry.ref, mobile)}
                    className={classes.contact}
                    data-active={current || undefined}
                    aria-current={current ? 'page' : undefined}
                    aria-label={[
                      entry.name,
                      entry.detail,
                      entry.count > 0 ? tc('chat.unread', { count: entry.count }) : null,
                    ]
                      .filter(Boolean)
                      .join(', ')}
                  >
                    <Avatar color={entry.group ? 'teal' : 'okuu'} radius="xl" size={34} aria-hidden="true">
                      {entry.group ? <GroupIcon size={18} /> : initials(entry.name)}
                    </Avatar>
                    <div className={classes.contactText}>
                      <Text size="sm" fw={entry.count > 0 ? 700 : 500} lh={1.25} className={classes.contactName}>
                        {entry.name}
                      </Text>
                      {entry.detail && (
                        <Text size="xs" c="dimmed" lh={1.25} truncate="end">
                          {entry.detail}
                        </Text>
                      )}
                    </div>
                    <UnreadBadge count={entry.count} />
                  </UnstyledButton>
                </li>
              );
            })}
          </Stack>
        )
      }
    </QueryView>
  );

  const groupData = [{ value: '', label: t('filter.allGroups') }, ...options.groups];
  const semesterData = [
    { value: '', label: t('filter.allSemesters') },
    ...options.semesters.map((n) => ({ value: String(n), label: t('filter.semesterN', { n }) })),
  ];

  return (
    <Stack gap="xs" component="section" aria-label={t('contacts.label')}>
      {/* The button goes under the heading when its label does not fit beside it (the Kyrgyz one is long). */}
      <Group justify="space-between" gap="xs">
        <Group gap={6} wrap="nowrap">
          <Title order={2} size="h5">
            {t('contacts.heading')}
          </Title>
          <UnreadBadge count={total} />
        </Group>
        {total > 0 && (
          <Button variant="subtle" size="compact-xs" onClick={readAll} loading={markAll.isPending}>
            {t('contacts.readAll')}
          </Button>
        )}
      </Group>
      {filterVisible(options) && (
        <Stack gap={6} role="group" aria-label={t('filter.label')}>
          {options.groups.length > 1 && (
            <Select
              size="xs"
              label={t('filter.group')}
              data={groupData}
              value={filter.group === null ? '' : String(filter.group)}
              onChange={(value) => setFilter((f) => ({ ...f, group: value ? Number(value) : null }))}
              allowDeselect={false}
            />
          )}
          {options.semesters.length > 1 && (
            <Select
              size="xs"
              label={t('filter.semester')}
              data={semesterData}
              value={filter.semester === null ? '' : String(filter.semester)}
              onChange={(value) => setFilter((f) => ({ ...f, semester: value ? Number(value) : null }))}
              allowDeselect={false}
            />
          )}
        </Stack>
      )}
      {body}
    </Stack>
  );
}
