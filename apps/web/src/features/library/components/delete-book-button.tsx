import type { EBook } from '@okuu/contracts/library/book';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/use-session';
import { useDeleteBook, useDeleteCheck } from '../api/delete-book';

/**
 * Deleting a book: the server is first asked whether the user may (deletecheck, with the human id); only then does
 * the confirmation open. After the delete the list is loaded again.
 */
export function DeleteBookButton({ book }: { book: EBook }) {
  const { t } = useTranslation('library');
  const user = useSessionUser();
  const check = useDeleteCheck();
  const remove = useDeleteBook();

  function mayDelete() {
    return check.mutateAsync({ bookId: book.id_eBook, humanId: user.id }).then(
      ({ allowed }) => {
        if (!allowed) toast(t('delete.denied'), 'error');
        return allowed;
      },
      (error: unknown) => {
        toast(t('delete.checkFailed', { reason: errorMessage(error) }), 'error');
        return false;
      },
    );
  }

  const name = book.name;
  return (
    <DeleteButton
      ns="library"
      label={t('delete.label', { name })}
      text={t(book.isFromUmk ? 'delete.textUmk' : 'delete.text', { name })}
      mayDelete={mayDelete}
      onDelete={() => remove.mutateAsync(book.id_eBook)}
    />
  );
}
