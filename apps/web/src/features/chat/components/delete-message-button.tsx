import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteMessage } from '../api/delete-message';

/** The delete icon of one of the caller's messages, and its confirmation dialog. */
export function DeleteMessageButton({ id }: { id: number }) {
  const { t } = useTranslation('chat');
  const [opened, dialog] = useDisclosure(false);
  const remove = useDeleteMessage();

  function confirm() {
    // The message (and this button) leaves the list as soon as the call succeeds: the promise still settles.
    remove.mutateAsync(id).then(
      () => {
        dialog.close();
        toast(t('delete.success'));
      },
      (error: unknown) => toast(t('delete.failure', { reason: errorMessage(error) }), 'error'),
    );
  }

  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="sm"
        title={t('delete.title')}
        aria-label={t('delete.title')}
        onClick={dialog.open}
      >
        <TrashIcon size={16} />
      </ActionIcon>
      <Modal
        opened={opened}
        onClose={dialog.close}
        title={t('delete.heading')}
        centered
        closeButtonProps={{ 'aria-label': t('delete.close') }}
      >
        <Text size="sm">{t('delete.text')}</Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={dialog.close} disabled={remove.isPending}>
            {t('delete.cancel')}
          </Button>
          <Button color="red.9" onClick={confirm} loading={remove.isPending} data-autofocus>
            {t('delete.confirm')}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
