import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { useDeleteNews } from '../api/delete-news';

/** The delete icon of an item, titled 'Удалить?', and its confirmation dialog. */
export function DeleteNewsButton({ id }: { id: number }) {
  const { t } = useTranslation('news');
  const remove = useDeleteNews();
  return <DeleteButton ns="news" label={t('delete.title')} onDelete={() => remove.mutateAsync(id)} />;
}
