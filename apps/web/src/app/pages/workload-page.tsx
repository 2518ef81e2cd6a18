import '../../features/workload/catalogue';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { MyWorkload } from '../../features/workload/components/my-workload';
import { StaffWorkload } from '../../features/workload/components/staff-workload';
import { useSessionUser } from '../../lib/use-session';

/** /lms/workload: a teacher's own workload of a half-year; staff see every teacher's by department. */
export function WorkloadPage() {
  const { t } = useTranslation();
  const { t: tw } = useTranslation('workload');
  const user = useSessionUser();
  const viewer = user.role === roles.teacher ? 'teacher' : user.role === roles.staff ? 'staff' : null;
  return (
    <Stack gap="lg" maw={1400}>
      <PageTitle page={t('titles.workload')} />
      <div>
        <Title order={1} size="h2">
          {tw('heading')}
        </Title>
        {viewer && (
          <Text c="dimmed" size="sm">
            {tw(`intro.${viewer}`)}
          </Text>
        )}
      </div>
      {viewer === 'teacher' ? (
        <MyWorkload />
      ) : viewer === 'staff' ? (
        <StaffWorkload />
      ) : (
        <Alert color="blue">{tw('empty')}</Alert>
      )}
    </Stack>
  );
}
