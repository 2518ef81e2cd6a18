import '../../features/card/catalogue';
import { Alert, Anchor, Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { CorrectionQueue } from '../../features/card/components/correction-queue';
import { MyCard } from '../../features/card/components/my-card';
import { PersonCardView } from '../../features/card/components/person-card';
import { useSessionUser } from '../../lib/use-session';

/**
 * /lms/card: the signed-in student's or teacher's own personal card; /lms/staff/card/:id (staff only, from People or
 * the correction queue): any student's or teacher's. One screen for both: the portal's first download names one.
 */
export function PersonalCardPage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('card');
  const user = useSessionUser();
  const asked = Number(useParams().id);
  const other = user.role === roles.staff && Number.isInteger(asked) && asked > 0 ? asked : null;
  const own = user.role === roles.student || user.role === roles.teacher;
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle page={t('menu.personalCard')} />
      <div>
        {other !== null && (
          <Anchor component={Link} to="/lms/staff/people" size="sm">
            {tc('back')}
          </Anchor>
        )}
        <Title order={1} size="h2">
          {t('menu.personalCard')}
        </Title>
        <Text c="dimmed">{tc(own && other === null ? 'intro.mine' : 'intro.staff')}</Text>
      </div>
      {other !== null ? (
        <PersonCardView key={other} id={other} />
      ) : own ? (
        <MyCard />
      ) : (
        <Alert color="blue">{tc('queue.intro')}</Alert>
      )}
    </Stack>
  );
}

/**
 * /lms/staff/corrections: staff work through the correction requests of the personal cards. (In the personal card's
 * module: one chunk for the card's screens keeps the portal's first download, which names each chunk, smaller.)
 */
export function StaffCorrectionsPage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('card');
  return (
    <Stack gap="lg" maw={880}>
      <PageTitle page={t('titles.staffCorrections')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.staffCorrections')}
        </Title>
        <Text c="dimmed">{tc('queue.intro')}</Text>
      </div>
      <CorrectionQueue />
    </Stack>
  );
}
