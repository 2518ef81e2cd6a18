import '../../features/staff/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { AuditScreen } from '../../features/staff/components/audit-screen';

/** /lms/staff/audit: what staff changed, who and when, before and after; read only. */
export function StaffAuditPage() {
  const { t } = useTranslation();
  const { t: ts } = useTranslation('staff');
  return (
    <Stack gap="lg" maw={1280}>
      <PageTitle page={t('titles.staffAudit')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.staffAudit')}
        </Title>
        <Text c="dimmed">{ts('intro.audit')}</Text>
      </div>
      <AuditScreen />
    </Stack>
  );
}
