import { Center, Group, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 'Загрузка...' while a screen (or, `compact`, a panel's part) loads. */
export function Loading({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  if (compact) {
    return (
      <Group gap={6} role="status" aria-live="polite">
        <Loader size="xs" aria-hidden="true" />
        <Text size="xs" c="dimmed">
          {t('loading')}
        </Text>
      </Group>
    );
  }
  return (
    <Center mih={160} p="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden="true" />
      <Text>{t('loading')}</Text>
    </Center>
  );
}
