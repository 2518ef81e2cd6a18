import '../../features/grading/catalogue';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { StaffSheets } from '../../features/grading/components/staff-sheets';

/** /lms/staff/grading: every sheet of the half-year; staff read them and reopen a closed one with a reason. */
export function StaffGradingPage() {
  const { t } = useTranslation();
  const { t: tg } = useTranslation('grading');
  return (
    <Stack gap="lg" maw={1400}>
      <PageTitle page={t('titles.staffGrading')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.staffGrading')}
        </Title>
        <Text c="dimmed">{tg('staffIntro')}</Text>
      </div>
      <StaffSheets />
    </Stack>
  );
}
