import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { type BookingPurpose, bookingPurposes, type RoomSummary, type RoomsSlot } from '@okuu/contracts/rooms/rooms';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useBookRoom } from '../api/book-room';
import { useCancelBooking } from '../api/cancel-booking';
import { roomLabel, slotParams } from './labels';

export interface BookingTarget {
  room: RoomSummary;
  date: string;
  slot: RoomsSlot;
}

/** Books a free room for a date and pair: the purpose and a note; a refusal (taken meanwhile) is said in the dialog. */
export function BookDialog({ target, onClose }: { target: BookingTarget | null; onClose: () => void }) {
  const { t } = useTranslation('rooms');
  const book = useBookRoom();
  const [purpose, setPurpose] = useState<BookingPurpose>('consultation');
  const [note, setNote] = useState('');

  function close() {
    book.reset();
    setNote('');
    onClose();
  }

  function submit() {
    if (!target) return;
    book.mutate(
      { room: target.room.id_aud, date: target.date, slot: target.slot.id_time, purpose, note },
      {
        onSuccess: () => {
          toast(t('book.success', { room: roomLabel(target.room) }));
          close();
        },
      },
    );
  }

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={target ? t('book.heading', { room: roomLabel(target.room) }) : ''}
      centered
      closeButtonProps={{ 'aria-label': t('book.close') }}
    >
      {target && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              {t('book.when', { date: formatDate(target.date), slot: t('slot', slotParams(target.slot)) })}
            </Text>
            <Select
              label={t('book.purpose')}
              data={bookingPurposes.map((p) => ({ value: p, label: t(`purpose.${p}`) }))}
              value={purpose}
              onChange={(v) => v && setPurpose(v as BookingPurpose)}
              allowDeselect={false}
              data-autofocus
            />
            <TextInput
              label={t('book.note')}
              value={note}
              maxLength={200}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
            {book.isError && (
              <Text c="red.8" size="sm" role="alert">
                {t('book.failure', { reason: errorMessage(book.error) })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={book.isPending}>
                {t('book.cancel')}
              </Button>
              <Button type="submit" loading={book.isPending}>
                {t('book.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** Staff cancel any booking, giving a reason (kept in the audit log). */
export function StaffCancelDialog({
  booking,
  onClose,
}: {
  booking: { id: number; label: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('rooms');
  const cancel = useCancelBooking();
  const [reason, setReason] = useState('');

  function close() {
    cancel.reset();
    setReason('');
    onClose();
  }

  return (
    <Modal
      opened={booking !== null}
      onClose={close}
      title={t('staffCancel.heading')}
      centered
      closeButtonProps={{ 'aria-label': t('staffCancel.close') }}
    >
      {booking && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            cancel.mutate(
              { id: booking.id, reason },
              {
                onSuccess: () => {
                  toast(t('staffCancel.success'));
                  close();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{booking.label}</Text>
            <TextInput
              label={t('staffCancel.reason')}
              value={reason}
              required
              maxLength={200}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
            {cancel.isError && (
              <Text c="red.8" size="sm" role="alert">
                {t('staffCancel.failure', { reason: errorMessage(cancel.error) })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={cancel.isPending}>
                {t('staffCancel.cancel')}
              </Button>
              <Button type="submit" color="red.9" loading={cancel.isPending} disabled={reason.trim() === ''}>
                {t('staffCancel.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
