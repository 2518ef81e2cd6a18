import '../../features/testing/catalogue';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { AttemptScreen } from '../../features/testing/components/attempt-screen';

/** /lms/testing/attempt/:id: the student's attempt in progress. */
export function TestingAttemptPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <>
      <PageTitle page={t('menu.testing')} />
      <AttemptScreen key={id} id={id} />
    </>
  );
}
