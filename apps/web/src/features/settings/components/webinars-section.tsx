import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { webinarBaseSave } from '@okuu/contracts/settings/webinars';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { toast } from '../../../lib/toast';
import { useSettingsChange, useWebinarBase } from '../api/settings';

/** Online lessons: the meeting server's base address from which the portal makes a lesson's room by itself. */
export function WebinarsSection() {
  const query = useWebinarBase();
  return <QueryView query={query}>{(data) => <BaseForm base={data.base} />}</QueryView>;
}

function BaseForm({ base }: { base: string }) {
  const { t } = useTranslation('staff-settings');
  const [value, setValue] = useState(base);
  const save = useSettingsChange(webinarBaseSave);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { base: value.trim() },
      {
        onSuccess: () => toast(t('webinars.saved')),
        onError: (error) => toast(errorMessage(error), 'error'),
      },
    );
  };
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit}>
        <Stack gap="sm" align="flex-start">
          <Title order={2} size="h4">
            {t('webinars.title')}
          </Title>
          <Text size="sm">{t('webinars.hint')}</Text>
          <Group align="flex-end" gap="xs" w="100%">
            <TextInput
              label={t('webinars.base')}
              placeholder={t('webinars.placeholder')}
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              type="url"
              inputMode="url"
              error={save.error ? errorMessage(save.error) : undefined}
              style={{ flex: '1 1 260px', maxWidth: 480 }}
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
