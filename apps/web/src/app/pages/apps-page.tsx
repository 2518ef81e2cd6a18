import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { AppsPanel } from '../layouts/apps-panel';

/** /lms/apps: the applications panel. */
export function AppsPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle page={t('titles.applications')} />
      <Title order={1} size="h2">
        {t('titles.applications')}
      </Title>
      <AppsPanel />
    </Stack>
  );
}
