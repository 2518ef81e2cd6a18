import '../../features/card/catalogue';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { MyCard } from '../../features/card/components/my-card';
import { useSessionUser } from '../../lib/use-session';

/** /lms/card: the signed-in student's or teacher's personal card. Staff open people's cards from People. */
export function PersonalCardPage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('card');
  const user = useSessionUser();
  const own = user.role === roles.student || user.role === roles.teacher;
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle page={t('titles.personalCard')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.personalCard')}
        </Title>
        <Text c="dimmed">{tc(own ? 'intro.mine' : 'intro.staff')}</Text>
      </div>
      {own ? <MyCard /> : <Alert color="blue">{tc('queue.intro')}</Alert>}
    </Stack>
  );
}
