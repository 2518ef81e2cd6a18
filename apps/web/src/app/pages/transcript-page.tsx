import '../../features/transcript/catalogue';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { roles } from '@okuu/contracts/endpoint';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/ui/page-title';
import { TranscriptView } from '../../features/transcript/components/transcript-view';
import { useSessionUser } from '../../lib/use-session';

/**
 * /lms/transcript: a student's own transcript; staff open any student's with `?student=<id>` (from the orders queue).
 * Teachers get a notice.
 */
export function TranscriptPage() {
  const { t } = useTranslation();
  const { t: tt } = useTranslation('transcript');
  const user = useSessionUser();
  const [params] = useSearchParams();
  const asked = Number(params.get('student'));
  const studentId = user.role === roles.staff && Number.isInteger(asked) && asked > 0 ? asked : undefined;
  const allowed = user.role === roles.student || studentId !== undefined;
  return (
    <Stack gap="lg" maw={960}>
      <PageTitle page={t('titles.transcript')} />
      <div>
        <Title order={1} size="h2">
          {t('titles.transcript')}
        </Title>
        <Text c="dimmed">{tt('intro')}</Text>
      </div>
      {allowed ? <TranscriptView studentId={studentId} /> : <Alert color="blue">{tt('notForRole')}</Alert>}
    </Stack>
  );
}
