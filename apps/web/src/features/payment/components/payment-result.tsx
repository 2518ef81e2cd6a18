import { Alert, Group, Loader, Text } from '@mantine/core';
import type { DataOf } from '@okuu/contracts/endpoint';
import type { paymentStatus } from '@okuu/contracts/payment/history';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatMoney } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { offerPush } from '../../../lib/push-offer';
import { usePaymentStatus } from '../api/get-payment-history';

const knownReasons = ['declined', 'wrong_code', 'provider_unavailable'] as const;

/** What became of the card payment the provider's page sent the payer back from (asked again while pending). */
export function PaymentResult({ paymentId, onDismiss }: { paymentId: number; onDismiss: () => void }) {
  const status = usePaymentStatus(paymentId);
  return (
    <QueryView query={status} compact>
      {(payment) => <Result payment={payment} onDismiss={onDismiss} />}
    </QueryView>
  );
}

function Result({ payment, onDismiss }: { payment: DataOf<typeof paymentStatus>; onDismiss: () => void }) {
  const { t } = useTranslation('payment');
  const common = { withCloseButton: true, onClose: onDismiss, closeButtonLabel: t('result.dismiss'), role: 'status' };
  // A card payment settled: the next ones (a reference, a receipt) are worth a push; offered once per device.
  const settled = payment.status === 'paid';
  useEffect(() => {
    if (settled) offerPush();
  }, [settled]);
  if (payment.status === 'pending') {
    return (
      <Alert color="blue" {...common}>
        <Group gap="sm">
          <Loader size="sm" />
          <Text size="sm">{t('result.pending')}</Text>
        </Group>
      </Alert>
    );
  }
  if (payment.status === 'paid') {
    return (
      <Alert color="green" {...common} data-testid="payment-result">
        {t('result.paid', { amount: formatMoney(payment.amount), service: localizedName(payment.service) })}
      </Alert>
    );
  }
  if (payment.status === 'expired') {
    return (
      <Alert color="gray" {...common} data-testid="payment-result">
        {t('result.expired')}
      </Alert>
    );
  }
  const reason = knownReasons.find((r) => r === payment.failureReason) ?? 'other';
  return (
    <Alert color="red" {...common} role="alert" data-testid="payment-result">
      {t('result.failed', { reason: t(`result.reasons.${reason}`) })}
    </Alert>
  );
}
