import { Badge } from '@mantine/core';
import type { PaymentStatus } from '@okuu/contracts/payment/payment';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../../components/ui/status-badge';

const colorOf: Record<PaymentStatus, string> = {
  pending: 'yellow',
  partial: 'orange',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
};

/** A payment's status in words. */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation('payment');
  return (
    <StatusBadge color={colorOf[status]} data-status={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}

/** The mark of a test payment (made through the sandbox: no money moved). */
export function TestPaymentBadge() {
  const { t } = useTranslation('payment');
  return (
    <Badge color="grape" variant="light" title={t('test.hint')} data-testid="test-payment">
      {t('test.badge')}
    </Badge>
  );
}
