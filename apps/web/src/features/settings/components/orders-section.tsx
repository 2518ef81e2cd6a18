import '@mantine/core/styles/NumberInput.css';
import { Button, Group, NumberInput, Paper, Stack, Text, Title } from '@mantine/core';
import { orderWaitingLimits, orderWaitingSave } from '@okuu/contracts/settings/orders';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useOrderWaiting, useSettingsChange } from '../api/settings';

/** Reference orders: how many hours one may wait in the queue before staff are notified of it. */
export function OrdersSection() {
  const query = useOrderWaiting();
  return <QueryView query={query}>{(data) => <WaitingForm hours={data.hours} />}</QueryView>;
}

function WaitingForm({ hours }: { hours: number }) {
  const { t } = useTranslation('staff-settings');
  const [value, setValue] = useState<number | string>(hours);
  const save = useSettingsChange(orderWaitingSave);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { hours: Number(value) },
      {
        onSuccess: () => toast(t('orders.saved')),
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('orders.title')}
          </Title>
          <Text size="sm">{t('orders.hint')}</Text>
          <Group align="flex-end" gap="xs">
            <NumberInput
              label={t('orders.hours')}
              value={value}
              onChange={setValue}
              min={orderWaitingLimits.min}
              max={orderWaitingLimits.max}
              allowDecimal={false}
              w={160}
            />
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
