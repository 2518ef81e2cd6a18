import { Alert, Button, Center, Divider, Group, Loader, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import type { ChatContact, ContactContext } from '@okuu/contracts/chat/contacts';
import { Fragment, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BackIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { localizedName, localizedNameOrNull } from '../../../lib/localized';
import { useContacts } from '../api/get-contacts';
import type { SendContext } from '../api/send-message';
import { useChatDown } from '../hooks/use-chat-connection';
import { useConversation } from '../hooks/use-conversation';
import { type ConversationRef, chatPathOf, conversationId } from '../lib/conversation-ref';
import classes from './chat.module.css';
import { Composer } from './composer';
import { MessageItem } from './message-item';

/** How close to an edge of the list (px) counts as being there. */
const EDGE_PX = 80;

function atBottom(box: HTMLElement) {
  return box.scrollHeight - box.scrollTop - box.clientHeight < EDGE_PX;
}

/** The context of a message to a person linked by exactly one discipline; otherwise none (the server's default). */
function contextOf(contact: ChatContact | undefined, period: { year: number; ws: number } | undefined): SendContext {
  const links: ContactContext[] = contact?.disciplines ?? [];
  const [only] = links;
  const base: SendContext = period ? { year: period.year, ws: period.ws } : {};
  if (links.length !== 1 || !only) return base;
  return { ...base, id_discipline: only.id_discipline, kredit: only.kredit, isElective: only.isElective };
}

/**
 * An open conversation: its title, the messages (older ones prepended when scrolled to the top, newer appended at
 * the bottom), the placeholder 'Нет сообщенний' when there are none, and the message form.
 */
export function ConversationView({
  conversation,
  maxUploadMb,
  backLink,
}: {
  conversation: ConversationRef;
  maxUploadMb: number | undefined;
  /** On the mobile screen: a link back to the contacts. */
  backLink?: boolean;
}) {
  const { t } = useTranslation('chat');
  const contacts = useContacts();
  const socketDown = useChatDown();
  const chat = useConversation(conversation);
  const list = useRef<HTMLDivElement>(null);
  const state = chat.state;
  const messages = state?.messages ?? [];

  // The title: the person, or the group chat and its group or stream.
  const contact =
    conversation.kind === 'person' ? contacts.data?.contacts.find((c) => c.idid === conversation.peerId) : undefined;
  const groupChat =
    conversation.kind === 'person'
      ? undefined
      : contacts.data?.groupChats.find((g) =>
          conversation.kind === 'group' ? g.id_group === conversation.groupId : g.id_stream === conversation.streamId,
        );
  const peerName = messages.find((m) => !m.ismine)?.fio;
  const title =
    conversation.kind === 'person'
      ? (contact?.fio ?? peerName ?? t('conversation.unknown'))
      : groupChat
        ? t('conversation.groupChatOf', { name: localizedName(groupChat) })
        : t('contacts.groupChat');
  const subtitle = contact ? (localizedNameOrNull(contact.position) ?? contact.groupName) : null;
  const period = contacts.data ? { year: contacts.data.year, ws: contacts.data.ws } : undefined;

  // The first unread message when the conversation was opened: a "new messages" line above it.
  const [divider, setDivider] = useState<{ id: string; at: number } | null>(null);
  const id = conversationId(conversation);
  if (state && divider?.id !== id) setDivider({ id, at: state.unreadStart });

  // Scrolling: to the bottom on opening and when a message arrives at the bottom; kept in place when older messages
  // are prepended.
  const firstId = messages[0]?.id_message;
  const lastId = messages.at(-1)?.id_message;
  const seen = useRef<{ id: string; first?: number; last?: number; height: number; atBottom: boolean }>({
    id: '',
    height: 0,
    atBottom: true,
  });
  useLayoutEffect(() => {
    const box = list.current;
    if (!box || firstId === undefined) return;
    const before = seen.current;
    if (before.id !== id || before.last === undefined) box.scrollTop = box.scrollHeight;
    else if (firstId !== before.first && lastId === before.last) box.scrollTop += box.scrollHeight - before.height;
    else if (lastId !== before.last) {
      const mine = messages.at(-1)?.ismine;
      if (before.atBottom || mine) box.scrollTop = box.scrollHeight;
    }
    seen.current = { id, first: firstId, last: lastId, height: box.scrollHeight, atBottom: atBottom(box) };
  }, [id, firstId, lastId, messages]);

  function onScroll() {
    const box = list.current;
    if (!box || !state) return;
    seen.current.atBottom = atBottom(box);
    seen.current.height = box.scrollHeight;
    if (box.scrollTop < EDGE_PX && state.hasOlder && !chat.loadingOlder) void chat.loadOlder();
    if (seen.current.atBottom && state.hasNewer && !chat.loadingNewer) void chat.loadNewer();
  }

  const body = (
    <QueryView
      query={chat.query}
      loading={
        <Center h="100%" role="status">
          <Loader size="sm" />
          <VisuallyHidden>{t('conversation.loading')}</VisuallyHidden>
        </Center>
      }
    >
      {() =>
        messages.length === 0 ? (
          <Center h="100%">
            <Text c="dimmed" data-testid="chat-empty">
              {t('conversation.empty')}
            </Text>
          </Center>
        ) : (
          <Stack gap="xs">
            {state?.hasOlder && (
              <Center>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => void chat.loadOlder()}
                  loading={chat.loadingOlder}
                >
                  {t('conversation.older')}
                </Button>
              </Center>
            )}
            {messages.map((message) => (
              <Fragment key={message.id_message}>
                {divider?.at === message.id_message && (
                  <Divider
                    label={t('conversation.newDivider')}
                    labelPosition="center"
                    className={classes.accent}
                    color="okuu.5"
                  />
                )}
                <MessageItem message={message} showSender={conversation.kind !== 'person'} />
              </Fragment>
            ))}
            {state?.hasNewer && (
              <Center>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  onClick={() => void chat.loadNewer()}
                  loading={chat.loadingNewer}
                >
                  {t('conversation.newer')}
                </Button>
              </Center>
            )}
          </Stack>
        )
      }
    </QueryView>
  );

  return (
    <section className={classes.conversation} aria-labelledby={`${id}-title`}>
      <Group className={classes.conversationHeader} gap="xs" wrap="nowrap" justify="space-between">
        <Group gap="xs" wrap="nowrap" miw={0}>
          {backLink && (
            <Button
              component={Link}
              to={chatPathOf(null, true)}
              variant="subtle"
              size="compact-sm"
              px={4}
              aria-label={t('screen.back')}
              title={t('screen.back')}
            >
              <BackIcon size={20} />
            </Button>
          )}
          <div style={{ minWidth: 0 }}>
            <Title order={2} size="h5" id={`${id}-title`} lh={1.3} className={classes.contactName}>
              {title}
            </Title>
            {subtitle && (
              <Text size="xs" c="dimmed" truncate="end">
                {subtitle}
              </Text>
            )}
          </div>
        </Group>
      </Group>
      {socketDown && (
        <Text size="xs" c="dimmed" px="sm" py={4} className={classes.conversationHeader}>
          {t('screen.offline')}
        </Text>
      )}
      <div
        ref={list}
        className={classes.messages}
        onScroll={onScroll}
        role="log"
        aria-label={t('conversation.label')}
        aria-busy={chat.query.isPending || chat.loadingOlder}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the message list scrolls; keyboard users need to reach it.
        tabIndex={0}
      >
        {chat.pageError !== null && (
          <Alert color="red" p="xs" mb="xs" role="alert">
            <Text size="sm">{t('conversation.pageFailed', { reason: errorMessage(chat.pageError) })}</Text>
          </Alert>
        )}
        {body}
      </div>
      <Composer
        key={id}
        conversation={conversation}
        context={conversation.kind === 'person' ? contextOf(contact, period) : period}
        maxUploadMb={maxUploadMb}
      />
    </section>
  );
}
