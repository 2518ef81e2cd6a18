import '@mantine/core/styles/Modal.css';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatMoney } from '../../../lib/format';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { usePayByCard } from '../api/pay-by-card';

interface Props {
  year: number;
  serviceId: number;
  serviceName: string;
  /** Tyiyn; null while the typed amount is not valid. */
  amount: number | null;
}

/**
 * Card payment after a confirmation: the payment (amount and service fixed on the server) is made, then the
 * provider's card page opens; it sends the payer back to this screen.
 */
export function CardPaymentButton({ year, serviceId, serviceName, amount }: Props) {
  const { t } = useTranslation('payment');
  const [key, setKey] = useState<string | null>(null);
  const pay = usePayByCard();

  const open = () => {
    pay.reset();
    setKey(newIdempotencyKey());
  };
  const close = () => {
    if (!pay.isPending) setKey(null);
  };
  const confirm = () => {
    if (!key || amount === null) return;
    pay.mutate(
      { year, service: serviceId, amount, idempotencyKey: key },
      {
        onSuccess: ({ payment, redirectUrl }) =>
          window.location.assign(redirectUrl ?? `/lms/paymentcode?payment=${payment.id}`),
      },
    );
  };
  const leaving = pay.isSuccess;

  return (
    <>
      <Button onClick={open} disabled={amount === null}>
        {t('card.pay')}
      </Button>
      <Modal
        opened={key !== null}
        onClose={close}
        title={t('card.confirmHeading')}
        centered
        closeButtonProps={{ 'aria-label': t('card.close') }}
      >
        <Text size="sm">
          {t('card.confirmText', { service: serviceName, amount: amount === null ? '' : formatMoney(amount) })}
        </Text>
        {pay.isError && (
          <Alert color="red" mt="md" role="alert">
            {errorMessage(pay.error)}
          </Alert>
        )}
        {leaving && (
          <Text size="sm" mt="md" c="dimmed" role="status">
            {t('card.starting')}
          </Text>
        )}
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={close} disabled={pay.isPending || leaving}>
            {t('card.cancel')}
          </Button>
          <Button onClick={confirm} loading={pay.isPending || leaving} data-autofocus>
            {t('card.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
