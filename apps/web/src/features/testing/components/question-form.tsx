import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/NumberInput.css';
import {
  ActionIcon,
  Alert,
  Autocomplete,
  Button,
  Checkbox,
  FileButton,
  Group,
  Modal,
  NativeSelect,
  NumberInput,
  Radio,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type BankQuestion, bankLimits, type QuestionKind, questionKinds } from '@okuu/contracts/testing/bank';
import { questionImageLimits } from '@okuu/contracts/testing/images';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { testingKeys } from '../api/keys';
import { saveQuestionImage, useSaveQuestion } from '../api/teaching';

interface Draft {
  id: number;
  topic: string;
  kind: QuestionKind;
  text: string;
  points: number;
  options: string[];
  correct: number[];
  accepted: string;
  value: string;
  tolerance: string;
  pairs: { left: string; right: string }[];
}

const empty: Draft = {
  id: -1,
  topic: '',
  kind: 'single',
  text: '',
  points: 1,
  options: ['', ''],
  correct: [0],
  accepted: '',
  value: '',
  tolerance: '0',
  pairs: [
    { left: '', right: '' },
    { left: '', right: '' },
  ],
};

function draftOf(q: BankQuestion | null, topic: string): Draft {
  if (!q) return { ...empty, topic };
  return {
    id: q.id,
    topic: q.topic,
    kind: q.kind,
    text: q.text,
    points: q.points,
    options: q.options.length ? q.options : empty.options,
    correct: q.correct,
    accepted: q.accepted.join('\n'),
    value: q.value === null ? '' : String(q.value),
    tolerance: q.tolerance === null ? '0' : String(q.tolerance),
    pairs: q.pairs.length ? q.pairs : empty.pairs,
  };
}

const num = (text: string) => Number(text.trim().replace(',', '.'));

