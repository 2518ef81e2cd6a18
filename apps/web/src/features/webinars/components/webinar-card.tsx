import { Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import type { WebinarItem } from '@okuu/contracts/webinars/webinars';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatTime } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';

/** What an online lesson is called: its discipline (and kind) for a timetable lesson, its title otherwise. */
export function webinarTitle(item: WebinarItem): string {
  return item.discipline ? localizedName(item.discipline) : item.title;
}

/** "Join": the meeting opens in a new tab (the portal stays open in this one). */
export function JoinButton({ url, label, filled = true }: { url: string; label: string; filled?: boolean }) {
  const { t } = useTranslation('webinars');
  return (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      size="xs"
      variant={filled ? 'filled' : 'light'}
      aria-label={`${label} ${t('newTab')}`}
    >
      {label}
    </Button>
  );
}

/** One online lesson on its date: what, when, for whom (or by whom), "Join" in its window, its recording. */
export function WebinarCard({
  item,
  viewer,
  actions,
}: {
  item: WebinarItem;
  viewer: 'teacher' | 'student';
  actions?: ReactNode;
}) {
  const { t } = useTranslation('webinars');
  return (
    <Paper withBorder p="sm" component="li" data-testid="webinar-item" data-state={item.state}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <div style={{ minWidth: 0, flex: '1 1 16rem' }}>
          <Group gap={6} mb={4}>
            {item.state === 'open' && (
              <Badge color="okuu" radius="sm" tt="none">
                {t('state.open')}
              </Badge>
            )}
            {item.lessonKind && (
              <Badge variant="light" color="gray" radius="sm" tt="none">
                {localizedName(item.lessonKind)}
              </Badge>
            )}
            {item.weekly && (
              <Badge variant="light" color="violet" radius="sm" tt="none">
                {t('weekly')}
              </Badge>
            )}
          </Group>
          <Text component="h3" fw={600} size="md" lh={1.3} style={{ overflowWrap: 'anywhere' }}>
            {webinarTitle(item)}
          </Text>
          <Text size="sm">{t('when', { date: formatDate(item.date), start: item.start, end: item.end })}</Text>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {viewer === 'teacher'
              ? t(`audience.${item.audience.kind}`, { name: item.audience.name })
              : t('teacher', { name: item.teacher.name })}
          </Text>
          {item.recording && (
            <Anchor href={item.recording} target="_blank" rel="noopener noreferrer" size="sm">
              {t('recording.watch')}
            </Anchor>
          )}
        </div>
        <Group gap="xs" wrap="wrap">
          {item.url && item.state !== 'past' && (
            <JoinButton url={item.url} label={t('join')} filled={item.state === 'open'} />
          )}
          {!item.url && item.state === 'upcoming' && (
            <Text size="sm" c="dimmed">
              {t('opensAt', { time: formatTime(new Date(item.opensAt)) })}
            </Text>
          )}
          {actions}
        </Group>
      </Group>
    </Paper>
  );
}
