import '../../features/settings/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { SettingsScreen } from '../../features/settings/components/settings-screen';

/** /lms/staff/settings: the university's name and logo, calendar, bells and rooms, registration and services. */
export function StaffSettingsPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('staff-settings');
  return (
    <Stack gap="lg" maw={1280}>
      <PageTitle page={t('titles.staffSettings')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.staffSettings')}
        </Title>
        <Text c="dimmed">{ts('intro')}</Text>
      </div>
      <SettingsScreen />
    </Stack>
  );
}
