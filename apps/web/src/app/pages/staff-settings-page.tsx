import '../../features/settings/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../components/ui/loading';
import { PageTitle } from '../../components/ui/page-title';
import { lazyComponent } from '../../lib/lazy';

// The screen's code loads on its own: the menu's link to this page (in every staff page's code) then names only this
// small page, not the screen's many chunks (the sign-in route's JavaScript budget is nearly full).
const SettingsScreen = lazyComponent(() =>
  import('../../features/settings/components/settings-screen').then((m) => m.SettingsScreen),
);

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
      <Suspense fallback={<Loading />}>
        <SettingsScreen />
      </Suspense>
    </Stack>
  );
}
