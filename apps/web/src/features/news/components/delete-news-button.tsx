import { ActionIcon, Button, Group, Modal, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteNews } from '../api/delete-news';

/** The delete icon of an item, titled 'Удалить?', and its confirmation dialog. */
export function DeleteNewsButton({ id }: { id: number }) {
  const { t } = useTranslation('news');
  const [opened, dialog] = useDisclosure(false);
  const remove = useDeleteNews();

  function confirm() {
    remove.mutate(id, {
      onSuccess: () => {
        dialog.close();
        toast(t('delete.success'));
      },
      onError: (error) => toast(t('delete.failure', { reason: errorMessage(error) }), 'error'),
    });
  }

  return (
    <>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        title={t('delete.title')}
        aria-label={t('delete.title')}
        onClick={dialog.open}
      >
        <TrashIcon size={20} />
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
