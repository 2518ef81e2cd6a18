import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The contacts panel of the desktop layout; the chat feature fills it. */
export function ContactsPanel() {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <Title order={2} size="h5">
        {t('panels.contacts')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('panels.contactsEmpty')}
      </Text>
    </Stack>
  );
}
