import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Switch.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Paper,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type QuestionnaireRow,
  questionnaireTargets,
  type SurveyQuestionKind,
  surveyQuestionKinds,
} from '@okuu/contracts/questionnaire/manage';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/ui/date-fields';
import { DeleteButton } from '../../../components/ui/delete-button';
import { QueryView } from '../../../components/ui/query-view';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import {
  type QuestionnaireDraft,
  useDeleteQuestionnaire,
  useFaculties,
  useQuestionnaires,
  useSaveQuestionnaire,
  useSurveyResults,
} from '../api/questionnaire';
import { SurveyResultsView } from './survey-results';

/** Bishkek keeps UTC+6 all year: an instant as the 'YYYY-MM-DDTHH:MM' of its wall clock (a date-time field's value). */
const bishkekMoment = (instant: Date | string) =>
  new Date(new Date(instant).getTime() + 6 * 3600_000).toISOString().slice(0, 16);

type Phase = 'upcoming' | 'open' | 'closed';
const phaseOf = (q: QuestionnaireRow, now = Date.now()): Phase =>
  now < Date.parse(q.opensAt) ? 'upcoming' : now < Date.parse(q.closesAt) ? 'open' : 'closed';

interface QuestionDraft {
  kind: SurveyQuestionKind;
  text: string;
  options: string;
}

type Draft = Omit<QuestionnaireDraft, 'questions'> & { questions: QuestionDraft[] };

const inputOf = (draft: Draft): QuestionnaireDraft => ({
  ...draft,
  // The same shape, in the same order, as the server compares it with (a questionnaire answered keeps its questions).
  questions: draft.questions.map((q) => ({
    kind: q.kind,
    text: q.text,
    options:
      q.kind === 'single' || q.kind === 'multiple'
        ? q.options
            .split('\n')
            .map((o) => o.trim())
            .filter(Boolean)
        : [],
  })),
});

function draftOf(q: QuestionnaireRow | null): Draft {
  const now = new Date();
  const year = now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  if (!q)
    return {
      id: -1,
      title: '',
      description: '',
      target: 'teachers',
      year,
      ws: now.getUTCMonth() >= 7 || now.getUTCMonth() === 0 ? 1 : 2,
      from: bishkekMoment(now),
      to: bishkekMoment(new Date(now.getTime() + 14 * 86_400_000)),
      minAnswers: 5,
      freeTextReleased: false,
      questions: [{ kind: 'scale', text: '', options: '' }],
    };
  return {
    id: q.id,
    title: q.title,
    description: q.description,
    target: q.target,
    ...(q.year !== null ? { year: q.year } : {}),
    ...(q.ws !== null ? { ws: q.ws } : {}),
    ...(q.audienceId !== null ? { audienceId: q.audienceId } : {}),
    from: bishkekMoment(q.opensAt),
    to: bishkekMoment(q.closesAt),
    minAnswers: q.minAnswers,
    freeTextReleased: q.freeTextReleased,
    questions: q.questions.map((x) => ({ kind: x.kind, text: x.text, options: x.options.join('\n') })),
  };
}

