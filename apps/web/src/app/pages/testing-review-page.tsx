import '../../features/testing/catalogue';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { ReviewScreen } from '../../features/testing/components/review-screen';

/** /lms/testing/review/:id: the student's closed attempt, its score and answers. */
export function TestingReviewPage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  return (
    <>
      <PageTitle page={t('menu.testing')} />
      <ReviewScreen key={id} id={id} />
    </>
  );
}
