import type { UmkMaterial } from '@okuu/contracts/umk/material';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { useDeleteUmk } from '../api/delete-umk';

/** The delete icon of a teacher's own material and its confirmation dialog. */
export function DeleteUmkButton({ material }: { material: UmkMaterial }) {
  const { t } = useTranslation('umk');
  const remove = useDeleteUmk();
  const name = material.umkName;
  return (
    <DeleteButton
      ns="umk"
      label={t('delete.label', { name })}
      text={t(material.isLibrary ? 'delete.textLibrary' : 'delete.text', { name })}
      onDelete={() => remove.mutateAsync(material.id_books)}
    />
  );
}
