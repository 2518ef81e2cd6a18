import '../catalogue';
import '@mantine/core/styles/Indicator.css';
import { ActionIcon, Button, Group, Indicator, Popover, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import type { NotificationItem } from '@okuu/contracts/notifications/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BellIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { useNotifications } from '../api/get-notifications';
import { useUnreadNotifications } from '../api/get-unread-count';
import { useMarkAllNotificationsRead, useMarkNotificationRead } from '../api/mark-read';
import { linkOf, notificationText } from '../lib/describe';
import classes from './notification-bell.module.css';

/** The header's bell: the unread count, live; a click shows the notifications, newest first. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [opened, setOpened] = useState(false);
  const { data: unread = 0 } = useUnreadNotifications();
  const label = unread > 0 ? t('bell.labelUnread', { count: unread }) : t('bell.label');
  return (
    <Indicator
      label={unread > 99 ? '99+' : formatNumber(unread)}
      disabled={unread <= 0}
      size={18}
      color="red.8"
      offset={6}
    >
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width="min(360px, calc(100vw - 16px))"
        shadow="md"
        trapFocus
      >
        <Popover.Target>
          <ActionIcon variant="subtle" size="lg" aria-label={label} title={label} onClick={() => setOpened((o) => !o)}>
            <BellIcon size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          {opened && <NotificationList unread={unread} onOpen={() => setOpened(false)} />}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function NotificationList({ unread, onOpen }: { unread: number; onOpen: () => void }) {
  const { t } = useTranslation('notifications');
  const query = useNotifications();
  const markAll = useMarkAllNotificationsRead();
  return (
    <Stack gap={0}>
      <Group justify="space-between" px="md" py="xs" className={classes.head}>
        <Text fw={600}>{t('bell.label')}</Text>
        <Button
          variant="subtle"
          size="compact-sm"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
        >
          {t('bell.markAll')}
        </Button>
      </Group>
      <ScrollArea.Autosize mah={420}>
        <QueryView query={query} compact>
          {(data) => {
            const items = data.pages.flatMap((p) => p.items);
            if (!items.length) {
              return (
                <Text c="dimmed" ta="center" p="lg">
                  {t('bell.empty')}
                </Text>
              );
            }
            return (
              <Stack gap={0} component="ul" className={classes.list} aria-label={t('bell.label')}>
                {items.map((item) => (
                  <NotificationRow key={item.id} item={item} onOpen={onOpen} />
                ))}
                {query.hasNextPage && (
                  <Group justify="center" p="xs" component="li">
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      loading={query.isFetchingNextPage}
                      onClick={() => void query.fetchNextPage()}
                    >
                      {t('bell.more')}
                    </Button>
                  </Group>
                )}
              </Stack>
            );
          }}
        </QueryView>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function NotificationRow({ item, onOpen }: { item: NotificationItem; onOpen: () => void }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const markRead = useMarkNotificationRead();
  return (
    <li>
      <UnstyledButton
        className={classes.item}
        data-unread={item.read ? undefined : true}
        onClick={() => {
          if (!item.read) markRead.mutate(item.id);
          onOpen();
          navigate(linkOf[item.kind]);
        }}
      >
        <Group gap="xs" wrap="nowrap" align="flex-start">
          <span className={classes.dot} data-unread={item.read ? undefined : true} aria-hidden />
          <Stack gap={2}>
            <Text size="sm" fw={item.read ? 400 : 600}>
              {notificationText(t, item)}
              {!item.read && <span className={classes.hidden}> ({t('bell.unreadMark')})</span>}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(item.at)}
            </Text>
          </Stack>
        </Group>
      </UnstyledButton>
    </li>
  );
}
