import '../../features/questionnaire/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { StaffQuestionnaires } from '../../features/questionnaire/components/staff-questionnaires';
import { StudentQuestionnaires } from '../../features/questionnaire/components/student-questionnaires';
import { TeacherResults } from '../../features/questionnaire/components/teacher-results';
import { useSessionUser } from '../../lib/use-session';

/**
 * /lms/questionnaire: a student answers what is open for them; a teacher sees their own results (aggregates only);
 * staff build questionnaires, open and close them and read every result.
 */
export function QuestionnairePage() {
  const { t } = useTranslation();
  const { t: tq } = useTranslation('questionnaire');
  const user = useSessionUser();
  const student = user.role === roles.student;
  const staff = user.role === roles.staff;
  return (
    <Stack gap="lg" maw={1100}>
      <PageTitle page={t('menu.questionnaire')} />
      <div>
        <Title order={1} size="h2">
          {t('menu.questionnaire')}
        </Title>
        <Text c="dimmed">{student ? tq('student.intro') : staff ? tq('staff.intro') : tq('teacher.intro')}</Text>
      </div>
      {student ? <StudentQuestionnaires /> : staff ? <StaffQuestionnaires /> : <TeacherResults />}
    </Stack>
  );
}
