import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Badge.css';
import { Badge, Button, Group, NativeSelect, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import type { BankQuestion, TeachingDiscipline } from '@okuu/contracts/testing/bank';
import type { TestRow } from '@okuu/contracts/testing/tests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DeleteButton } from '../../../components/ui/delete-button';
import { QueryView } from '../../../components/ui/query-view';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useBank, useDeleteQuestion, useDeleteTest, useTeacherTests, useTeachingDisciplines } from '../api/teaching';
import { BankFilePanel } from './bank-file-panel';
import { QuestionForm } from './question-form';
import { TestForm } from './test-form';

/** The teacher's side: a discipline's question bank and tests, each test's results a click away. */
export function TeacherTesting() {
  const { t } = useTranslation('testing');
  const disciplines = useTeachingDisciplines();
  // The discipline and the tab are in the address: kept over a reload and a switch of layout, and linkable.
  const [params, setParams] = useSearchParams();
  const chosen = Number(params.get('discipline')) || null;
  const tab = params.get('tab') === 'bank' ? 'bank' : 'tests';
  const choose = (patch: Record<string, string>) =>
    setParams((p) => ({ ...Object.fromEntries(p), ...patch }), { replace: true });
  return (
    <QueryView query={disciplines}>
      {(list) => {
        if (list.length === 0) return <Text c="dimmed">{t('teacher.noDisciplines')}</Text>;
        const discipline = list.find((d) => d.id_discipline === chosen) ?? (list[0] as TeachingDiscipline);
        return (
          <Stack gap="md">
            <NativeSelect
              label={t('teacher.discipline')}
              value={String(discipline.id_discipline)}
              data={list.map((d) => ({ value: String(d.id_discipline), label: localizedName(d) }))}
              onChange={(e) => choose({ discipline: e.currentTarget.value })}
              maw={520}
            />
            <Tabs value={tab} onChange={(v) => choose({ tab: v ?? 'tests' })} keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="tests">{t('teacher.tests')}</Tabs.Tab>
                <Tabs.Tab value="bank">
                  {t('teacher.bank', { count: discipline.questions, n: formatNumber(discipline.questions) })}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="tests" pt="md">
                <TestsPanel key={discipline.id_discipline} discipline={discipline} />
              </Tabs.Panel>
              <Tabs.Panel value="bank" pt="md">
                <BankPanel key={discipline.id_discipline} discipline={discipline} />
              </Tabs.Panel>
            </Tabs>
          </Stack>
        );
      }}
    </QueryView>
  );
}

