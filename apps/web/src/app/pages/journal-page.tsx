import '../../features/journal/catalogue';
import { Alert, Stack, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { StudentJournal } from '../../features/journal/components/student-journal';
import { TeacherJournal } from '../../features/journal/components/teacher-journal';
import { useSessionUser } from '../../lib/use-session';

/** /lms/journal: a teacher keeps the attendance journals of what they teach; a student sees their own marks. */
export function JournalPage() {
  const { t } = useTranslation();
  const { t: tj } = useTranslation('journal');
  const user = useSessionUser();
  return (
    <Stack gap="lg" maw={1400}>
      <PageTitle page={t('titles.journal')} />
      <Title order={1} size="h2">
        {tj('heading')}
      </Title>
      {user.role === roles.teacher ? (
        <TeacherJournal />
      ) : user.role === roles.student ? (
        <StudentJournal />
      ) : (
        <Alert color="blue">{tj('notForRole')}</Alert>
      )}
    </Stack>
  );
}
