import '../../features/payment/catalogue';
import { Alert, Skeleton, Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { QueryView } from '../../components/ui/query-view';
import { configQuery } from '../../features/misc/api/get-config';
import { useDefaultYear } from '../../features/misc/api/get-default-year';
import { useYears } from '../../features/misc/api/get-years';
import { PaymentScreen } from '../../features/payment/components/payment-screen';
import { useSessionUser } from '../../lib/use-session';
import { useDesktop } from '../desktop';

/**
 * /lms/paymentcode: paid services for students (the academic years come from misc; whether the portal takes card
 * payments, from config.json). Other roles get a notice.
 */
export function PaymentPage() {
  const { t } = useTranslation();
  const { t: tp } = useTranslation('payment');
  const user = useSessionUser();
  const desktop = useDesktop();
  const years = useYears();
  const defaultYear = useDefaultYear();
  const config = useQuery(configQuery);
  const student = user.role === roles.student;

  return (
    <Stack gap="lg" maw={1040}>
      <PageTitle page={t('titles.payment')} />
      <Title order={1} size="h2">
        {t('menu.paymentCode')}
      </Title>
      {!student ? (
        <Alert color="blue">{tp('notForRole')}</Alert>
      ) : (
        <QueryView queries={[years, defaultYear] as const} loading={<Skeleton h={160} />}>
          {([list, fallback]) => (
            <>
              <Text c="dimmed">{tp('intro')}</Text>
              <PaymentScreen
                years={list}
                defaultYear={fallback.id}
                desktop={desktop}
                cardPayments={config.data?.cardPayments === true}
              />
            </>
          )}
        </QueryView>
      )}
    </Stack>
  );
}
