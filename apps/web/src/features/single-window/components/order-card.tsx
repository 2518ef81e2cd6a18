import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { Order } from '@okuu/contracts/single-window/order';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadIcon } from '../../../components/ui/icons';
import { formatDate, formatTime } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { OrderStatusBadge } from './order-status-badge';

/**
 * One order: its kind and status, when it was placed, its purpose and where it goes; once prepared, the document's
 * number, date and verification code with its download. `actions` and `who` are the caller's (the student's cancel,
 * staff's moves and the student's name).
 */
export function OrderCard({ order, who, actions }: { order: Order; who?: ReactNode; actions?: ReactNode }) {
  const { t } = useTranslation('single-window');
  const title = localizedName(order.document);
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-label={title}>
      <Stack gap={6}>
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Text fw={600} lh={1.3}>
            {title}
          </Text>
          <OrderStatusBadge status={order.status} />
        </Group>
        {who}
        <Text size="sm" c="dimmed">
          {t('history.ordered', { date: formatDate(order.created), time: formatTime(order.created) })}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('history.purpose')}:{' '}
          </Text>
          {localizedName(order.purpose)}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            {t('history.place')}:{' '}
          </Text>
          {localizedName(order.district)}, {localizedName(order.region)}
        </Text>
        {order.status === 'prepared' && order.number && order.issued && (
          <Text size="sm">
            {t('history.number', { number: order.number, date: formatDate(order.issued) })}
            {order.verificationCode && (
              <Text span c="dimmed" size="sm">
                {' · '}
                {t('history.code', { code: order.verificationCode })}
              </Text>
            )}
          </Text>
        )}
        {(actions || order.documentUrl) && (
          <Group gap="sm" mt={4}>
            {order.documentUrl && (
              <Button
                component="a"
                href={order.documentUrl}
                download
                size="xs"
                leftSection={<DownloadIcon size={16} />}
                aria-label={t('history.downloadLabel', { number: order.number })}
              >
                {t('history.download')}
              </Button>
            )}
            {actions}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
