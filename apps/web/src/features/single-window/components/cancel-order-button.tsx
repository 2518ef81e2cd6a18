import { Button } from '@mantine/core';
import type { Order } from '@okuu/contracts/single-window/order';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { errorMessage } from '../../../lib/error-message';
import { localizedName } from '../../../lib/localized';
import { toast } from '../../../lib/toast';
import { useCancelOrder } from '../api/cancel-order';

/** Cancels a waiting order after a confirmation; a toast says how it went. */
export function CancelOrderButton({ order }: { order: Order }) {
  const { t } = useTranslation('single-window');
  const cancel = useCancelOrder();
  const [opened, setOpened] = useState(false);
  const name = localizedName(order.document);

  function confirm() {
    cancel.mutate(order.id_order, {
      onSuccess: () => {
        setOpened(false);
        toast(t('cancel.success'));
      },
      onError: (error) => {
        setOpened(false);
        toast(t('cancel.failure', { reason: errorMessage(error) }), 'error');
      },
    });
  }

  return (
    <>
      <Button variant="default" color="red" size="xs" onClick={() => setOpened(true)}>
        {t('history.cancel')}
      </Button>
      <ConfirmDialog
        opened={opened}
        busy={cancel.isPending}
        onClose={() => setOpened(false)}
        onConfirm={confirm}
        labels={{
          heading: t('cancel.heading'),
          text: t('cancel.text', { name }),
          confirm: t('cancel.confirm'),
          cancel: t('cancel.cancel'),
          close: t('cancel.close'),
        }}
      />
    </>
  );
}
