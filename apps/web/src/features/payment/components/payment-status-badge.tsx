import type { PaymentStatus } from '@okuu/contracts/payment/payment';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';

const colorOf: Record<PaymentStatus, string> = { pending: 'yellow', paid: 'green', failed: 'red', expired: 'gray' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payment');
  return (
    <StatusBadge color={colorOf[status]} data-status={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}
