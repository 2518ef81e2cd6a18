import { Anchor, Button, Group, Text } from '@mantine/core';
import type { OrderStatus, QueuedOrder } from '@okuu/contracts/single-window/order';
import { orderStatuses } from '@okuu/contracts/single-window/order';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { DocumentIcon } from '../../../components/ui/icons';
import { PagedList } from '../../../components/ui/paged-list';
import { errorMessage } from '../../../lib/error-message';
import { localizedName } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useOrderQueue } from '../api/get-order-queue';
import { type StaffMove, useSetOrderStatus } from '../api/set-order-status';
import { OrderCard } from './order-card';

/**
 * Staff's queue of orders by status (with the number in each): a waiting order is taken up, an order in preparation
 * is issued (the PDF is made then) or either is canceled, after a confirmation.
 */
export function OrderQueue() {
  const { t } = useTranslation('single-window');
  const [status, setStatus] = useState<OrderStatus>('waiting');
  const [page, setPage] = useState(1);
  const queue = useOrderQueue(status, page);
  const move = useSetOrderStatus();
  const [canceling, setCanceling] = useState<QueuedOrder | null>(null);

  function moveOrder(order: QueuedOrder, to: StaffMove) {
    move.mutate(
      { id: order.id_order, status: to },
      {
        onSuccess: (moved) => {
          setCanceling(null);
          toast(t(`queue.moved.${to}`, { number: moved.number ?? '' }));
        },
        onError: (error) => {
          setCanceling(null);
          toast(t('queue.failure', { reason: errorMessage(error) }), 'error');
        },
      },
    );
  }

  const busyWith = (order: QueuedOrder) => move.isPending && move.variables?.id === order.id_order;

  function actions(order: QueuedOrder) {
    if (order.status !== 'waiting' && order.status !== 'preparing') return undefined;
    const next: StaffMove = order.status === 'waiting' ? 'preparing' : 'prepared';
    return (
      <>
        <Button
          size="xs"
          onClick={() => moveOrder(order, next)}
          loading={busyWith(order) && move.variables?.status === next}
        >
          {t(order.status === 'waiting' ? 'queue.take' : 'queue.issue')}
        </Button>
        <Button size="xs" variant="default" onClick={() => setCanceling(order)} disabled={busyWith(order)}>
          {t('queue.reject')}
        </Button>
      </>
    );
  }

  return (
    <>
      <Group gap="xs" role="group" aria-label={t('queue.tabs')} mb="md">
        {orderStatuses.map((s) => (
          <Button
            key={s}
            size="xs"
            variant={s === status ? 'filled' : 'default'}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
            rightSection={queue.data ? String(queue.data.counts[s]) : undefined}
          >
            {t(`status.${s}`)}
          </Button>
        ))}
      </Group>
      <PagedList
        ns="single-window"
        query={queue}
        page={page}
        onPageChange={setPage}
        skeleton={{ cards: 3, lines: [{ height: 16, width: '60%' }, { height: 12, width: '40%' }, { height: 12 }] }}
        emptyIcon={<DocumentIcon size={28} />}
        emptyText={t('queue.empty')}
        itemKey={(order) => order.id_order}
        renderItem={(order) => (
          <OrderCard
            order={order}
            who={
              <Group gap="xs" wrap="wrap">
                <Text size="sm" fw={500}>
                  {order.student.fullName}
                  {order.student.group && (
                    <Text span c="dimmed" size="sm">
                      {' · '}
                      {order.student.group}
                    </Text>
                  )}
                </Text>
                <Anchor component={Link} to={`/lms/transcript?student=${order.student.id}`} size="sm">
                  {t('queue.transcript')}
                </Anchor>
              </Group>
            }
            actions={actions(order)}
          />
        )}
      />
      <ConfirmDialog
        opened={canceling !== null}
        busy={move.isPending}
        onClose={() => setCanceling(null)}
        onConfirm={() => canceling && moveOrder(canceling, 'canceled')}
        labels={{
          heading: t('queue.rejectDialog.heading'),
          text: t('queue.rejectDialog.text', {
            name: canceling ? localizedName(canceling.document) : '',
            student: canceling?.student.fullName ?? '',
          }),
          confirm: t('queue.rejectDialog.confirm'),
          cancel: t('queue.rejectDialog.cancel'),
          close: t('queue.rejectDialog.close'),
        }}
      />
    </>
  );
}
