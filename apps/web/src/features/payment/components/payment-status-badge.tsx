import { Badge, Group } from '@mantine/core';
import type { PaymentStatus } from '@okuu/contracts/payment/payment';
import { useTranslation } from 'react-i18next';

const colorOf: Record<PaymentStatus, string> = {
  pending: 'yellow',
  partial: 'orange',
  paid: 'green',
  failed: 'red',
  expired: 'gray',
};

/** A payment's status in words, and a mark when it was a test payment (no money moved). */
export function PaymentStatusBadge({ status, test = false }: { status: PaymentStatus; test?: boolean }) {
  const { t } = useTranslation('payment');
  return (
    <Group gap={4} wrap="nowrap">
      <Badge color={colorOf[status]} variant="dot" data-status={status}>
        {t(`status.${status}`)}
      </Badge>
      {test && (
        <Badge color="grape" variant="light" title={t('test.hint')} data-testid="test-payment">
          {t('test.badge')}
        </Badge>
      )}
    </Group>
  );
}
