import { EmptyState, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DocumentIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { hasOpenOrder, useOrders } from '../api/get-orders';
import { CancelOrderButton } from './cancel-order-button';
import { OrderCard } from './order-card';

/** The student's orders, newest first; a waiting one can be canceled. Open orders refresh by themselves. */
export function OrderHistory() {
  const { t } = useTranslation('single-window');
  const orders = useOrders();

  return (
    <Stack gap="sm" component="section" aria-labelledby="order-history-heading">
      <Group justify="space-between" align="baseline">
        <Title order={2} size="h4" id="order-history-heading">
          {t('history.heading')}
        </Title>
        {hasOpenOrder(orders.data) && (
          <Text size="xs" c="dimmed">
            {t('history.autoRefresh')}
          </Text>
        )}
      </Group>
      <QueryView query={orders}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState withIndicatorBackground>
              <EmptyState.Indicator>
                <DocumentIcon size={28} />
              </EmptyState.Indicator>
              <EmptyState.Title order={3}>{t('history.emptyTitle')}</EmptyState.Title>
              <EmptyState.Description>{t('history.emptyText')}</EmptyState.Description>
            </EmptyState>
          ) : (
            <Stack gap="sm">
              {list.map((order) => (
                <OrderCard
                  key={order.id_order}
                  order={order}
                  actions={order.status === 'waiting' ? <CancelOrderButton order={order} /> : undefined}
                />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}