/** /lms/staff/questionnaires: every questionnaire; create, change, open or close one; its results once closed. */
export function StaffQuestionnaires() {
  const { t } = useTranslation('questionnaire');
  const list = useQuestionnaires();
  const save = useSaveQuestionnaire();
  const remove = useDeleteQuestionnaire();
  const [editing, setEditing] = useState<{ row: QuestionnaireRow | null; n: number } | null>(null);
  const [results, setResults] = useState<number | null>(null);

  /** Opens now (until the planned end, or two weeks on) or closes now: the window moves, nothing else. */
  const move = (row: QuestionnaireRow, how: 'open' | 'close') => {
    const now = Date.now();
    const draft = inputOf(draftOf(row));
    const to = Math.max(Date.parse(row.closesAt), now + 14 * 86_400_000);
    save.mutate(
      how === 'open'
        ? { ...draft, from: bishkekMoment(new Date(now - 60_000)), to: bishkekMoment(new Date(to)) }
        : {
            ...draft,
            from: bishkekMoment(new Date(Math.min(Date.parse(row.opensAt), now - 120_000))),
            to: bishkekMoment(new Date(now - 60_000)),
          },
    );
  };

  return (
    <Stack gap="md">
      <Group>
        <Button onClick={() => setEditing({ row: null, n: Date.now() })}>{t('staff.new')}</Button>
      </Group>
      {save.isError && !editing && (
        <Alert color="red" role="alert">
          {errorMessage(save.error)}
        </Alert>
      )}
      <QueryView query={list}>
        {(rows) =>
          rows.length === 0 ? (
            <Text c="dimmed">{t('staff.none')}</Text>
          ) : (
            <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {rows.map((row) => {
                const phase = phaseOf(row);
                return (
                  <Paper key={row.id} withBorder p="md" component="li" aria-labelledby={`sq-${row.id}`}>
                    <Group justify="space-between" align="flex-start" gap="xs">
                      <div>
                        <Group gap="xs">
                          <Title order={2} size="h5" id={`sq-${row.id}`}>
                            {row.title}
                          </Title>
                          <StatusBadge color={phase === 'open' ? 'green' : phase === 'upcoming' ? 'blue' : 'gray'}>
                            {t(`staff.phase.${phase}`)}
                          </StatusBadge>
                        </Group>
                        <Text size="sm" c="dimmed">
                          {t(`targets.${row.target}`)} ·{' '}
                          {t('staff.window', { from: formatDateTime(row.opensAt), to: formatDateTime(row.closesAt) })}
                        </Text>
                        <Text size="sm">
                          {t('staff.facts', {
                            questions: formatNumber(row.questions.length),
                            answers: formatNumber(row.answers),
                            min: formatNumber(row.minAnswers),
                          })}
                        </Text>
                      </div>
                      <Group gap="xs">
                        {phase !== 'open' && (
                          <Button size="xs" variant="light" onClick={() => move(row, 'open')} loading={save.isPending}>
                            {t('staff.openNow')}
                          </Button>
                        )}
                        {phase === 'open' && (
                          <Button size="xs" variant="light" onClick={() => move(row, 'close')} loading={save.isPending}>
                            {t('staff.closeNow')}
                          </Button>
                        )}
                        {phase === 'closed' && (
                          <Button
                            size="xs"
                            onClick={() => setResults(row.id)}
                            aria-label={t('staff.resultsOf', { title: row.title })}
                          >
                            {t('staff.results')}
                          </Button>
                        )}
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setEditing({ row, n: Date.now() })}
                          aria-label={t('staff.editOf', { title: row.title })}
                        >
                          {t('edit')}
                        </Button>
                        {row.answers === 0 && (
                          <DeleteButton
                            ns="questionnaire"
                            label={t('staff.deleteOf', { title: row.title })}
                            onDelete={() => remove.mutateAsync(row.id)}
                          />
                        )}
                      </Group>
                    </Group>
                  </Paper>
                );
              })}
            </Stack>
          )
        }
      </QueryView>
      {editing && <QuestionnaireForm key={editing.n} row={editing.row} onClose={() => setEditing(null)} />}
      <ResultsDialog id={results} onClose={() => setResults(null)} />
    </Stack>
  );
}

