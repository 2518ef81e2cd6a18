import '@mantine/core/styles/Modal.css';
import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { AvailableTest } from '@okuu/contracts/testing/taking';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useMyTests, useStartAttempt } from '../api/taking';

type Section = 'open' | 'upcoming' | 'done';

/** Where a test stands for the student: can be taken now, later, or is over for them. */
function sectionOf(test: AvailableTest): Section {
  if (test.state === 'upcoming') return 'upcoming';
  if (test.state === 'open' && (test.openAttempt !== null || test.attemptsMade < test.attempts)) return 'open';
  return 'done';
}

/** The student's tests in three lists: open now, upcoming, done; a test starts (or continues) from here. */
export function StudentTests() {
  const { t } = useTranslation('testing');
  const tests = useMyTests();
  const [starting, setStarting] = useState<AvailableTest | null>(null);
  return (
    <QueryView query={tests}>
      {(list) => {
        const sections: Section[] = ['open', 'upcoming', 'done'];
        return (
          <Stack gap="xl">
            {list.length === 0 && <Text c="dimmed">{t('mine.none')}</Text>}
            {sections.map((section) => {
              const shown = list.filter((x) => sectionOf(x) === section);
              if (shown.length === 0) return null;
              return (
                <Stack key={section} gap="sm" component="section" aria-labelledby={`tests-${section}`}>
                  <Title order={2} size="h4" id={`tests-${section}`}>
                    {t(`mine.${section}`)}
                  </Title>
                  <SimpleGrid
                    cols={{ base: 1, md: 2 }}
                    spacing="sm"
                    component="ul"
                    style={{ listStyle: 'none', padding: 0, margin: 0 }}
                  >
                    {shown.map((test) => (
                      <TestCard key={test.id} test={test} section={section} onStart={() => setStarting(test)} />
                    ))}
                  </SimpleGrid>
                </Stack>
              );
            })}
            <StartDialog test={starting} onClose={() => setStarting(null)} />
          </Stack>
        );
      }}
    </QueryView>
  );
}

function TestCard({ test, section, onStart }: { test: AvailableTest; section: Section; onStart: () => void }) {
  const { t } = useTranslation('testing');
  const navigate = useNavigate();
  const headingId = `test-${test.id}`;
  return (
    <Paper withBorder p="md" component="li" aria-labelledby={headingId} data-testid="student-test">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div>
          <Title order={3} size="h5" id={headingId}>
            {test.title}
          </Title>
          <Text size="sm" c="dimmed">
            {localizedName(test.discipline)}
          </Text>
        </div>
        {test.openAttempt !== null ? (
          <StatusBadge color="orange">{t('mine.inProgress')}</StatusBadge>
        ) : section === 'done' && test.best !== null ? (
          <StatusBadge color="green">{t('mine.submitted')}</StatusBadge>
        ) : null}
      </Group>
      <Text size="sm" mt="xs">
        {t('mine.window', { from: formatDateTime(test.opensAt), to: formatDateTime(test.closesAt) })}
      </Text>
      <Text size="sm">
        {t('mine.facts', {
          questions: formatNumber(test.questionCount),
          minutes: formatNumber(test.timeLimit),
          made: formatNumber(test.attemptsMade),
          allowed: formatNumber(test.attempts),
        })}
      </Text>
      {test.best !== null && test.maxScore !== null && (
        <Text size="sm" fw={600}>
          {t('mine.best', { score: formatNumber(test.best), max: formatNumber(test.maxScore) })}
        </Text>
      )}
      <Group gap="xs" mt="sm">
        {section === 'open' &&
          (test.openAttempt !== null ? (
            <Button size="sm" onClick={() => navigate(`/lms/testing/attempt/${test.openAttempt}`)}>
              {t('mine.continue')}
            </Button>
          ) : (
            <Button size="sm" onClick={onStart} aria-label={t('mine.startNamed', { title: test.title })}>
              {t('mine.start')}
            </Button>
          ))}
        {test.lastAttempt !== null && test.openAttempt === null && (
          <Button
            size="sm"
            variant="default"
            component={Link}
            to={`/lms/testing/review/${test.lastAttempt}`}
            aria-label={t('mine.resultNamed', { title: test.title })}
          >
            {t('mine.result')}
          </Button>
        )}
      </Group>
    </Paper>
  );
}

/** Before the clock starts: how long the test takes and that the time runs on the server. */
function StartDialog({ test, onClose }: { test: AvailableTest | null; onClose: () => void }) {
  const { t } = useTranslation('testing');
  const navigate = useNavigate();
  const start = useStartAttempt();
  return (
    <Modal
      opened={test !== null}
      onClose={() => {
        start.reset();
        onClose();
      }}
      title={t('start.heading')}
      centered
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {test && (
        <Stack gap="sm">
          <Text fw={600}>{test.title}</Text>
          <Text size="sm">
            {t('start.text', { minutes: formatNumber(test.timeLimit), questions: formatNumber(test.questionCount) })}
          </Text>
          <Text size="sm">{t('start.serverClock')}</Text>
          {start.isError && (
            <Alert color="red" role="alert">
              {errorMessage(start.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button
              data-autofocus
              loading={start.isPending}
              onClick={() =>
                start.mutate(test.id, {
                  onSuccess: (view) => navigate(`/lms/testing/attempt/${view.id}`),
                })
              }
            >
              {t('start.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
