import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CurrentPeriod } from './current-period';

/** The discipline list of the desktop layout: the current period now; the disciplines arrive with their feature. */
export function DisciplineList() {
  const { t } = useTranslation('discipline');
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {t('heading')}
      </Title>
      <CurrentPeriod size="xs" />
      <Text size="sm" c="dimmed">
        {t('empty')}
      </Text>
    </Stack>
  );
}
