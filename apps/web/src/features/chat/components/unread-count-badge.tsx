import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadCount } from '../api/get-unread-count';

/** The caller's unread messages as a small badge (the messages tab); nothing when there are none. */
export function UnreadCountBadge({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { data: count = 0 } = useUnreadCount();
  if (count <= 0) return null;
  return (
    <Badge
      color="red.8"
      size="sm"
      circle={count < 10}
      className={className}
      aria-label={t('chat.unread', { count })}
      title={t('chat.unread', { count })}
    >
      {count > 99 ? '99+' : count}
    </Badge>
  );
}
