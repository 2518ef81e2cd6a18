import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { useMyResults } from '../api/questionnaire';
import { SurveyResultsView } from './survey-results';

/** The teacher's own results: aggregates only, per discipline past the threshold, once a questionnaire has closed. */
export function TeacherResults() {
  const { t } = useTranslation('questionnaire');
  const mine = useMyResults();
  return (
    <Stack gap="lg">
      <Alert color="blue" variant="light">
        {t('teacher.rule')}
      </Alert>
      <QueryView query={mine}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed">{t('teacher.none')}</Text>
          ) : (
            <Stack gap="xl">
              {list.map((r) => (
                <SurveyResultsView key={r.id} results={r} />
              ))}
            </Stack>
          )
        }
      </QueryView>
    </Stack>
  );
}
