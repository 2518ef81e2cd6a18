import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import type { TeachingDiscipline } from '@okuu/contracts/testing/bank';
import type { TestRow } from '@okuu/contracts/testing/tests';
import { gradingModes, testLimits } from '@okuu/contracts/testing/tests';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/ui/date-fields';
import { errorMessage } from '../../../lib/error-message';
import { type TestDraft, useBank, useSaveTest } from '../api/teaching';
import { bishkekMoment } from '../lib/moment';

type Draft = Omit<TestDraft, 'id_discipline' | 'questionIds' | 'topics'> & {
  audience: string;
  topics: string[];
  /** Chosen questions of the bank (their ids as text): the test is made of them, not drawn from the topics. */
  questionIds: string[];
};

function draftOf(test: TestRow | null, discipline: TeachingDiscipline): Draft {
  const first = discipline.audiences[0];
  if (!test) {
    const now = Date.now();
    return {
      id: -1,
      title: '',
      audience: first ? `${first.kind}:${first.id}` : '',
      audienceKind: first?.kind ?? 'group',
      audienceId: first?.id ?? 0,
      topics: [],
      questionIds: [],
      questionCount: Math.max(1, Math.min(10, discipline.questions)),
      shuffle: true,
      timeLimit: 20,
      from: bishkekMoment(new Date(now)),
      to: bishkekMoment(new Date(now + 7 * 86_400_000)),
      attempts: 1,
      partialCredit: true,
      showAnswers: false,
      gradingColumn: null,
      gradingMode: 'best',
    };
  }
  return {
    id: test.id,
    title: test.title,
    audience: `${test.audienceKind}:${test.audienceId}`,
    audienceKind: test.audienceKind,
    audienceId: test.audienceId,
    topics: test.topics,
    questionIds: test.questionIds.map(String),
    questionCount: test.questionCount,
    shuffle: test.shuffle,
    timeLimit: test.timeLimit,
    from: bishkekMoment(test.opensAt),
    to: bishkekMoment(test.closesAt),
    attempts: test.attempts,
    partialCredit: test.partialCredit,
    showAnswers: test.showAnswers,
    gradingColumn: test.gradingColumn,
    gradingMode: test.gradingMode,
  };
}

/** Creates or changes a test: its audience, the topics it draws from, how many questions, the time and window. */
export function TestForm({
  discipline,
  test,
  opened,
  onClose,
}: {
  discipline: TeachingDiscipline;
  test: TestRow | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('testing');
  const [draft, setDraft] = useState<Draft>(() => draftOf(test, discipline));
  const save = useSaveTest();
  const bank = useBank(discipline.id_discipline);
  const fixed = draft.questionIds.length > 0;
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const whole = (v: string | number, fallback: number) => (typeof v === 'number' ? v : fallback);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={test ? t('tests.editHeading') : t('tests.newHeading')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          const { audience: _, questionIds, ...rest } = draft;
          save.mutate(
            { ...rest, id_discipline: discipline.id_discipline, questionIds: questionIds.map(Number) },
            { onSuccess: onClose },
          );
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('tests.title')}
            required
            maxLength={200}
            value={draft.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            data-autofocus
          />
          <NativeSelect
            label={t('tests.audience')}
            value={draft.audience}
            data={discipline.audiences.map((a) => ({
              value: `${a.kind}:${a.id}`,
              label: `${t(`audienceKinds.${a.kind}`)}: ${a.name}`,
            }))}
            onChange={(e) => {
              const [kind, id] = e.currentTarget.value.split(':');
              set({
                audience: e.currentTarget.value,
                audienceKind: kind as Draft['audienceKind'],
                audienceId: Number(id),
              });
            }}
          />
          <MultiSelect
            label={t('tests.fixedQuestions')}
            description={t('tests.fixedQuestionsHint')}
            data={(bank.data ?? []).map((q) => ({
              value: String(q.id),
              label: q.topic ? `${q.topic}: ${q.text}` : q.text,
            }))}
            value={draft.questionIds}
            onChange={(questionIds) => set({ questionIds })}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('tests.clearFixed') }}
            maxValues={testLimits.questions}
            nothingFoundMessage={t('tests.noQuestionFound')}
          />
          {discipline.topics.length > 0 && !fixed && (
            <Checkbox.Group
              label={t('tests.topics')}
              description={t('tests.topicsHint')}
              value={draft.topics}
              onChange={(topics) => set({ topics })}
            >
              <Group gap="sm" mt={4}>
                {discipline.topics.map((topic) => (
                  <Checkbox key={topic} value={topic} label={topic || t('bank.noTopic')} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            <NumberInput
              label={t('tests.questionCount')}
              min={1}
              max={testLimits.questions}
              allowDecimal={false}
              disabled={fixed}
              value={fixed ? draft.questionIds.length : draft.questionCount}
              onChange={(v) => set({ questionCount: whole(v, 1) })}
            />
            <NumberInput
              label={t('tests.timeLimit')}
              min={1}
              max={testLimits.minutes}
              allowDecimal={false}
              value={draft.timeLimit}
              onChange={(v) => set({ timeLimit: whole(v, 1) })}
            />
            <NumberInput
              label={t('tests.attempts')}
              min={1}
              max={testLimits.attempts}
              allowDecimal={false}
              value={draft.attempts}
              onChange={(v) => set({ attempts: whole(v, 1) })}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTimeField label={t('tests.from')} value={draft.from} onChange={(from) => set({ from })} />
            <DateTimeField label={t('tests.to')} value={draft.to} onChange={(to) => set({ to })} />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={t('tests.gradingColumn')}
              description={t('tests.gradingColumnHint')}
              value={
                draft.gradingColumn === null || draft.gradingColumn === undefined ? '' : String(draft.gradingColumn)
              }
              data={[
                { value: '', label: t('tests.noGradingColumn') },
                ...discipline.controlPoints.map((c) => ({
                  value: String(c.number),
                  label: t('tests.controlPoint', { number: c.number, max: c.max }),
                })),
              ]}
              onChange={(e) => set({ gradingColumn: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
            />
            <NativeSelect
              label={t('tests.gradingMode')}
              value={draft.gradingMode ?? 'best'}
              disabled={draft.gradingColumn === null || draft.gradingColumn === undefined}
              data={gradingModes.map((mode) => ({ value: mode, label: t(`tests.gradingModes.${mode}`) }))}
              onChange={(e) => set({ gradingMode: e.currentTarget.value as Draft['gradingMode'] })}
            />
          </SimpleGrid>
          <Switch
            label={t('tests.shuffle')}
            checked={Boolean(draft.shuffle)}
            onChange={(e) => set({ shuffle: e.currentTarget.checked })}
          />
          <Switch
            label={t('tests.partialCredit')}
            checked={Boolean(draft.partialCredit)}
            onChange={(e) => set({ partialCredit: e.currentTarget.checked })}
          />
          <Switch
            label={t('tests.showAnswers')}
            checked={Boolean(draft.showAnswers)}
            onChange={(e) => set({ showAnswers: e.currentTarget.checked })}
          />
          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('tests.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
