import '../../features/checkin/catalogue';
import { Alert } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { ProjectorScreen } from '../../features/checkin/components/projector-screen';
import { useSessionUser } from '../../lib/use-session';

/** /lms/schedule/qr/:entry: a teacher's QR check-in of a lesson of their timetable, for the projector. */
export function ProjectorPage() {
  const { t } = useTranslation('checkin');
  const { entry = '' } = useParams();
  const user = useSessionUser();
  const entryId = /^\d{1,9}$/.test(entry) ? Number(entry) : null;
  return (
    <>
      <PageTitle page={t('title')} />
      {user.role !== roles.teacher ? (
        <Alert color="blue">{t('projector.teachersOnly')}</Alert>
      ) : entryId === null ? (
        <Alert color="red">{t('projector.startFailed')}</Alert>
      ) : (
        <ProjectorScreen entryId={entryId} />
      )}
    </>
  );
}
