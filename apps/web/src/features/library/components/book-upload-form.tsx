// Mantine's styles of the components used only here (app/styles.ts holds the shell's): loaded with this chunk.
import '@mantine/core/styles/NumberInput.css';
import {
  Button,
  Group,
  NativeSelect,
  NumberInput,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { libraryLimits } from '@okuu/contracts/library/book';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { fileSizeParts } from '../../../lib/files';
import { type FieldErrors, validate } from '../../../lib/form';
import { localizedName } from '../../../lib/localized';
import { BLANK_ID, choose, withBlank } from '../../../lib/selection';
import { toast } from '../../../lib/toast';
import { acceptedUploads, uploadProblem } from '../../../lib/upload-check';
import { useBaseCategories, useCategories } from '../api/get-categories';
import { NEW_BOOK_ID, useSaveBook } from '../api/save-book';

interface Props {
  /** config.json's limit of one file; a bigger file is refused before anything is sent. Unknown: not checked. */
  maxUploadMb: number | undefined;
}

interface Values {
  name: string;
  author: string;
  description: string;
  totalPages: string;
  category: number;
  file: File | null;
}

const empty: Values = { name: '', author: '', description: '', totalPages: '', category: BLANK_ID, file: null };

/**
 * Adding a book (teachers and staff): category and subcategory, title, author, description, pages and the file,
 * dropped or picked, with a real upload progress bar. The file's type and size are checked at once.
 */
export function BookUploadForm({ maxUploadMb }: Props) {
  const { t } = useTranslation('library');
  const save = useSaveBook();
  const [values, setValues] = useState<Values>(empty);
  const [baseCategory, setBaseCategory] = useState(BLANK_ID);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const baseCategories = useBaseCategories();
  const subcategories = useCategories(baseCategory);
  const busy = save.isPending;

  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function fileError(file: File): string | undefined {
    const problem = uploadProblem(file, maxUploadMb);
    if (problem === 'tooBig') return t('form.tooBig', { name: file.name, mb: maxUploadMb });
    if (problem === 'unsupportedType') return t('form.unsupportedType', { name: file.name });
    return undefined;
  }

  function pickFile(file: File) {
    const error = fileError(file);
    setValues((current) => ({ ...current, file: error ? current.file : file }));
    setErrors((current) => ({ ...current, file: error }));
  }

  function check(): FieldErrors<Values> {
    return validate(values, {
      name: (name) => (name.trim() === '' ? t('form.nameRequired') : null),
      category: (category) => (category === BLANK_ID ? t('form.categoryRequired') : null),
      totalPages: (pages) =>
        pages === '' || (/^\d{1,6}$/.test(pages) && Number(pages) <= 100_000) ? null : t('form.pagesInvalid'),
      file: (file) => (file === null ? t('form.fileRequired') : (fileError(file) ?? null)),
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;

    const controller = new AbortController();
    upload.current = controller;
    setProgress(0);
    const name = values.name.trim();
    save.mutate(
      {
        draft: {
          id: NEW_BOOK_ID,
          name,
          author: values.author.trim(),
          description: values.description.trim(),
          totalPages: values.totalPages,
          categoryId: values.category,
          file: values.file,
        },
        onProgress: ({ percent }) => setProgress(percent),
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          toast(t('form.success', { name }));
          setValues({ ...empty, category: values.category });
          setErrors({});
        },
        onError: (error) => {
          if (error instanceof ApiError && error.category === 'CANCEL_ERROR') return;
          toast(t('form.failure', { reason: errorMessage(error) }), 'error');
        },
        onSettled: () => {
          setProgress(null);
          upload.current = null;
        },
      },
    );
  }

  const sizeText = (bytes: number) => {
    const { value, unit } = fileSizeParts(bytes);
    return t(`size.${unit}`, { value });
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('form.heading')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label={t('form.baseCategory')}
            data={withBlank(
              (baseCategories.data ?? []).map((c) => ({
                value: String(c.id_baseBookCategory),
                label: localizedName(c),
              })),
            )}
            value={String(baseCategory)}
            onChange={(event) => {
              const next = choose(
                { baseCategory, category: values.category },
                'baseCategory',
                Number(event.currentTarget.value),
              );
              setBaseCategory(next.baseCategory);
              set('category', next.category);
            }}
            disabled={busy}
          />
          <NativeSelect
            label={t('form.category')}
            required
            data={withBlank(
              (subcategories.data ?? []).map((c) => ({ value: String(c.id_bookCategory), label: localizedName(c) })),
            )}
            value={String(values.category)}
            onChange={(event) => set('category', Number(event.currentTarget.value))}
            error={errors.category}
            disabled={busy}
          />
        </SimpleGrid>
        <TextInput
          label={t('form.name')}
          required
          value={values.name}
          maxLength={libraryLimits.nameMax}
          onChange={(event) => set('name', event.currentTarget.value)}
          error={errors.name}
          readOnly={busy}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('form.author')}
            value={values.author}
            maxLength={libraryLimits.authorMax}
            onChange={(event) => set('author', event.currentTarget.value)}
            readOnly={busy}
          />
          <NumberInput
            label={t('form.totalPages')}
            value={values.totalPages}
            onChange={(value) => set('totalPages', String(value))}
            min={0}
            max={100_000}
            allowDecimal={false}
            allowNegative={false}
            error={errors.totalPages}
            readOnly={busy}
          />
        </SimpleGrid>
        <Textarea
          label={t('form.description')}
          value={values.description}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={libraryLimits.descriptionMax}
          onChange={(event) => set('description', event.currentTarget.value)}
          readOnly={busy}
        />
        <FileDropZone
          required
          file={values.file}
          onPick={pickFile}
          onClear={() => set('file', null)}
          accept={acceptedUploads}
          describeSize={sizeText}
          error={errors.file}
          disabled={busy}
          labels={{
            label: t('form.file'),
            prompt: t('form.filePrompt'),
            choose: t('form.choose'),
            remove: t('form.removeFile'),
            hint: maxUploadMb === undefined ? t('form.fileHintNoLimit') : t('form.fileHint', { mb: maxUploadMb }),
          }}
        />

        {progress !== null && (
          <Stack gap={4}>
            <Group justify="space-between" gap="xs">
              <Text size="sm">{progress < 100 ? t('form.progress', { percent: progress }) : t('form.processing')}</Text>
              {progress < 100 && (
                <Button variant="subtle" size="compact-sm" onClick={() => upload.current?.abort()}>
                  {t('form.cancelUpload')}
                </Button>
              )}
            </Group>
            <Progress
              value={progress}
              aria-label={t('form.progressLabel')}
              size="lg"
              striped={progress >= 100}
              animated={progress >= 100}
            />
          </Stack>
        )}

        <Button type="submit" disabled={busy} style={{ alignSelf: 'flex-start' }}>
          {busy ? t('form.submitting') : t('form.submit')}
        </Button>
      </Stack>
    </form>
  );
}
