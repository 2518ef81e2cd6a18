import '../../features/staff/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { PeopleScreen } from '../../features/staff/components/people-screen';

/** /lms/staff/people: staff find and manage accounts (create, move, news permission, block, reset credentials). */
export function StaffPeoplePage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('staff');
  return (
    <Stack gap="lg" maw={1280}>
      <PageTitle page={t('titles.staffPeople')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.staffPeople')}
        </Title>
        <Text c="dimmed">{ts('intro.people')}</Text>
      </div>
      <PeopleScreen />
    </Stack>
  );
}
