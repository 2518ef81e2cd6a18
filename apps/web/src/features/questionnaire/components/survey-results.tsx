import '@mantine/core/styles/Progress.css';
import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import type { SurveyResults } from '@okuu/contracts/questionnaire/results';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';

/** A closed questionnaire's results, per target shown (past the threshold): mean, distribution, count, comparisons. */
export function SurveyResultsView({ results, headingLevel = 2 }: { results: SurveyResults; headingLevel?: 2 | 3 }) {
  const { t } = useTranslation('questionnaire');
  const sub = (headingLevel + 1) as 3 | 4;
  return (
    <Stack gap="md" data-testid="survey-results">
      <div>
        <Title order={headingLevel} size="h4">
          {results.title}
        </Title>
        <Text size="sm" c="dimmed">
          {t('results.closed', { when: formatDateTime(results.closesAt) })} ·{' '}
          {t('results.threshold', { n: formatNumber(results.minAnswers) })}
        </Text>
        {results.hidden > 0 && (
          <Text size="sm" c="dimmed">
            {t('results.hidden', { n: formatNumber(results.hidden) })}
          </Text>
        )}
      </div>
      {results.targets.length === 0 && <Text c="dimmed">{t('results.noneShown')}</Text>}
      {results.targets.map((target) => (
        <Paper
          key={`${target.id_teacher}-${target.id_discipline}`}
          withBorder
          p="md"
          component="section"
          aria-label={
            target.id_teacher === 0 ? t('student.aboutAll') : `${target.teacher} · ${localizedName(target.discipline)}`
          }
        >
          <Title order={sub} size="h5">
            {target.id_teacher === 0
              ? t('student.aboutAll')
              : `${target.teacher} · ${localizedName(target.discipline)}`}
          </Title>
          <Text size="sm" c="dimmed">
            {t('results.answers', { n: formatNumber(target.answers) })}
          </Text>
          <Stack gap="md" mt="sm">
            {target.questions.map((q) => {
              const labels = q.kind === 'scale' ? ['1', '2', '3', '4', '5'] : q.options;
              const max = Math.max(1, ...q.distribution);
              return (
                <div key={q.id}>
                  <Text size="sm" fw={600}>
                    {q.text}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('results.count', { n: formatNumber(q.count) })}
                    {q.mean !== null && ` · ${t('results.mean', { mean: formatNumber(q.mean, 2) })}`}
                    {q.departmentMean !== null &&
                      ` · ${t('results.department', { mean: formatNumber(q.departmentMean, 2) })}`}
                    {q.facultyMean !== null && ` · ${t('results.faculty', { mean: formatNumber(q.facultyMean, 2) })}`}
                  </Text>
                  {q.kind !== 'text' && (
                    <Stack gap={4} mt={4} maw={520}>
                      {labels.map((label, i) => (
                        <Group key={label} gap="xs" wrap="nowrap">
                          <Text size="xs" w={140} style={{ flexShrink: 0, overflowWrap: 'anywhere' }}>
                            {label}
                          </Text>
                          <Progress
                            value={((q.distribution[i] ?? 0) / max) * 100}
                            style={{ flex: 1 }}
                            aria-label={t('results.bar', { label, n: formatNumber(q.distribution[i] ?? 0) })}
                          />
                          <Text size="xs" w={32} ta="right">
                            {formatNumber(q.distribution[i] ?? 0)}
                          </Text>
                        </Group>
                      ))}
                    </Stack>
                  )}
                  {q.kind === 'text' &&
                    (q.texts.length === 0 ? (
                      <Text size="xs" c="dimmed">
                        {t('results.textsHidden')}
                      </Text>
                    ) : (
                      <Stack gap={4} mt={4} component="ul" style={{ paddingLeft: 18, margin: 0 }}>
                        {q.texts.map((text, i) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the texts come shuffled, with no id.
                          <Text key={i} size="sm" component="li" style={{ whiteSpace: 'pre-wrap' }}>
                            {text}
                          </Text>
                        ))}
                      </Stack>
                    ))}
                </div>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
