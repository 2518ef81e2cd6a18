import { Center, Loader, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The fallback shown while a screen loads. */
export function Loading() {
  const { t } = useTranslation();
  return (
    <Center mih={160} p="xl" role="status" aria-live="polite">
      <Loader size="sm" mr="sm" aria-hidden="true" />
      <Text>{t('loading')}</Text>
    </Center>
  );
}
