import '@mantine/core/styles/List.css';
import { Alert, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import type { AnswerResponse, AttemptResult } from '@okuu/contracts/testing/taking';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { QuestionImage } from './question-image';

type ResultQuestion = AttemptResult['questions'][number];

/** An answer in words: the options' texts, the text, the number, or each row with the item matched to it. */
function AnswerText({ q, response }: { q: ResultQuestion; response: AnswerResponse | null }) {
  const { t } = useTranslation('testing');
  const option = (key: number, list = q.options) => list.find((o) => o.key === key)?.text ?? '—';
  if (response === null || (Array.isArray(response) && response.every((r) => r < 0)) || response === '')
    return (
      <Text span c="dimmed">
        {t('result.noAnswer')}
      </Text>
    );
  switch (q.kind) {
    case 'single':
      return <>{typeof response === 'number' ? option(response) : '—'}</>;
    case 'multiple':
      return <>{Array.isArray(response) ? response.map((r) => option(r)).join('; ') : '—'}</>;
    case 'text':
      return <>{String(response)}</>;
    case 'number':
      return <>{typeof response === 'number' ? formatNumber(response) : String(response)}</>;
    case 'matching':
      return (
        <List size="sm" spacing={2}>
          {q.left.map((row) => (
            <List.Item key={row.key}>
              {row.text} → {Array.isArray(response) ? option(response[row.key] ?? -1, q.right) : '—'}
            </List.Item>
          ))}
        </List>
      );
  }
}

/** The correct answer as the server gives it (option keys, accepted texts, the number, or right keys per row). */
function CorrectText({ q }: { q: ResultQuestion }) {
  const { correct } = q;
  if (correct === null) return null;
  if (q.kind === 'text' && Array.isArray(correct)) return <>{correct.join(' / ')}</>;
  if (q.kind === 'number' && typeof correct === 'number') return <>{formatNumber(correct)}</>;
  return (
    <AnswerText
      q={q}
      response={q.kind === 'single' && Array.isArray(correct) ? (correct[0] as number) : (correct as number[])}
    />
  );
}

/** A closed attempt: its score, and each question with the answer given, its points and, when shown, the correct one. */
export function AttemptResultView({
  result,
  extra,
}: {
  result: AttemptResult;
  extra?: (q: ResultQuestion) => ReactNode;
}) {
  const { t } = useTranslation('testing');
  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-label={t('result.summary')}>
        <Text size="sm" c="dimmed">
          {t('take.attemptNumber', { number: formatNumber(result.number) })} · {formatDateTime(result.startedAt)}
          {result.closedAt ? ` – ${formatDateTime(result.closedAt)}` : ''}
        </Text>
        {result.score !== null ? (
          <Text size="xl" fw={700} data-testid="attempt-score">
            {t('result.score', { score: formatNumber(result.score), max: formatNumber(result.maxScore) })}
          </Text>
        ) : (
          <Text>{t('result.inProgress')}</Text>
        )}
        {result.closedBy === 'server' && (
          <Text size="sm" c="dimmed">
            {t('result.closedByServer')}
          </Text>
        )}
      </Paper>
      {!result.answersShown && (
        <Alert color="blue" variant="light">
          {t('result.answersHidden')}
        </Alert>
      )}
      <Stack gap="sm" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {result.questions.map((q, i) => (
          <Paper key={q.id} withBorder p="md" component="li" data-testid="result-question">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Title order={3} size="h6" fw={600} style={{ whiteSpace: 'pre-wrap' }}>
                <Text span c="dimmed" fw={400} inherit>
                  {t('take.questionNumber', { number: formatNumber(i + 1) })}{' '}
                </Text>
                {q.text}
              </Title>
              {q.score !== null && (
                <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                  {t('result.questionScore', { score: formatNumber(q.score), max: formatNumber(q.points) })}
                </Text>
              )}
            </Group>
            {q.image && <QuestionImage image={q.image} />}
            <Text size="sm" mt={6} component="div">
              <Text span c="dimmed" size="sm">
                {t('result.yourAnswer')}{' '}
              </Text>
              <AnswerText q={q} response={q.response} />
            </Text>
            {result.answersShown && q.correct !== null && (
              <Text size="sm" mt={4} component="div">
                <Text span c="dimmed" size="sm">
                  {t('result.correct')}{' '}
                </Text>
                <CorrectText q={q} />
              </Text>
            )}
            {extra?.(q)}
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