function QuestionnaireForm({ row, onClose }: { row: QuestionnaireRow | null; onClose: () => void }) {
  const { t } = useTranslation('questionnaire');
  const [draft, setDraft] = useState<Draft>(() => draftOf(row));
  const save = useSaveQuestionnaire();
  const faculties = useFaculties();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const setQuestion = (i: number, patch: Partial<QuestionDraft>) =>
    set({ questions: draft.questions.map((q, j) => (j === i ? { ...q, ...patch } : q)) });
  const answered = (row?.answers ?? 0) > 0;
  return (
    <Modal
      opened
      onClose={onClose}
      size="lg"
      title={row ? t('staff.editHeading') : t('staff.newHeading')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(inputOf(draft), { onSuccess: onClose });
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('staff.title')}
            required
            maxLength={200}
            value={draft.title}
            onChange={(e) => set({ title: e.currentTarget.value })}
            data-autofocus
          />
          <Textarea
            label={t('staff.description')}
            autosize
            minRows={2}
            maxLength={2000}
            value={draft.description ?? ''}
            onChange={(e) => set({ description: e.currentTarget.value })}
          />
          <NativeSelect
            label={t('staff.target')}
            value={draft.target}
            disabled={answered}
            data={questionnaireTargets.map((x) => ({ value: x, label: t(`targets.${x}`) }))}
            onChange={(e) => set({ target: e.currentTarget.value as Draft['target'], audienceId: undefined })}
          />
          {draft.target === 'teachers' && (
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
              <NumberInput
                label={t('staff.year')}
                min={2000}
                max={2100}
                allowDecimal={false}
                value={draft.year}
                onChange={(v) => set({ year: typeof v === 'number' ? v : undefined })}
              />
              <NativeSelect
                label={t('staff.ws')}
                value={String(draft.ws ?? 1)}
                data={[1, 2, 3].map((n) => ({ value: String(n), label: t(`staff.halfYears.${n as 1 | 2 | 3}`) }))}
                onChange={(e) => set({ ws: Number(e.currentTarget.value) })}
              />
            </SimpleGrid>
          )}
          {draft.target === 'faculty' && (
            <NativeSelect
              label={t('staff.faculty')}
              disabled={answered}
              value={String(draft.audienceId ?? '')}
              data={[
                { value: '', label: '—' },
                ...(faculties.data ?? []).map((f) => ({ value: String(f.id), label: localizedName(f) })),
              ]}
              onChange={(e) => set({ audienceId: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })}
            />
          )}
          {draft.target === 'course' && (
            <NativeSelect
              label={t('staff.course')}
              disabled={answered}
              value={String(draft.audienceId ?? '')}
              data={[
                { value: '', label: '—' },
                ...[1, 2, 3, 4, 5, 6].map((n) => ({ value: String(n), label: String(n) })),
              ]}
              onChange={(e) => set({ audienceId: e.currentTarget.value ? Number(e.currentTarget.value) : undefined })}
            />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <DateTimeField label={t('staff.from')} value={draft.from} onChange={(from) => set({ from })} />
            <DateTimeField label={t('staff.to')} value={draft.to} onChange={(to) => set({ to })} />
          </SimpleGrid>
          <NumberInput
            label={t('staff.minAnswers')}
            description={t('staff.minAnswersHint')}
            min={5}
            max={1000}
            allowDecimal={false}
            value={draft.minAnswers}
            onChange={(v) => set({ minAnswers: typeof v === 'number' ? v : 5 })}
            maw={260}
          />
          <Switch
            label={t('staff.freeTextReleased')}
            checked={Boolean(draft.freeTextReleased)}
            onChange={(e) => set({ freeTextReleased: e.currentTarget.checked })}
          />
          <fieldset disabled={answered} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" fw={600} size="sm" mb="xs">
              {t('staff.questions')}
            </Text>
            <Stack gap="xs">
              {answered && (
                <Text size="xs" c="dimmed">
                  {t('staff.questionsFixed')}
                </Text>
              )}
              {draft.questions.map((q, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the questions are edited in place, by position.
                <Paper key={i} withBorder p="sm">
                  <Group gap="xs" align="flex-end" wrap="nowrap">
                    <NativeSelect
                      label={t('staff.questionKind', { n: i + 1 })}
                      value={q.kind}
                      data={surveyQuestionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
                      onChange={(e) => setQuestion(i, { kind: e.currentTarget.value as SurveyQuestionKind })}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      size="lg"
                      aria-label={t('staff.removeQuestion', { n: i + 1 })}
                      disabled={draft.questions.length <= 1}
                      onClick={() => set({ questions: draft.questions.filter((_, j) => j !== i) })}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                  <TextInput
                    mt="xs"
                    label={t('staff.questionText', { n: i + 1 })}
                    required
                    maxLength={500}
                    value={q.text}
                    onChange={(e) => setQuestion(i, { text: e.currentTarget.value })}
                  />
                  {(q.kind === 'single' || q.kind === 'multiple') && (
                    <Textarea
                      mt="xs"
                      label={t('staff.options', { n: i + 1 })}
                      description={t('staff.optionsHint')}
                      autosize
                      minRows={2}
                      value={q.options}
                      onChange={(e) => setQuestion(i, { options: e.currentTarget.value })}
                    />
                  )}
                </Paper>
              ))}
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  disabled={draft.questions.length >= 50}
                  onClick={() => set({ questions: [...draft.questions, { kind: 'scale', text: '', options: '' }] })}
                >
                  {t('staff.addQuestion')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
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
              {t('staff.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ResultsDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('questionnaire');
  const [faculty, setFaculty] = useState('');
  const faculties = useFaculties();
  const filter = faculty ? { id_faculty: Number(faculty) } : {};
  const results = useSurveyResults(id, filter);
  return (
    <Modal
      opened={id !== null}
      onClose={onClose}
      size="xl"
      title={t('staff.resultsHeading')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {id !== null && (
        <Stack gap="md">
          <Group align="flex-end" gap="sm">
            <NativeSelect
              label={t('staff.filterFaculty')}
              value={faculty}
              data={[
                { value: '', label: t('staff.allFaculties') },
                ...(faculties.data ?? []).map((f) => ({ value: String(f.id), label: localizedName(f) })),
              ]}
              onChange={(e) => setFaculty(e.currentTarget.value)}
            />
            <Anchor href={`/api/staff/questionnaires/export.xlsx?id=${id}`} download size="sm">
              {t('staff.export')}
            </Anchor>
          </Group>
          <QueryView query={results}>{(data) => <SurveyResultsView results={data} headingLevel={3} />}</QueryView>
        </Stack>
      )}
    </Modal>
  );
}
