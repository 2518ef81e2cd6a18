import { ActionIcon } from '@mantine/core';
import type { UmkMaterial } from '@okuu/contracts/umk/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { TrashIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useDeleteUmk } from '../api/delete-umk';

/** The delete icon of a teacher's own material and its confirmation dialog. */
export function DeleteUmkButton({ material }: { material: UmkMaterial }) {
  const { t } = useTranslation('umk');
  const [confirming, setConfirming] = useState(false);
  const remove = useDeleteUmk();

  function confirm() {
    remove.mutate(material.id_books, {
      onSuccess: () => {
        setConfirming(false);
        toast(t('delete.success'));
      },
      onError: (error) => toast(t('delete.failure', { reason: errorMessage(error) }), 'error'),
    });
  }

  const label = t('delete.label', { name: material.umkName });
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="red"
        size="lg"
        title={label}
        aria-label={label}
        onClick={() => setConfirming(true)}
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
          text: t(material.isLibrary ? 'delete.textLibrary' : 'delete.text', { name: material.umkName }),
          confirm: t('delete.confirm'),
          cancel: t('delete.cancel'),
          close: t('delete.close'),
        }}
      />
    </>
  );
}