function TestsPanel({ discipline }: { discipline: TeachingDiscipline }) {
  const { t } = useTranslation('testing');
  const tests = useTeacherTests();
  const remove = useDeleteTest();
  const [editing, setEditing] = useState<{ test: TestRow | null; n: number } | null>(null);
  return (
    <Stack gap="sm">
      <Group>
        <Button
          onClick={() => setEditing({ test: null, n: Date.now() })}
          disabled={discipline.questions === 0 || discipline.audiences.length === 0}
        >
          {t('tests.new')}
        </Button>
        {discipline.questions === 0 && (
          <Text size="sm" c="dimmed">
            {t('tests.bankEmpty')}
          </Text>
        )}
      </Group>
      <QueryView query={tests}>
        {(all) => {
          const list = all.filter((x) => x.id_discipline === discipline.id_discipline);
          if (list.length === 0) return <Text c="dimmed">{t('tests.none')}</Text>;
          return (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.map((test) => (
                <Paper key={test.id} withBorder p="md" component="li" aria-labelledby={`t-${test.id}`}>
                  <Group justify="space-between" align="flex-start" gap="xs">
                    <div>
                      <Title order={3} size="h5" id={`t-${test.id}`}>
                        {test.title}
                      </Title>
                      <Text size="sm" c="dimmed">
                        {t(`audienceKinds.${test.audienceKind}`)}: {test.audience}
                      </Text>
                      <Text size="sm">
                        {t('mine.window', { from: formatDateTime(test.opensAt), to: formatDateTime(test.closesAt) })}
                      </Text>
                      <Text size="sm">
                        {t('tests.facts', {
                          questions: formatNumber(test.questionCount),
                          minutes: formatNumber(test.timeLimit),
                          attempts: formatNumber(test.attempts),
                          made: formatNumber(test.attemptsMade),
                          students: formatNumber(test.students),
                        })}
                      </Text>
                    </div>
                    <Group gap="xs">
                      <Button
                        size="xs"
                        component={Link}
                        to={`/lms/testing/results/${test.id}`}
                        aria-label={t('tests.resultsOf', { title: test.title })}
                      >
                        {t('tests.results')}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setEditing({ test, n: Date.now() })}
                        aria-label={t('tests.editOf', { title: test.title })}
                      >
                        {t('edit')}
                      </Button>
                      {test.attemptsMade === 0 && (
                        <DeleteButton
                          ns="testing"
                          label={t('tests.deleteOf', { title: test.title })}
                          text={t('tests.deleteText', { title: test.title })}
                          onDelete={() => remove.mutateAsync(test.id)}
                        />
                      )}
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
          );
        }}
      </QueryView>
      {editing && (
        <TestForm key={editing.n} discipline={discipline} test={editing.test} opened onClose={() => setEditing(null)} />
      )}
    </Stack>
  );
}

function BankPanel({ discipline }: { discipline: TeachingDiscipline }) {
  const { t } = useTranslation('testing');
  const bank = useBank(discipline.id_discipline);
  const remove = useDeleteQuestion();
  const [editing, setEditing] = useState<{ question: BankQuestion | null; n: number } | null>(null);
  return (
    <Stack gap="sm">
      <Group>
        <Button onClick={() => setEditing({ question: null, n: Date.now() })}>{t('bank.new')}</Button>
      </Group>
      <BankFilePanel discipline={discipline.id_discipline} questions={discipline.questions} />
      <QueryView query={bank}>
        {(questions) => {
          if (questions.length === 0) return <Text c="dimmed">{t('bank.none')}</Text>;
          const topics = [...new Set(questions.map((q) => q.topic))];
          return (
            <Stack gap="lg">
              {topics.map((topic) => (
                <Stack key={topic} gap="xs" component="section" aria-label={topic || t('bank.noTopic')}>
                  <Title order={3} size="h5">
                    {topic || t('bank.noTopic')}
                  </Title>
                  <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {questions
                      .filter((q) => q.topic === topic)
                      .map((q) => (
                        <Paper key={q.id} withBorder p="sm" component="li" data-testid="bank-question">
                          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                            <div style={{ minWidth: 0 }}>
                              <Group gap={6} mb={4}>
                                <Badge variant="light" radius="sm" size="sm">
                                  {t(`kinds.${q.kind}`)}
                                </Badge>
                                <Text size="xs" c="dimmed">
                                  {t('points', { points: formatNumber(q.points) })}
                                  {q.used > 0 ? ` · ${t('bank.used', { n: formatNumber(q.used) })}` : ''}
                                </Text>
                              </Group>
                              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                                {q.text}
                              </Text>
                              {q.image && (
                                <img
                                  src={q.image.url}
                                  alt={q.image.alt}
                                  loading="lazy"
                                  style={{ display: 'block', maxWidth: 160, maxHeight: 100, marginTop: 4 }}
                                />
                              )}
                            </div>
                            <Group gap={4} wrap="nowrap">
                              <Button
                                size="compact-sm"
                                variant="default"
                                onClick={() => setEditing({ question: q, n: Date.now() })}
                                aria-label={t('bank.editOf', { text: q.text.slice(0, 60) })}
                              >
                                {t('edit')}
                              </Button>
                              <DeleteButton
                                ns="testing"
                                label={t('bank.deleteOf', { text: q.text.slice(0, 60) })}
                                text={t('bank.deleteText')}
                                onDelete={() => remove.mutateAsync(q.id)}
                              />
                            </Group>
                          </Group>
                        </Paper>
                      ))}
                  </Stack>
                </Stack>
              ))}
            </Stack>
          );
        }}
      </QueryView>
      {editing && (
        <QuestionForm
          key={editing.n}
          discipline={discipline.id_discipline}
          topics={discipline.topics}
          question={editing.question}
          opened
          onClose={() => setEditing(null)}
        />
      )}
    </Stack>
  );
}
