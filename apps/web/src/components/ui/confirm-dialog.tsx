import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Text } from '@mantine/core';

export interface ConfirmDialogLabels {
  heading: string;
  text: string;
  confirm: string;
  cancel: string;
  close: string;
}

interface Props {
  opened: boolean;
  labels: ConfirmDialogLabels;
  onConfirm: () => void;
  onClose: () => void;
  /** The confirmed action is running: the buttons wait. */
  busy?: boolean;
}

/** A dialog asking to confirm a destructive action (see DeleteButton). */
export function ConfirmDialog({ opened, labels, onConfirm, onClose, busy }: Props) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={labels.heading}
      centered
      closeButtonProps={{ 'aria-label': labels.close }}
    >
      <Text size="sm">{labels.text}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={busy}>
          {labels.cancel}
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={busy} data-autofocus>
          {labels.confirm}
        </Button>
      </Group>
    </Modal>
  );
}
