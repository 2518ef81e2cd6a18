import { Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { NotificationSettings } from '../../features/notifications/components/notification-settings';
import { ChangePasswordForm } from '../../features/profile/components/change-password-form';
import { PersonalData } from '../../features/profile/components/personal-data';

/** /lms/change-password: the profile screen, personal data, the password change form and the notification settings. */
export function ProfilePage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle page={t('titles.profile')} />
      <Title order={1} size="h2">
        {t('titles.profile')}
      </Title>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Paper p="lg" withBorder>
          <PersonalData />
        </Paper>
        <Paper p="lg" withBorder>
          <ChangePasswordForm />
        </Paper>
        <Paper p="lg" withBorder>
          <NotificationSettings />
        </Paper>
      </SimpleGrid>
    </Stack>
  );
}
