import '../../features/single-window/catalogue';
import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { OrderForm } from '../../features/single-window/components/order-form';
import { OrderHistory } from '../../features/single-window/components/order-history';
import { useSessionUser } from '../../lib/use-session';

/** /lms/singlewindow: a student orders reference documents and follows their orders. Other roles get a notice. */
export function SingleWindowPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('single-window');
  const user = useSessionUser();
  return (
    <Stack gap="lg" maw={880}>
      <PageTitle page={t('titles.references')} />
      <div>
        <Title order={1} size="h2">
          {t('menu.references')}
        </Title>
        <Text c="dimmed">{ts('intro')}</Text>
      </div>
      {user.role === roles.student ? (
        <>
          <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
            <OrderForm />
          </Paper>
          <OrderHistory />
        </>
      ) : (
        <Alert color="blue">{ts('notForRole')}</Alert>
      )}
    </Stack>
  );
}
