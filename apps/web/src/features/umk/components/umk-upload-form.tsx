// Mantine's styles of the components used only here (app/styles.ts holds the shell's): loaded with this chunk.
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Radio.css';
import { Checkbox, Group, NativeSelect, Radio, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { type UmkAudience, umkAudiences, umkLimits } from '@okuu/contracts/umk/material';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isPageCount, PageCountInput } from '../../../components/ui/page-count-input';
import { UploadFileField } from '../../../components/ui/upload-file-field';
import { UploadSubmit } from '../../../components/ui/upload-submit';
import { type FieldErrors, validate } from '../../../lib/form';
import { localizedName } from '../../../lib/localized';
import { BLANK_ID, withBlank } from '../../../lib/selection';
import { toast } from '../../../lib/toast';
import { useUploadCheck } from '../../../lib/upload-check';
import { useFormValues } from '../../../lib/use-form-values';
import { useUpload } from '../../../lib/use-upload';
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
  const { values, setValues, errors, setErrors, set, offer } = useFormValues(empty);
  const upload = useUpload();
  const fileError = useUploadCheck('umk', maxUploadMb);
  const types = useUmkTypes();
  const disciplines = useUmkDisciplines('teacher', BLANK_ID, 'mine');
  const semesters = useUmkSemesters('teacher');
  const examTypes = useUmkExamTypes('teacher');
  const bookCategories = useUmkBookCategories(values.isLibrary);
  const busy = save.isPending;

  function check(): FieldErrors<Values> {
    const chosen = (id: number) => (id === BLANK_ID ? t('form.selectRequired') : null);
    return validate(values, {
      file: (file) => (file === null ? t('form.fileRequired') : (fileError(file) ?? null)),
      title: (title) => (title.trim() === '' ? t('form.titleRequired') : null),
      totalPages: (pages) => (isPageCount(pages) ? null : t('form.pagesInvalid')),
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
        ...upload.start(),
      },
      upload.outcome({
        onSuccess: () => {
          toast(t('form.success', { name: title }));
          // The next material is often for the same discipline: the choices stay, the texts and the file go.
          setValues((current) => ({ ...current, title: '', author: '', totalPages: '', annotation: '', file: null }));
          setErrors({});
        },
        failure: (reason) => t('form.failure', { reason }),
      }),
    );
  }

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
        <UploadFileField
          ns="umk"
          maxUploadMb={maxUploadMb}
          file={values.file}
          onPick={(file) => offer('file', file, fileError(file))}
          onClear={() => set('file', null)}
          error={errors.file}
          disabled={busy}
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
          <PageCountInput
            label={t('form.totalPages')}
            value={values.totalPages}
            onChange={(value) => set('totalPages', value)}
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

        <UploadSubmit ns="umk" progress={upload.progress} onCancel={upload.cancel} busy={busy} />
      </Stack>
    </form>
  );
}
