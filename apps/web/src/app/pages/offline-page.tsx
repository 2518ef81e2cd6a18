import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { ProductLogo } from '../../components/ui/product-logo';
import { returnPath } from '../../lib/session';

/** /lms/offline: the server cannot be reached; check the internet connection. Trying again returns to `?next=`. */
export function OfflinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { search } = useLocation();
  return (
    <Center mih="100vh" p="xl">
      <PageTitle page={t('titles.offline')} />
      <Stack align="center" maw={480} ta="center">
        <ProductLogo size={40} />
        <Title order={1} size="h2">
          {t('offline.heading')}
        </Title>
        <Text>{t('offline.text')}</Text>
        <Button onClick={() => navigate(returnPath(search))}>{t('offline.retry')}</Button>
      </Stack>
    </Center>
  );
}
