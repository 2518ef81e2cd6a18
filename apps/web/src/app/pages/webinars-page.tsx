import '../../features/webinars/catalogue';
import { Alert, Stack } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { WebinarsScreen } from '../../features/webinars/components/webinars-screen';
import { useSessionUser } from '../../lib/use-session';

/** /lms/webinar: online lessons; teachers put lessons online, students join them. Other roles get a notice. */
export function WebinarsPage() {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('webinars');
  const user = useSessionUser();
  const viewer = user.role === roles.teacher ? 'teacher' : user.role === roles.student ? 'student' : null;
  return (
    <Stack gap="xl" maw={1100}>
      <PageTitle page={t('titles.webinar')} />
      {viewer ? <WebinarsScreen viewer={viewer} /> : <Alert color="blue">{tw('intro.student')}</Alert>}
    </Stack>
  );
}
