import { Badge } from '@mantine/core';
import type { OrderStatus } from '@okuu/contracts/single-window/order';
import { useTranslation } from 'react-i18next';

/** Each status has its own colour (filled, with a text colour that contrasts in both themes). */
export const statusColor: Record<OrderStatus, string> = {
  waiting: 'yellow.4',
  preparing: 'blue.8',
  prepared: 'green.9',
  canceled: 'gray.7',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation('single-window');
  return (
    <Badge color={statusColor[status]} autoContrast variant="filled" radius="sm" tt="none" style={{ flexShrink: 0 }}>
      {t(`status.${status}`)}
    </Badge>
  );
}
