import '../../features/transcript/catalogue';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/ui/page-title';
import { GradeScaleEditor } from '../../features/transcript/components/grade-scale-editor';

/** /lms/staff/grade-scale: staff set the grading scale every transcript follows. */
export function GradeScalePage() {
  const { t } = useTranslation();
  const { t: tt } = useTranslation('transcript');
  return (
    <Stack gap="lg" maw={720}>
      <PageTitle page={t('titles.gradeScale')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.gradeScale')}
        </Title>
        <Text c="dimmed">{tt('scale.intro')}</Text>
      </div>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <GradeScaleEditor />
      </Paper>
    </Stack>
  );
}
