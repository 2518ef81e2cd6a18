import '../../features/staff/import-catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { ImportScreen } from '../../features/staff/components/import-screen';

/** /lms/staff/import: students and groups from CSV or XLSX, a dry run first, then all or nothing. */
export function StaffImportPage() {
  const { t } = useTranslation();
  const { t: ti } = useTranslation('staff-import');
  return (
    <Stack gap="lg" maw={1280}>
      <PageTitle page={t('titles.staffImport')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.staffImport')}
        </Title>
        <Text c="dimmed">{ti('intro')}</Text>
      </div>
      <ImportScreen />
    </Stack>
  );
}
