import { Badge } from '@mantine/core';
import type { PaymentStatus } from '@okuu/contracts/payment/payment';
import { useTranslation } from 'react-i18next';

const colorOf: Record<PaymentStatus, string> = { pending: 'yellow', paid: 'green', failed: 'red', expired: 'gray' };

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payment');
  return (
    <Badge color={colorOf[status]} variant="dot" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
