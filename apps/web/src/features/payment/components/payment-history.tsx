import { Anchor, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Payment } from '@okuu/contracts/payment/payment';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localizedName } from '../../../lib/localized';
import { usePaymentHistory } from '../api/get-payment-history';
import { PaymentStatusBadge, TestPaymentBadge } from './payment-status-badge';

function PaymentRow({ payment }: { payment: Payment }) {
  const { t } = useTranslation('payment');
  return (
    <Paper withBorder p="sm" radius="md" data-testid="payment-row" data-payment={payment.id}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <Stack gap={2} miw={0}>
          <Text fw={500}>{localizedName(payment.service)}</Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(payment.created)} · {t(`method.${payment.method}`)} · {t('history.code')} {payment.code} ·{' '}
            {payment.year.name}
          </Text>
          {payment.status === 'partial' && (
            <Text size="sm" c="orange.8" data-testid="payment-remaining">
              {t('history.partial', {
                received: formatMoney(payment.received),
                amount: formatMoney(payment.amount),
                remaining: formatMoney(payment.amount - payment.received),
              })}
            </Text>
          )}
          {payment.received > payment.amount && (
            <Text size="sm" c="dimmed">
              {t('history.surplus', { surplus: formatMoney(payment.received - payment.amount) })}
            </Text>
          )}
          {payment.test && (
            <Text size="sm" c="dimmed">
              {t('test.hint')}
            </Text>
          )}
          {payment.receiptUrl && (
            <Anchor href={`${payment.receiptUrl}&lang=${currentLanguage()}`} download size="sm">
              {t('history.downloadReceipt')}
            </Anchor>
          )}
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatMoney(payment.amount)} {t('som')}
          </Text>
          <PaymentStatusBadge status={payment.status} />
          {payment.test && <TestPaymentBadge />}
        </Stack>
      </Group>
    </Paper>
  );
}

/** The student's payments with their statuses; a receipt for each paid one. */
export function PaymentHistory() {
  const { t } = useTranslation('payment');
  const history = usePaymentHistory();
  return (
    <Stack gap="sm" component="section" aria-labelledby="payment-history-heading">
      <Group justify="space-between">
        <Title order={2} size="h3" id="payment-history-heading">
          {t('history.heading')}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={() => history.refetch()} loading={history.isFetching}>
          {t('history.refresh')}
        </Button>
      </Group>
      <QueryView
        query={history}
        loading={
          <Stack gap="sm">
            <Skeleton h={72} />
            <Skeleton h={72} />
          </Stack>
        }
      >
        {(payments) =>
          payments.length === 0 ? (
            <Text c="dimmed">{t('history.empty')}</Text>
          ) : (
            payments.map((payment) => <PaymentRow key={payment.id} payment={payment} />)
          )
        }
      </QueryView>
    </Stack>
  );
}
