// Mantine's styles of the components used only here (app/styles.ts holds the shell's): loaded with this chunk.
import { NativeSelect, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { libraryLimits } from '@okuu/contracts/library/book';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isPageCount, PageCountInput } from '../../../components/ui/page-count-input';
import { UploadFileField } from '../../../components/ui/upload-file-field';
import { UploadSubmit } from '../../../components/ui/upload-submit';
import { type FieldErrors, validate } from '../../../lib/form';
import { localizedName } from '../../../lib/localized';
import { BLANK_ID, choose, withBlank } from '../../../lib/selection';
import { toast } from '../../../lib/toast';
import { useUploadCheck } from '../../../lib/upload-check';
import { useFormValues } from '../../../lib/use-form-values';
import { useUpload } from '../../../lib/use-upload';
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
  const { values, setValues, errors, setErrors, set, offer } = useFormValues(empty);
  const [baseCategory, setBaseCategory] = useState(BLANK_ID);
  const upload = useUpload();
  const fileError = useUploadCheck('library', maxUploadMb);
  const baseCategories = useBaseCategories();
  const subcategories = useCategories(baseCategory);
  const busy = save.isPending;

  function check(): FieldErrors<Values> {
    return validate(values, {
      name: (name) => (name.trim() === '' ? t('form.nameRequired') : null),
      category: (category) => (category === BLANK_ID ? t('form.categoryRequired') : null),
      totalPages: (pages) => (isPageCount(pages) ? null : t('form.pagesInvalid')),
      file: (file) => (file === null ? t('form.fileRequired') : (fileError(file) ?? null)),
    });
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;

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
        ...upload.start(),
      },
      upload.outcome({
        onSuccess: () => {
          toast(t('form.success', { name }));
          setValues({ ...empty, category: values.category });
          setErrors({});
        },
        failure: (reason) => t('form.failure', { reason }),
      }),
    );
  }

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
          <PageCountInput
            label={t('form.totalPages')}
            value={values.totalPages}
            onChange={(value) => set('totalPages', value)}
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
        <UploadFileField
          ns="library"
          maxUploadMb={maxUploadMb}
          file={values.file}
          onPick={(file) => offer('file', file, fileError(file))}
          onClear={() => set('file', null)}
          error={errors.file}
          disabled={busy}
        />

        <UploadSubmit ns="library" progress={upload.progress} onCancel={upload.cancel} busy={busy} />
      </Stack>
    </form>
  );
}
