import { useTranslation } from 'react-i18next';
import type { NamespaceWith } from '../../lib/catalogues';
import { acceptedUploads, type FileSizeNamespace, useFileSizeText } from '../../lib/upload-check';
import { FileDropZone } from './file-drop-zone';

/** The catalogues with the texts of a one-file field under `form.*` (and the size units). */
export type UploadFileFieldNamespace = FileSizeNamespace &
  NamespaceWith<{
    form: {
      file: string;
      filePrompt: string;
      choose: string;
      removeFile: string;
      fileHint: string;
      fileHintNoLimit: string;
    };
  }>;

interface Props {
  /** The catalogue of the form's texts. */
  ns: UploadFileFieldNamespace;
  /** config.json's limit of one file, for the hint. Unknown: not shown. */
  maxUploadMb: number | undefined;
  file: File | null;
  /** Called with the file dropped or picked; check it with `useUploadCheck`. */
  onPick: (file: File) => void;
  onClear: () => void;
  error?: string;
  disabled?: boolean;
}

/** The required file of a study material or a book: the drop zone with the accepted types and the size limit. */
export function UploadFileField({ ns, maxUploadMb, file, onPick, onClear, error, disabled }: Props) {
  const { t } = useTranslation(ns);
  const sizeText = useFileSizeText(ns);
  return (
    <FileDropZone
      required
      file={file}
      onPick={onPick}
      onClear={onClear}
      accept={acceptedUploads}
      describeSize={sizeText}
      error={error}
      disabled={disabled}
      labels={{
        label: t('form.file'),
        prompt: t('form.filePrompt'),
        choose: t('form.choose'),
        remove: t('form.removeFile'),
        hint: maxUploadMb === undefined ? t('form.fileHintNoLimit') : t('form.fileHint', { mb: maxUploadMb }),
      }}
    />
  );
}
