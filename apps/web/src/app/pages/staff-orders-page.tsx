import '../../features/single-window/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { OrderQueue } from '../../features/single-window/components/order-queue';

/** /lms/staff/orders: staff work through the students' orders of reference documents. */
export function StaffOrdersPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('single-window');
  return (
    <Stack gap="lg" maw={880}>
      <PageTitle page={t('titles.staffOrders')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.staffOrders')}
        </Title>
        <Text c="dimmed">{ts('queue.intro')}</Text>
      </div>
      <OrderQueue />
    </Stack>
  );
}
