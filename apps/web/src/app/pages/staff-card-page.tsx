import '../../features/card/catalogue';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { PersonCardView } from '../../features/card/components/person-card';

/** /lms/staff/card/:id: any student's or teacher's personal card, opened by staff from People or the queue. */
export function StaffCardPage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('card');
  const id = Number(useParams().id);
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle page={t('titles.personalCard')} />
      <div>
        <Anchor component={Link} to="/lms/staff/people" size="sm">
          {tc('back')}
        </Anchor>
        <Title order={1} size="h2">
          {t('titles.personalCard')}
        </Title>
        <Text c="dimmed">{tc('intro.staff')}</Text>
      </div>
      {Number.isInteger(id) && id > 0 ? <PersonCardView key={id} id={id} /> : null}
    </Stack>
  );
}
