import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { useDeleteMessage } from '../api/delete-message';

/** The delete icon of one of the caller's messages, and its confirmation dialog. */
export function DeleteMessageButton({ id }: { id: number }) {
  const { t } = useTranslation('chat');
  const remove = useDeleteMessage();
  return <DeleteButton ns="chat" compact label={t('delete.title')} onDelete={() => remove.mutateAsync(id)} />;
}
