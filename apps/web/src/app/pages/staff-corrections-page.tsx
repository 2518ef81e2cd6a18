import '../../features/card/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { CorrectionQueue } from '../../features/card/components/correction-queue';

/** /lms/staff/corrections: staff work through the correction requests of the personal cards. */
export function StaffCorrectionsPage() {
  const { t } = useTranslation();
  const { t: tc } = useTranslation('card');
  return (
    <Stack gap="lg" maw={880}>
      <PageTitle page={t('titles.staffCorrections')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.staffCorrections')}
        </Title>
        <Text c="dimmed">{tc('queue.intro')}</Text>
      </div>
      <CorrectionQueue />
    </Stack>
  );
}
