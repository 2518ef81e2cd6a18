// Mantine's styles of the components used only here (app/styles.ts holds the shell's): loaded with this chunk.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/NumberInput.css';
import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  NumberInput,
  Progress,
  Radio,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type UmkAudience, umkAudiences, umkLimits } from '@okuu/contracts/umk/material';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDropZone } from '../../../components/ui/file-drop-zone';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { fileSizeParts } from '../../../lib/files';
import { type FieldErrors, validate } from '../../../lib/form';
import { localizedName } from '../../../lib/localized';
import { BLANK_ID, withBlank } from '../../../lib/selection';
import { toast } from '../../../lib/toast';
import { acceptedUploads, uploadProblem } from '../../../lib/upload-check';
import {
  useUmkBookCategories,
  useUmkDisciplines,
  useUmkExamTypes,
  useUmkSemesters,
  useUmkTypes,
} from '../api/get-umk-lists';
import { NEW_MATERIAL_ID, useSaveUmk } from '../api/save-umk';

interface Props {
  /** config.json's limit of one file; a bigger file is refused before anything is sent. Unknown: not checked. */
  maxUploadMb: number | undefined;
}

interface Values {
  title: string;
  author: string;
  totalPages: string;
  annotation: string;
  type: number;
  discipline: number;
  semester: number;
  examination: number;
  audience: UmkAudience;
  isLibrary: boolean;
  bookCategory: number;
  file: File | null;
}

const empty: Values = {
  title: '',
  author: '',
  totalPages: '',
  annotation: '',
  type: BLANK_ID,
  discipline: BLANK_ID,
  semester: BLANK_ID,
  examination: BLANK_ID,
  audience: 'all',
  isLibrary: false,
  bookCategory: BLANK_ID,
  file: null,
};

/**
 * A teacher's upload of a study material: the file (required: 'no training selected' otherwise), title, author,
 * pages, annotation, material type, discipline (one they teach), semester, examination type, audience, and the
 * 'available in e-library' flag with the library section. The file's type and size are checked at once; the upload
 * shows its real progress.
 */
export function UmkUploadForm({ maxUploadMb }: Props) {
  const { t } = useTranslation('umk');
  const save = useSaveUmk();
  const [values, setValues] = useState<Values>(empty);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  const types = useUmkTypes();
  const disciplines = useUmkDisciplines('teacher', BLANK_ID, 'mine');
  const semesters = useUmkSemesters('teacher');
  const examTypes = useUmkExamTypes('teacher');
  const bookCategories = useUmkBookCategories(values.isLibrary);
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
    const chosen = (id: number) => (id === BLANK_ID ? t('form.selectRequired') : null);
    return validate(values, {
      file: (file) => (file === null ? t('form.fileRequired') : (fileError(file) ?? null)),
      title: (title) => (title.trim() === '' ? t('form.titleRequired') : null),
      totalPages: (pages) =>
        pages === '' || (/^\d{1,6}$/.test(pages) && Number(pages) <= 100_000) ? null : t('form.pagesInvalid'),
      type: chosen,
      discipline: chosen,
      semester: chosen,
      examination: chosen,
      bookCategory: (category, all) =>
        all.isLibrary && category === BLANK_ID ? t('form.libraryCategoryRequired') : null,
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
    const title = values.title.trim();
    save.mutate(
      {
        draft: {
          id: NEW_MATERIAL_ID,
          title,
          author: values.author.trim(),
          totalPages: values.totalPages,
          annotation: values.annotation.trim(),
          typeId: values.type,
          disciplineId: values.discipline,
          semesterId: values.semester,
          examinationId: values.examination,
          audience: values.audience,
          isLibrary: values.isLibrary,
          bookCategoryId: values.bookCategory,
          file: values.file,
        },
        onProgress: ({ percent }) => setProgress(percent),
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          toast(t('form.success', { name: title }));
          // The next material is often for the same discipline: the choices stay, the texts and the file go.
          setValues((current) => ({ ...current, title: '', author: '', totalPages: '', annotation: '', file: null }));
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

  const options = <T,>(items: T[] | undefined, id: (item: T) => number, label: (item: T) => string) =>
    withBlank((items ?? []).map((item) => ({ value: String(id(item)), label: label(item) })));

  // The library sections, grouped by base category.
  const sections = new Map<string, { value: string; label: string }[]>();
  for (const category of bookCategories.data ?? []) {
    const base = localizedName({ name: category.baseName, nameKg: category.baseNameKg, nameEn: category.baseNameEn });
    sections.set(base, [
      ...(sections.get(base) ?? []),
      { value: String(category.id_bookCategory), label: localizedName(category) },
    ]);
  }
  const sectionOptions = [...withBlank([]), ...[...sections.entries()].map(([group, items]) => ({ group, items }))];

  const select = (
    field: 'type' | 'discipline' | 'semester' | 'examination',
    data: { value: string; label: string }[],
  ) => (
    <NativeSelect
      label={t(`form.${field}`)}
      required
      data={data}
      value={String(values[field])}
      onChange={(event) => set(field, Number(event.currentTarget.value))}
      error={errors[field]}
      disabled={busy}
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Title order={2} size="h4">
          {t('form.heading')}
        </Title>
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
        <TextInput
          label={t('form.title')}
          required
          value={values.title}
          maxLength={umkLimits.titleMax}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={errors.title}
          readOnly={busy}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label={t('form.author')}
            value={values.author}
            maxLength={umkLimits.authorMax}
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
          label={t('form.annotation')}
          value={values.annotation}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={umkLimits.annotationMax}
          onChange={(event) => set('annotation', event.currentTarget.value)}
          readOnly={busy}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {select(
            'discipline',
            options(disciplines.data, (d) => d.id_discipline, localizedName),
          )}
          {select(
            'semester',
            options(semesters.data, (s) => s.id_semester, localizedName),
          )}
          {select(
            'examination',
            options(examTypes.data, (e) => e.id_examination, localizedName),
          )}
          {select(
            'type',
            options(types.data, (k) => k.id_typeUmk, localizedName),
          )}
        </SimpleGrid>
        <Radio.Group
          label={t('form.audience')}
          value={values.audience}
          onChange={(value) => set('audience', value as UmkAudience)}
        >
          <Group gap="lg" mt={6}>
            {umkAudiences.map((audience) => (
              <Radio key={audience} value={audience} label={t(`form.audienceOptions.${audience}`)} disabled={busy} />
            ))}
          </Group>
        </Radio.Group>
        <Checkbox
          label={t('form.isLibrary')}
          description={t('form.isLibraryHint')}
          checked={values.isLibrary}
          onChange={(event) => set('isLibrary', event.currentTarget.checked)}
          disabled={busy}
        />
        {values.isLibrary && (
          <NativeSelect
            label={t('form.libraryCategory')}
            required
            data={sectionOptions}
            value={String(values.bookCategory)}
            onChange={(event) => set('bookCategory', Number(event.currentTarget.value))}
            error={errors.bookCategory}
            disabled={busy}
          />
        )}

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
