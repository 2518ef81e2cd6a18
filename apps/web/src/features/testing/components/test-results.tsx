import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/ScrollArea.css';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { testResultsXlsxUrl } from '@okuu/contracts/testing/results';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { useRescore, useTeacherAttempt, useTestResults } from '../api/teaching';
import { clock } from '../hooks/use-countdown';
import { AttemptResultView } from './attempt-result';

/** /lms/testing/results/:id: each attempt (student, number, time, score), each question's difficulty and choices. */
export function TestResultsScreen({ id }: { id: number }) {
  const { t } = useTranslation('testing');
  const results = useTestResults(id);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <Stack gap="lg">
      <QueryView query={results}>
        {(data) => (
          <Stack gap="lg">
            <Title order={1} size="h2">
              {t('results.heading', { title: data.title })}
            </Title>
            <Stack gap="xs" component="section" aria-labelledby="results-attempts">
              <Title order={2} size="h4" id="results-attempts">
                {t('results.attempts')}
              </Title>
              {data.attempts.length === 0 ? (
                <Text c="dimmed">{t('results.noAttempts')}</Text>
              ) : (
                <ScrollTable label={t('results.attempts')} minWidth={760}>
                  <Table striped highlightOnHover>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('results.student')}</Table.Th>
                        <Table.Th>{t('results.number')}</Table.Th>
                        <Table.Th>{t('results.started')}</Table.Th>
                        <Table.Th>{t('results.duration')}</Table.Th>
                        <Table.Th>{t('results.score')}</Table.Th>
                        <Table.Th>{t('results.state')}</Table.Th>
                        <Table.Th>
                          <VisuallyHidden>{t('results.open')}</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.attempts.map((a) => (
                        <Table.Tr key={a.id} data-testid="result-attempt">
                          <Table.Th scope="row" fw={500}>
                            {a.student}
                          </Table.Th>
                          <Table.Td>{formatNumber(a.number)}</Table.Td>
                          <Table.Td>{formatDateTime(a.startedAt)}</Table.Td>
                          <Table.Td>{a.seconds === null ? '—' : clock(a.seconds)}</Table.Td>
                          <Table.Td>
                            {a.score === null
                              ? '—'
                              : t('result.score', { score: formatNumber(a.score), max: formatNumber(a.maxScore) })}
                          </Table.Td>
                          <Table.Td>
                            {a.closedAt === null
                              ? t('results.inProgress')
                              : a.closedBy === 'server'
                                ? t('results.closedByServer')
                                : t('results.submitted')}
                            {a.toReview > 0 ? ` · ${t('results.toReview', { n: formatNumber(a.toReview) })}` : ''}
                          </Table.Td>
                          <Table.Td>
                            <Button
                              size="compact-sm"
                              variant="default"
                              onClick={() => setOpen(a.id)}
                              aria-label={t('results.openOf', { student: a.student, number: a.number })}
                            >
                              {t('results.open')}
                            </Button>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              )}
            </Stack>
            <Stack gap="xs" component="section" aria-labelledby="results-questions">
              <Title order={2} size="h4" id="results-questions">
                {t('results.questions')}
              </Title>
              {data.questions.length === 0 && <Text c="dimmed">{t('results.noQuestions')}</Text>}
              <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {data.questions.map((q) => (
                  <Paper key={q.id} withBorder p="sm" component="li">
                    <Text size="sm" fw={600} style={{ whiteSpace: 'pre-wrap' }}>
                      {q.text}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('results.questionFacts', {
                        kind: t(`kinds.${q.kind}`),
                        drawn: formatNumber(q.drawn),
                        answered: formatNumber(q.answered),
                      })}
                      {' · '}
                      {q.share === null
                        ? t('results.noShare')
                        : t('results.share', { share: formatNumber(Math.round(q.share * 100)) })}
                    </Text>
                    {q.options.length > 0 && (
                      <Stack gap={0} mt={4}>
                        {q.options.map((o) => (
                          <Text key={o.key} size="sm">
                            {o.correct ? '✓ ' : '• '}
                            {o.text}: {t('results.chosen', { n: formatNumber(o.chosen) })}
                            {o.correct && <VisuallyHidden> ({t('results.correctOption')})</VisuallyHidden>}
                          </Text>
                        ))}
                      </Stack>
                    )}
                  </Paper>
                ))}
              </Stack>
            </Stack>
          </Stack>
        )}
      </QueryView>
      <Group>
        <Button variant="default" component={Link} to="/lms/testing">
          {t('result.back')}
        </Button>
        <Button component="a" href={testResultsXlsxUrl(id, currentLanguage())} download data-testid="results-xlsx">
          {t('results.xlsx')}
        </Button>
      </Group>
      <AttemptDialog id={open} onClose={() => setOpen(null)} />
    </Stack>
  );
}

/** One attempt with every answer and the correct ones; a short-text answer can be scored by hand. */
function AttemptDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const attempt = useTeacherAttempt(id);
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="xl"
      title={attempt.data?.student ?? t('results.attempt')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {id !== null && (
        <QueryView query={attempt}>
          {(result) => (
            <AttemptResultView
              result={result}
              extra={(q) =>
                q.kind === 'text' && result.closedAt !== null ? (
                  <Rescore attempt={result.id} question={q.id} max={q.points} score={q.score ?? 0} />
                ) : null
              }
            />
          )}
        </QueryView>
      )}
    </Modal>
  );
}

function Rescore({ attempt, question, max, score }: { attempt: number; question: number; max: number; score: number }) {
  const { t } = useTranslation('testing');
  const [points, setPoints] = useState<number>(score);
  const rescore = useRescore();
  return (
    <Group gap="xs" mt="xs" align="flex-end">
      <NumberInput
        label={t('results.handScore')}
        min={0}
        max={max}
        step={0.5}
        decimalScale={2}
        value={points}
        onChange={(v) => setPoints(typeof v === 'number' ? v : 0)}
        maw={140}
        size="xs"
      />
      <Button
        size="xs"
        variant="default"
        loading={rescore.isPending}
        onClick={() => rescore.mutate({ id: attempt, id_question: question, points })}
      >
        {t('results.saveScore')}
      </Button>
      {rescore.isError && (
        <Alert color="red" role="alert" p={6}>
          {errorMessage(rescore.error)}
        </Alert>
      )}
    </Group>
  );
}
