import { Button, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { useReview } from '../api/taking';
import { AttemptResultView } from './attempt-result';

/** /lms/testing/review/:id: the student's closed attempt. */
export function ReviewScreen({ id }: { id: number }) {
  const { t } = useTranslation('testing');
  const review = useReview(id);
  return (
    <Stack gap="md" maw={860}>
      <QueryView query={review}>
        {(result) => (
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('result.heading', { title: result.title })}
            </Title>
            <AttemptResultView result={result} />
          </Stack>
        )}
      </QueryView>
      <Group>
        <Button variant="default" component={Link} to="/lms/testing">
          {t('result.back')}
        </Button>
      </Group>
    </Stack>
  );
}
