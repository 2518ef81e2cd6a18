import { ActionIcon } from '@mantine/core';
import type { CustomTypeOptions } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';
import { toast } from '../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';
import { TrashIcon } from './icons';

type Resources = CustomTypeOptions['resources'];
type DeleteTexts = Record<'heading' | 'text' | 'confirm' | 'cancel' | 'close' | 'success' | 'failure', string>;

/** The namespaces whose `delete` block holds the dialog's texts and the toasts (`failure` with a `{{reason}}`). */
export type DeleteNamespace = {
  [N in keyof Resources]: Resources[N] extends { delete: DeleteTexts } ? N : never;
}[keyof Resources];

interface Props {
  /** Where the texts come from: `<ns>:delete.*`. */
  ns: DeleteNamespace;
  /** The icon's accessible name and tooltip. */
  label: string;
  /** The dialog's text, when not the plain `delete.text`. */
  text?: string;
  /** Deletes. The promise still settles when the button has left the screen (the item went with the delete). */
  onDelete: () => Promise<unknown>;
  /** Asked before the dialog opens (the icon waits meanwhile): false keeps it closed. */
  mayDelete?: () => Promise<boolean>;
  /** A small grey icon (inside a chat message) rather than the red one of a card. */
  compact?: boolean;
}

/** A trash icon that deletes after a confirmation dialog, then says how it went in a toast. */
export function DeleteButton({ ns, label, text, onDelete, mayDelete, compact }: Props) {
  const { t } = useTranslation(ns);
  const [opened, setOpened] = useState(false);
  const [checking, setChecking] = useState(false);
  const [busy, setBusy] = useState(false);

  function open() {
    if (!mayDelete) {
      setOpened(true);
      return;
    }
    setChecking(true);
    mayDelete()
      .then(setOpened)
      .finally(() => setChecking(false));
  }

  function confirm() {
    setBusy(true);
    onDelete()
      .then(
        () => {
          setOpened(false);
          toast(t('delete.success'));
        },
        (error: unknown) => toast(t('delete.failure', { reason: errorMessage(error) }), 'error'),
      )
      .finally(() => setBusy(false));
  }

  return (
    <>
      <ActionIcon
        variant="subtle"
        color={compact ? 'gray' : 'red'}
        size={compact ? 'sm' : 'lg'}
        title={label}
        aria-label={label}
        onClick={open}
        loading={checking}
      >
        <TrashIcon size={compact ? 16 : 20} />
      </ActionIcon>
      <ConfirmDialog
        opened={opened}
        onClose={() => setOpened(false)}
        onConfirm={confirm}
        busy={busy}
        labels={{
          heading: t('delete.heading'),
          text: text ?? t('delete.text'),
          confirm: t('delete.confirm'),
          cancel: t('delete.cancel'),
          close: t('delete.close'),
        }}
      />
    </>
  );
}
