import '../../features/grading/catalogue';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { StaffRating, StudentRating, TeacherRating } from '../../features/grading/components/rating-view';
import { useSessionUser } from '../../lib/use-session';

/** /lms/rating (and /lms/staff/rating): a student's own place, a teacher's groups, staff any group, stream or faculty. */
export function RatingPage() {
  const { t } = useTranslation();
  const { t: tg } = useTranslation('grading');
  const user = useSessionUser();
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle page={t('titles.rating')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.rating')}
        </Title>
        <Text c="dimmed">{tg('rating.intro')}</Text>
      </div>
      {user.role === roles.student ? (
        <StudentRating />
      ) : user.role === roles.teacher ? (
        <TeacherRating />
      ) : user.role === roles.staff ? (
        <StaffRating />
      ) : (
        <Alert color="blue">{tg('notForRole')}</Alert>
      )}
    </Stack>
  );
}
