import type { OrderStatus } from '@okuu/contracts/single-window/order';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';

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
    <StatusBadge color={statusColor[status]} filled>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
