import '@mantine/core/styles/Progress.css';
import { Button, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NamespaceWith } from '../../lib/catalogues';

/** The catalogues with an upload form's texts under `form.*`. */
export type UploadSubmitNamespace = NamespaceWith<{
  form: {
    progress: string;
    processing: string;
    cancelUpload: string;
    progressLabel: string;
    submit: string;
    submitting: string;
  };
}>;

interface Props {
  /** The catalogue of the form's texts. */
  ns: UploadSubmitNamespace;
  /** The upload's percent; null while nothing is being sent. */
  progress: number | null;
  onCancel: () => void;
  busy: boolean;
}

/**
 * The end of an upload form: while the files go out, the percent (then 'saving') with a cancel button and a progress
 * bar; and the submit button.
 */
export function UploadSubmit({ ns, progress, onCancel, busy }: Props) {
  const { t } = useTranslation(ns);
  return (
    <>
      {progress !== null && (
        <Stack gap={4}>
          <Group justify="space-between" gap="xs">
            <Text size="sm">{progress < 100 ? t('form.progress', { percent: progress }) : t('form.processing')}</Text>
            {progress < 100 && (
              <Button variant="subtle" size="compact-sm" onClick={onCancel}>
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
    </>
  );
}
