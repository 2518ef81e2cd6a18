import { Button, Center, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown instead of the app after a render crash. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="xl">
      <Stack align="center" role="alert">
        <Title order={1} size="h2">
          {t('errorScreen.text')}
        </Title>
        <Button onClick={() => window.location.reload()}>{t('errorScreen.reload')}</Button>
      </Stack>
    </Center>
  );
}
