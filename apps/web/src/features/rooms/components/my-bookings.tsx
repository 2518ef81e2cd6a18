import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { RoomBooking } from '@okuu/contracts/rooms/rooms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCancelBooking } from '../api/cancel-booking';
import { useMyBookings } from '../api/get-my-bookings';
import { roomLabel, slotParams } from './labels';

function BookingRow({ booking, onCancel }: { booking: RoomBooking; onCancel?: () => void }) {
  const { t } = useTranslation('rooms');
  return (
    <Paper withBorder p="sm" component="li">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Text fw={600}>
            {t('mine.item', {
              room: roomLabel(booking.room),
              date: formatDate(booking.date),
              slot: t('slot', slotParams(booking)),
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {[t(`purpose.${booking.purpose}`), booking.note].filter(Boolean).join(' · ')}
          </Text>
        </div>
        {onCancel && (
          <Button variant="default" color="red" size="xs" onClick={onCancel}>
            {t('mine.cancel')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/**
 * The signed-in teacher's bookings from today on, each cancellable after a confirmation. `from`/`to` (YYYY-MM-DD)
 * narrow it to a week (the schedule shows the bookings of its week).
 */
export function MyBookings({
  range,
  headingOrder = 2,
}: {
  range?: { from: string; to: string };
  headingOrder?: 2 | 3;
}) {
  const { t } = useTranslation('rooms');
  const bookings = useMyBookings();
  const cancel = useCancelBooking();
  const [confirming, setConfirming] = useState<RoomBooking | null>(null);

  function confirm() {
    if (!confirming) return;
    cancel.mutate(
      { id: confirming.id },
      {
        onSuccess: () => toast(t('mine.cancelled')),
        onError: (error) => toast(t('mine.cancelFailed', { reason: errorMessage(error) }), 'error'),
        onSettled: () => setConfirming(null),
      },
    );
  }

  return (
    <Stack gap="sm" component="section" aria-labelledby="rooms-my-bookings">
      <Title order={headingOrder} size="h4" id="rooms-my-bookings">
        {range ? t('mine.weekHeading') : t('mine.heading')}
      </Title>
      <QueryView query={bookings} compact>
        {(data) => {
          const shown = range ? data.bookings.filter((b) => b.date >= range.from && b.date <= range.to) : data.bookings;
          return shown.length === 0 ? (
            <Text c="dimmed" size="sm">
              {t('mine.empty')}
            </Text>
          ) : (
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {shown.map((b) => (
                <BookingRow key={b.id} booking={b} onCancel={() => setConfirming(b)} />
              ))}
            </Stack>
          );
        }}
      </QueryView>
      <ConfirmDialog
        opened={confirming !== null}
        busy={cancel.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={confirm}
        labels={{
          heading: t('mine.confirmHeading'),
          text: confirming
            ? t('mine.item', {
                room: roomLabel(confirming.room),
                date: formatDate(confirming.date),
                slot: t('slot', slotParams(confirming)),
              })
            : '',
          confirm: t('mine.confirm'),
          cancel: t('mine.keep'),
          close: t('book.close'),
        }}
      />
    </Stack>
  );
}
