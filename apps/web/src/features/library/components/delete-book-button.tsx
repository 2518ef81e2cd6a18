import { ActionIcon } from '@mantine/core';
import type { EBook } from '@okuu/contracts/library/book';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TrashIcon } from '../../../components/ui/icons';
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
  const [confirming, setConfirming] = useState(false);

  function ask() {
    check.mutate(
      { bookId: book.id_eBook, humanId: user.id },
      {
        onSuccess: ({ allowed }) => {
          if (allowed) setConfirming(true);
          else toast(t('delete.denied'), 'error');
        },
        onError: (error) => toast(t('delete.checkFailed', { reason: errorMessage(error) }), 'error'),
      },
    );
  }

  function confirm() {
    remove.mutate(book.id_eBook, {
      onSuccess: () => {
        setConfirming(false);
        toast(t('delete.success'));
      },
      onError: (error) => toast(t('delete.failure', { reason: errorMessage(error) }), 'error'),
    });
  }

  const label = t('delete.label', { name: book.name });
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        title={label}
        aria-label={label}
        onClick={ask}
        loading={check.isPending}
      >
        <TrashIcon size={20} />
      </ActionIcon>
      <ConfirmDialog
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={confirm}
        busy={remove.isPending}
        labels={{
          heading: t('delete.heading'),
          text: t(book.isFromUmk ? 'delete.textUmk' : 'delete.text', { name: book.name }),
          confirm: t('delete.confirm'),
          cancel: t('delete.cancel'),
          close: t('delete.close'),
        }}
      />
    </>
  );
}
