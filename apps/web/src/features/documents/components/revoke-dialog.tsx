import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { documentLimits, type IssuedDocument, revocableKinds } from '@okuu/contracts/documents/documents';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useRevokeDocument } from '../api/revoke-document';
import { documentName } from './document-labels';

const revocable = (kind: IssuedDocument['kind']): kind is (typeof revocableKinds)[number] =>
  (revocableKinds as readonly string[]).includes(kind);

/** Staff revoke a document, giving the reason (kept with it and in the audit log); a refusal is said here. */
export function RevokeDialog({ doc, onClose }: { doc: IssuedDocument | null; onClose: () => void }) {
  const { t } = useTranslation('documents');
  const revoke = useRevokeDocument();
  const [reason, setReason] = useState('');

  function close() {
    revoke.reset();
    setReason('');
    onClose();
  }

  const name = doc ? `${documentName(doc, t)}${doc.number ? ` ${doc.number}` : ''}` : '';
  return (
    <Modal
      opened={doc !== null}
      onClose={close}
      title={t('revokeDialog.heading')}
      centered
      closeButtonProps={{ 'aria-label': t('revokeDialog.close') }}
    >
      {doc && revocable(doc.kind) && (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!revocable(doc.kind)) return;
            revoke.mutate(
              { kind: doc.kind, id: doc.id, reason },
              {
                onSuccess: () => {
                  toast(t('revokeDialog.success'));
                  close();
                },
              },
            );
          }}
        >
          <Stack gap="sm">
            <Text size="sm">{t('revokeDialog.text', { name, person: doc.person.fullName })}</Text>
            <TextInput
              label={t('revokeDialog.reason')}
              value={reason}
              required
              maxLength={documentLimits.reasonMax}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
            {revoke.isError && (
              <Text c="red.8" size="sm" role="alert">
                {t('revokeDialog.failure', { reason: errorMessage(revoke.error) })}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={revoke.isPending}>
                {t('revokeDialog.cancel')}
              </Button>
              <Button type="submit" color="red.9" loading={revoke.isPending} disabled={reason.trim() === ''}>
                {t('revokeDialog.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
