import '@mantine/core/styles/Container.css';
import '../../features/checkin/catalogue';
import { Container, Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../components/ui/language-switch';
import { PageTitle } from '../../components/ui/page-title';
import { ProductLogo } from '../../components/ui/product-logo';
import { CheckinScreen } from '../../features/checkin/components/checkin-screen';

/**
 * /lms/public/checkin, what a scanned check-in QR opens: outside the portal's layout, so that it works before sign-in (the
 * code is traded for a ticket at once) and loads little on a phone.
 */
export function CheckinPage() {
  const { t } = useTranslation('checkin');
  return (
    <Container size={560} py="xl" px="md">
      <PageTitle page={t('title')} />
      <Stack gap="lg">
        <Group justify="space-between">
          <ProductLogo />
          <LanguageSwitch />
        </Group>
        <CheckinScreen />
      </Stack>
    </Container>
  );
}
