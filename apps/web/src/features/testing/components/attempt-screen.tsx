import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Badge.css';
import { Alert, Badge, Button, Group, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import type { AnswerResponse, AttemptView } from '@okuu/contracts/testing/taking';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import { useOnlineStatus } from '../../../lib/network';
import { useAttempt, useSubmitAttempt } from '../api/taking';
import { type SaveState, useAnswerSaver } from '../hooks/use-answer-saver';
import { clock, useCountdown } from '../hooks/use-countdown';
import { forgetAttempt } from '../lib/kept-attempt';
import { QuestionImage } from './question-image';
import { QuestionInput } from './question-input';

/** Whether an answer says something (an empty text, no choice or an untouched matching does not). */
export function isAnswered(response: AnswerResponse | undefined): boolean {
  if (response === undefined) return false;
  if (typeof response === 'string') return response.trim() !== '';
  if (Array.isArray(response)) return response.some((r) => r >= 0);
  return true;
}

/** /lms/testing/attempt/:id: the student's own attempt in progress. */
export function AttemptScreen({ id }: { id: number }) {
  const attempt = useAttempt(id);
  return <QueryView query={attempt}>{(view) => <AttemptForm key={view.id} view={view} />}</QueryView>;
}

function AttemptForm({ view }: { view: AttemptView }) {
  const { t } = useTranslation('testing');
  const navigate = useNavigate();
  const { left, resync } = useCountdown(view.remainingSeconds);
  const { answers, give, flush, state, refusal } = useAnswerSaver(view, resync);
  const submit = useSubmitAttempt();
  const [confirming, setConfirming] = useState(false);
  const [unsent, setUnsent] = useState(false);
  const expired = left <= 0;
  const closed = view.closed || refusal?.code === 'attempt_closed';
  const unanswered = view.questions.filter((q) => !isAnswered(answers.get(q.id))).length;

  const finish = async () => {
    setUnsent(false);
    if (!(await flush())) {
      setUnsent(true);
      return;
    }
    const result = await submit.mutateAsync(view.id).catch(() => null);
    if (!result) return;
    forgetAttempt(view.id);
    navigate(`/lms/testing/review/${view.id}`, { replace: true });
  };

  // The time is up (or the attempt was closed elsewhere): what was given is sent (the server takes it up to a minute
  // after the deadline) and the attempt submitted; with no network, once it is back.
  const { online } = useOnlineStatus();
  const finishing = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: finish is made anew each render; these say when to call it.
  useEffect(() => {
    if (!(expired || closed) || !online || finishing.current) return;
    finishing.current = true;
    void finish().finally(() => {
      finishing.current = false;
    });
  }, [expired, closed, online]);

  return (
    <Stack gap="md" maw={860}>
      <Paper
        withBorder
        p="sm"
        pos="sticky"
        top={0}
        style={{ zIndex: 2 }}
        component="section"
        aria-label={t('take.status')}
      >
        <Group justify="space-between" gap="xs" wrap="wrap">
          <div>
            <Title order={1} size="h3">
              {view.title}
            </Title>
            <Text size="sm" c="dimmed">
              {t('take.attemptNumber', { number: formatNumber(view.number) })} ·{' '}
              {t('take.answered', {
                answered: formatNumber(view.questions.length - unanswered),
                total: formatNumber(view.questions.length),
              })}
            </Text>
          </div>
          <Group gap="sm">
            <SaveStatus state={state} />
            <Badge
              size="xl"
              radius="sm"
              variant="light"
              color={left <= 60 ? 'red' : left <= 300 ? 'orange' : 'blue'}
              role="timer"
              aria-label={t('take.timeLeftLabel', { time: clock(left) })}
              data-testid="countdown"
            >
              {clock(left)}
            </Badge>
          </Group>
        </Group>
      </Paper>

      {expired && (
        <Alert color="orange" role="alert" title={t('take.timeUp')}>
          {t('take.timeUpText')}
        </Alert>
      )}
      {refusal && (
        <Alert color="red" role="alert">
          {errorMessage(refusal)}
        </Alert>
      )}

      <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {view.questions.map((q, i) => {
          const labelId = `question-${q.id}`;
          return (
            <Paper key={q.id} withBorder p="md" component="li" data-testid="attempt-question">
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs" mb="xs">
                <Text id={labelId} fw={600} style={{ whiteSpace: 'pre-wrap' }}>
                  <Text span c="dimmed" fw={400}>
                    {t('take.questionNumber', { number: formatNumber(i + 1) })}{' '}
                  </Text>
                  {q.text}
                </Text>
                <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
                  {t('points', { points: formatNumber(q.points) })}
                </Text>
              </Group>
              {q.image && <QuestionImage image={q.image} />}
              <QuestionInput
                question={q}
                labelledBy={labelId}
                value={answers.get(q.id)}
                onChange={(response, delay) => give(q.id, response, delay)}
                disabled={expired || closed}
              />
            </Paper>
          );
        })}
      </Stack>

      {unsent && (
        <Alert color="orange" role="alert">
          {t('take.unsent')}
        </Alert>
      )}
      {submit.isError && (
        <Alert color="red" role="alert">
          {errorMessage(submit.error)}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button onClick={() => setConfirming(true)} loading={submit.isPending}>
          {t('take.submit')}
        </Button>
      </Group>

      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('take.confirmHeading')}
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        <Text size="sm">
          {unanswered > 0 ? t('take.confirmUnanswered', { count: unanswered }) : t('take.confirmAll')}
        </Text>
        <Text size="sm" mt="xs">
          {t('take.confirmFinal')}
        </Text>
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={() => setConfirming(false)}>
            {t('take.keepGoing')}
          </Button>
          <Button
            data-autofocus
            loading={submit.isPending}
            onClick={() => {
              setConfirming(false);
              void finish();
            }}
          >
            {t('take.submitNow')}
          </Button>
        </Group>
      </Modal>
    </Stack>
  );
}

function SaveStatus({ state }: { state: SaveState }) {
  const { t } = useTranslation('testing');
  return (
    <Group gap={6} role="status" aria-live="polite" data-testid="save-state" data-state={state}>
      {state === 'saving' && <Loader size="xs" aria-hidden="true" />}
      <Text size="sm" c={state === 'kept' ? 'orange.8' : 'dimmed'} fw={state === 'kept' ? 600 : 400}>
        {t(`take.saveState.${state}`)}
      </Text>
    </Group>
  );
}
