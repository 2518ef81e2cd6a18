import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import {
  Button,
  CloseButton,
  FileButton,
  Group,
  Input,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { type NewsAudience, newsAudiences, newsLimits } from '@okuu/contracts/news/news-item';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/ui/file-icon';
import { PaperclipIcon } from '../../../components/ui/icons';
import { UploadSubmit } from '../../../components/ui/upload-submit';
import { fileKindOf, oversizedFiles } from '../../../lib/files';
import { toast } from '../../../lib/toast';
import { useFileSizeText } from '../../../lib/upload-check';
import { useUpload } from '../../../lib/use-upload';
import { usePostNews } from '../api/post-news';

export interface FacultyOption {
  value: string;
  label: string;
}

interface Props {
  /** The faculties an item can be addressed to (value: the faculty id). */
  faculties: FacultyOption[];
  /** config.json's limit of one file; files above it are refused before anything is sent. Unknown: not checked. */
  maxUploadMb: number | undefined;
}

type Errors = { text?: string; files?: string };

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * The post form of users with the news permission: text, audience (all, teachers, students), faculties (none: every
 * faculty) and files, with a real upload progress bar. Files over the upload limit are refused at once, with the
 * 'file too big' message; the feed shows the new item on success.
 */
export function NewsPostForm({ faculties, maxUploadMb }: Props) {
  const { t } = useTranslation('news');
  const post = usePostNews();
  const [text, setText] = useState('');
  const [audience, setAudience] = useState<NewsAudience>('all');
  const [facultyIds, setFacultyIds] = useState<string[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  const upload = useUpload();
  const sizeText = useFileSizeText('news');
  const resetFileInput = useRef<() => void>(null);
  const filesLabelId = useId();
  const filesHintId = useId();
  const busy = post.isPending;

  const tooBigMessage = (tooBig: File[]) =>
    t('form.tooBig', { name: tooBig.map((file) => file.name).join(', '), mb: maxUploadMb });

  function addFiles(picked: File[]) {
    resetFileInput.current?.();
    const tooBig = maxUploadMb === undefined ? [] : oversizedFiles(picked, maxUploadMb);
    const fresh = picked.filter((file) => !tooBig.includes(file) && !files.some((kept) => sameFile(kept, file)));
    let next = [...files, ...fresh];
    let error = tooBig.length > 0 ? tooBigMessage(tooBig) : undefined;
    if (next.length > newsLimits.filesMax) {
      next = next.slice(0, newsLimits.filesMax);
      error = t('form.tooMany', { max: newsLimits.filesMax });
    }
    setFiles(next);
    setErrors((current) => ({ ...current, files: error, text: next.length > 0 ? undefined : current.text }));
  }

  function removeFile(file: File) {
    setFiles((current) => current.filter((kept) => kept !== file));
    setErrors((current) => ({ ...current, files: undefined }));
  }

  function check(): Errors {
    const found: Errors = {};
    const trimmed = text.trim();
    if (trimmed === '' && files.length === 0) found.text = t('form.required');
    else if (trimmed.length > newsLimits.textMax) found.text = t('form.textTooLong', { max: newsLimits.textMax });
    const tooBig = maxUploadMb === undefined ? [] : oversizedFiles(files, maxUploadMb);
    if (tooBig.length > 0) found.files = tooBigMessage(tooBig);
    else if (files.length > newsLimits.filesMax) found.files = t('form.tooMany', { max: newsLimits.filesMax });
    return found;
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const found = check();
    setErrors(found);
    if (found.text || found.files) return;

    post.mutate(
      {
        draft: { text: text.trim(), audience, faculties: facultyIds.map(Number), files },
        ...upload.start(),
      },
      upload.outcome({
        onSuccess: () => {
          toast(t('form.success'));
          setText('');
          setAudience('all');
          setFacultyIds([]);
          setFiles([]);
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
        <Textarea
          name="text"
          label={t('form.text')}
          placeholder={t('form.textPlaceholder')}
          autosize
          minRows={3}
          maxRows={12}
          maxLength={newsLimits.textMax}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            if (errors.text) setErrors((current) => ({ ...current, text: undefined }));
          }}
          error={errors.text}
          readOnly={busy}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Select
            name="audience"
            label={t('form.audience')}
            data={newsAudiences.map((value) => ({ value, label: t(`form.audienceOptions.${value}`) }))}
            value={audience}
            onChange={(value) => value && setAudience(value as NewsAudience)}
            allowDeselect={false}
            disabled={busy}
          />
          <MultiSelect
            name="faculties"
            label={t('form.faculties')}
            description={t('form.facultiesHint')}
            placeholder={facultyIds.length === 0 ? t('form.facultiesAll') : undefined}
            data={faculties}
            value={facultyIds}
            onChange={setFacultyIds}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t('form.facultiesAll') }}
            maxValues={newsLimits.facultiesMax}
            disabled={busy}
          />
        </SimpleGrid>

        <Stack gap={6} role="group" aria-labelledby={filesLabelId} aria-describedby={filesHintId}>
          <div>
            <Input.Label labelElement="div" id={filesLabelId}>
              {t('form.files')}
            </Input.Label>
            <Input.Description id={filesHintId}>
              {maxUploadMb === undefined
                ? t('form.tooMany', { max: newsLimits.filesMax })
                : t('form.filesHint', { max: newsLimits.filesMax, mb: maxUploadMb })}
            </Input.Description>
          </div>
          {files.length > 0 && (
            <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
              {files.map((file) => (
                <Group component="li" key={`${file.name}/${file.size}/${file.lastModified}`} gap="xs" wrap="nowrap">
                  <FileIcon kind={fileKindOf(file.name)} size={24} />
                  <Text size="sm" truncate="end" miw={0} style={{ flex: 1 }} title={file.name}>
                    {file.name}
                  </Text>
                  <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {sizeText(file.size)}
                  </Text>
                  <CloseButton
                    size="sm"
                    aria-label={t('form.removeFile', { name: file.name })}
                    onClick={() => removeFile(file)}
                    disabled={busy}
                  />
                </Group>
              ))}
            </Stack>
          )}
          <FileButton onChange={addFiles} multiple resetRef={resetFileInput} disabled={busy}>
            {(props) => (
              <Button
                {...props}
                variant="default"
                leftSection={<PaperclipIcon size={18} />}
                style={{ alignSelf: 'flex-start' }}
              >
                {t('form.attach')}
              </Button>
            )}
          </FileButton>
          {errors.files && (
            <Text size="sm" c="red" role="alert">
              {errors.files}
            </Text>
          )}
        </Stack>

        <UploadSubmit ns="news" progress={upload.progress} onCancel={upload.cancel} busy={busy} />
      </Stack>
    </form>
  );
}
