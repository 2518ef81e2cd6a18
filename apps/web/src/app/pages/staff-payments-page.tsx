import '../../features/payment/catalogue';
import { Alert, Stack, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { QueryView } from '../../components/ui/query-view';
import { useYears } from '../../features/misc/api/get-years';
import { StaffPayments } from '../../features/payment/components/staff-payments';
import { useSessionUser } from '../../lib/use-session';

/** /lms/staff/payments: staff reconcile students' payments (filters, CSV and XLSX export). */
export function StaffPaymentsPage() {
  const { t } = useTranslation('payment');
  const user = useSessionUser();
  const years = useYears();

  return (
    <Stack gap="lg" maw={1200}>
      <PageTitle page={t('staff.title')} />
      <Title order={1} size="h2">
        {t('staff.title')}
      </Title>
      {user.role !== roles.staff ? (
        <Alert color="blue">{t('staff.notForRole')}</Alert>
      ) : (
        <QueryView query={years}>{(list) => <StaffPayments years={list} />}</QueryView>
      )}
    </Stack>
  );
}
