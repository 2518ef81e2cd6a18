import '../../features/testing/catalogue';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { TestResultsScreen } from '../../features/testing/components/test-results';

/** /lms/testing/results/:id: the teacher's test, its attempts and each question's statistics. */
export function TestingResultsPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <>
      <PageTitle page={t('menu.testing')} />
      <TestResultsScreen key={id} id={id} />
    </>
  );
}
