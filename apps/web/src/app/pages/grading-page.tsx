import '../../features/grading/catalogue';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { MyPoints } from '../../features/grading/components/my-points';
import { StaffSheets } from '../../features/grading/components/staff-sheets';
import { TeacherSheets } from '../../features/grading/components/teacher-sheets';
import { useSessionUser } from '../../lib/use-session';

/** /lms/grading: a teacher's grading sheets; a student's own points; staff's sheets (as on /lms/staff/grading). */
export function GradingPage() {
  const { t } = useTranslation();
  const { t: tg } = useTranslation('grading');
  const user = useSessionUser();
  return (
    <Stack gap="lg" maw={1400}>
      <PageTitle page={t('titles.grading')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.grading')}
        </Title>
        <Text c="dimmed">{user.role === roles.student ? tg('mine.intro') : tg('intro')}</Text>
      </div>
      {user.role === roles.teacher ? (
        <TeacherSheets />
      ) : user.role === roles.student ? (
        <MyPoints />
      ) : user.role === roles.staff ? (
        <StaffSheets />
      ) : (
        <Alert color="blue">{tg('notForRole')}</Alert>
      )}
    </Stack>
  );
}