/** Adds or changes a question of the bank: its topic, kind, text, points and the answers its kind takes. */
export function QuestionForm({
  discipline,
  topics,
  question,
  opened,
  onClose,
}: {
  discipline: number;
  topics: string[];
  /** The question changed; null for a new one. */
  question: BankQuestion | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('testing');
  const [draft, setDraft] = useState<Draft>(() => draftOf(question, topics[0] ?? ''));
  const save = useSaveQuestion();
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const choice = draft.kind === 'single' || draft.kind === 'multiple';

  // The image: a file chosen (sent once the question is saved), its alt text, or the current one taken away.
  const client = useQueryClient();
  const [imageFile, setImageFile] = useState<File | null>(null);
  const [alt, setAlt] = useState(question?.image?.alt ?? '');
  const [removeImage, setRemoveImage] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [imageBusy, setImageBusy] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!imageFile) return setPreview(null);
    const url = URL.createObjectURL(imageFile);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [imageFile]);
  const shownImage = removeImage ? null : (preview ?? question?.image?.url ?? null);
  const pickImage = (file: File | null) => {
    setImageError(null);
    if (file && file.size > questionImageLimits.maxMb * 1024 * 1024) {
      setImageError(t('image.tooLarge', { max: questionImageLimits.maxMb }));
      return;
    }
    setImageFile(file);
    setRemoveImage(false);
  };
  const imageChanged =
    imageFile !== null || (removeImage && question?.image) || (question?.image && alt.trim() !== question.image.alt);

  const submit = () => {
    if (shownImage && alt.trim() === '') {
      setImageError(t('image.altRequired'));
      return;
    }
    save.mutate(
      {
        id: draft.id,
        id_discipline: discipline,
        topic: draft.topic,
        kind: draft.kind,
        text: draft.text,
        points: draft.points,
        options: choice ? draft.options : [],
        correct: choice ? draft.correct : [],
        accepted:
          draft.kind === 'text'
            ? draft.accepted
                .split('\n')
                .map((a) => a.trim())
                .filter(Boolean)
            : [],
        ...(draft.kind === 'number' && draft.value.trim() !== '' ? { value: num(draft.value) } : {}),
        tolerance: draft.kind === 'number' && draft.tolerance.trim() !== '' ? num(draft.tolerance) : 0,
        pairs: draft.kind === 'matching' ? draft.pairs : [],
      },
      {
        onSuccess: async (saved) => {
          // A retry after a failed image changes the question just made, not a new one.
          set({ id: saved.id });
          if (!imageChanged) return onClose();
          setImageBusy(true);
          setImageError(null);
          try {
            await saveQuestionImage(saved.id, { file: imageFile, alt: alt.trim(), remove: removeImage });
            await client.invalidateQueries({ queryKey: testingKeys.all });
            onClose();
          } catch (e) {
            setImageError(errorMessage(e));
          } finally {
            setImageBusy(false);
          }
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={question ? t('bank.editHeading') : t('bank.newHeading')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <Stack gap="sm">
          <Group grow align="flex-start">
            <Autocomplete
              label={t('bank.topic')}
              data={topics}
              value={draft.topic}
              onChange={(topic) => set({ topic })}
              maxLength={100}
            />
            <NativeSelect
              label={t('bank.kind')}
              value={draft.kind}
              disabled={question !== null && question.used > 0}
              description={question !== null && question.used > 0 ? t('bank.kindKept') : undefined}
              data={questionKinds.map((k) => ({ value: k, label: t(`kinds.${k}`) }))}
              onChange={(e) => {
                const kind = e.currentTarget.value as QuestionKind;
                set({ kind, correct: kind === 'single' ? draft.correct.slice(0, 1) : draft.correct });
              }}
            />
          </Group>
          <Textarea
            label={t('bank.text')}
            required
            autosize
            minRows={2}
            maxLength={bankLimits.text}
            value={draft.text}
            onChange={(e) => set({ text: e.currentTarget.value })}
            data-autofocus
          />
          <NumberInput
            label={t('bank.points')}
            min={1}
            max={bankLimits.points}
            allowDecimal={false}
            value={draft.points}
            onChange={(v) => set({ points: typeof v === 'number' ? v : 1 })}
            maw={160}
          />

          {choice && (
            <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" size="sm" fw={500}>
                {draft.kind === 'single' ? t('bank.optionsSingle') : t('bank.optionsMultiple')}
              </Text>
              {draft.options.map((option, i) => {
                const correct = draft.correct.includes(i);
                const mark =
                  draft.kind === 'single' ? (
                    <Radio
                      checked={correct}
                      onChange={() => set({ correct: [i] })}
                      aria-label={t('bank.correctOption', { n: i + 1 })}
                      name="correct"
                    />
                  ) : (
                    <Checkbox
                      checked={correct}
                      onChange={(e) =>
                        set({
                          correct: e.currentTarget.checked
                            ? [...draft.correct, i]
                            : draft.correct.filter((c) => c !== i),
                        })
                      }
                      aria-label={t('bank.correctOption', { n: i + 1 })}
                    />
                  );
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the options are edited in place, by position.
                  <Group key={i} gap="xs" wrap="nowrap">
                    {mark}
                    <TextInput
                      style={{ flex: 1 }}
                      aria-label={t('bank.option', { n: i + 1 })}
                      value={option}
                      maxLength={bankLimits.option}
                      onChange={(e) => {
                        const options = [...draft.options];
                        options[i] = e.currentTarget.value;
                        set({ options });
                      }}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('bank.removeOption', { n: i + 1 })}
                      disabled={draft.options.length <= 2}
                      onClick={() =>
                        set({
                          options: draft.options.filter((_, j) => j !== i),
                          correct: draft.correct.filter((c) => c !== i).map((c) => (c > i ? c - 1 : c)),
                        })
                      }
                    >
                      ×
                    </ActionIcon>
                  </Group>
                );
              })}
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  disabled={draft.options.length >= bankLimits.options}
                  onClick={() => set({ options: [...draft.options, ''] })}
                >
                  {t('bank.addOption')}
                </Button>
              </Group>
            </Stack>
          )}

          {draft.kind === 'text' && (
            <Textarea
              label={t('bank.accepted')}
              description={t('bank.acceptedHint')}
              autosize
              minRows={2}
              value={draft.accepted}
              onChange={(e) => set({ accepted: e.currentTarget.value })}
            />
          )}

          {draft.kind === 'number' && (
            <Group grow align="flex-start">
              <TextInput
                label={t('bank.value')}
                inputMode="decimal"
                value={draft.value}
                onChange={(e) => set({ value: e.currentTarget.value })}
              />
              <TextInput
                label={t('bank.tolerance')}
                inputMode="decimal"
                value={draft.tolerance}
                onChange={(e) => set({ tolerance: e.currentTarget.value })}
              />
            </Group>
          )}

          {draft.kind === 'matching' && (
            <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
              <Text component="legend" size="sm" fw={500}>
                {t('bank.pairs')}
              </Text>
              {draft.pairs.map((pair, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows are edited in place, by position.
                <Group key={i} gap="xs" wrap="nowrap">
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={t('bank.pairLeft', { n: i + 1 })}
                    value={pair.left}
                    onChange={(e) => {
                      const pairs = [...draft.pairs];
                      pairs[i] = { ...pair, left: e.currentTarget.value };
                      set({ pairs });
                    }}
                  />
                  <Text aria-hidden="true">→</Text>
                  <TextInput
                    style={{ flex: 1 }}
                    aria-label={t('bank.pairRight', { n: i + 1 })}
                    value={pair.right}
                    onChange={(e) => {
                      const pairs = [...draft.pairs];
                      pairs[i] = { ...pair, right: e.currentTarget.value };
                      set({ pairs });
                    }}
                  />
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={t('bank.removePair', { n: i + 1 })}
                    disabled={draft.pairs.length <= 2}
                    onClick={() => set({ pairs: draft.pairs.filter((_, j) => j !== i) })}
                  >
                    ×
                  </ActionIcon>
                </Group>
              ))}
              <Group>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  disabled={draft.pairs.length >= bankLimits.pairs}
                  onClick={() => set({ pairs: [...draft.pairs, { left: '', right: '' }] })}
                >
                  {t('bank.addPair')}
                </Button>
              </Group>
            </Stack>
          )}

          <Stack gap={6} component="fieldset" style={{ border: 0, padding: 0, margin: 0 }}>
            <Text component="legend" size="sm" fw={500}>
              {t('image.heading')}
            </Text>
            {shownImage && (
              <img
                src={shownImage}
                alt={alt || t('image.previewAlt')}
                style={{ display: 'block', maxWidth: '100%', maxHeight: 200, objectFit: 'contain' }}
                data-testid="question-image-preview"
              />
            )}
            <Group gap="xs">
              <FileButton onChange={pickImage} accept="image/png,image/jpeg,image/gif,image/webp">
                {(props) => (
                  <Button variant="default" size="compact-sm" {...props} data-testid="question-image-pick">
                    {shownImage ? t('image.replace') : t('image.choose')}
                  </Button>
                )}
              </FileButton>
              {shownImage && (
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  onClick={() => {
                    setImageFile(null);
                    setRemoveImage(true);
                  }}
                >
                  {t('image.remove')}
                </Button>
              )}
            </Group>
            <Text size="xs" c="dimmed">
              {imageFile ? `${imageFile.name} · ` : ''}
              {t('image.limits', { max: questionImageLimits.maxMb })}
            </Text>
            {shownImage && (
              <TextInput
                label={t('image.alt')}
                description={t('image.altHint')}
                required
                maxLength={questionImageLimits.alt}
                value={alt}
                onChange={(e) => setAlt(e.currentTarget.value)}
              />
            )}
            {imageError && (
              <Alert color="red" role="alert">
                {imageError}
              </Alert>
            )}
          </Stack>

          {save.isError && (
            <Alert color="red" role="alert">
              {errorMessage(save.error)}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending || imageBusy}>
              {t('bank.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
