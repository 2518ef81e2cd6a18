import '../../features/testing/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { StudentTests } from '../../features/testing/components/student-tests';
import { TeacherTesting } from '../../features/testing/components/teacher-testing';
import { useSessionUser } from '../../lib/use-session';

/** /lms/testing: a student's tests; a teacher's question banks, tests and results. */
export function TestingPage() {
  const { t } = useTranslation();
  const { t: tt } = useTranslation('testing');
  const user = useSessionUser();
  const student = user.role === roles.student;
  return (
    <Stack gap="lg" maw={1200}>
      <PageTitle page={t('menu.testing')} />
      <div>
        <Title order={1} size="h2">
          {t('menu.testing')}
        </Title>
        <Text c="dimmed">{student ? tt('mine.intro') : tt('teacher.intro')}</Text>
      </div>
      {student ? <StudentTests /> : <TeacherTesting />}
    </Stack>
  );
}
