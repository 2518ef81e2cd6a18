import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NamespaceWith } from '../../lib/catalogues';
import { FilePreviewModal } from './file-preview-modal';
import { DownloadIcon } from './icons';

/** A stored file as the API describes it: its download address and, for a PDF, its inline address. */
export interface StoredFile {
  name: string;
  url: string;
  previewUrl: string | null;
}

export interface FileActionsLabels {
  preview: string;
  /** The preview button's accessible name ("Просмотреть «…»"). */
  previewLabel: string;
  download: string;
  /** The download link's accessible name. */
  downloadLabel: string;
}

interface FileActionsProps {
  file: StoredFile;
  onPreview: () => void;
  labels: FileActionsLabels;
}

/** A card's file buttons: preview (only for a file the browser can show) and download. */
export function FileActions({ file, onPreview, labels }: FileActionsProps) {
  return (
    <>
      {file.previewUrl && (
        <Button variant="default" size="sm" onClick={onPreview} aria-label={labels.previewLabel}>
          {labels.preview}
        </Button>
      )}
      <Button
        component="a"
        href={file.url}
        download={file.name}
        size="sm"
        variant="light"
        leftSection={<DownloadIcon size={18} />}
        aria-label={labels.downloadLabel}
      >
        {labels.download}
      </Button>
    </>
  );
}

/** The catalogues with the preview dialog's texts under `preview.*`. */
export type FilePreviewNamespace = NamespaceWith<{
  preview: { frame: string; close: string; download: string; openInTab: string };
}>;

interface FilePreviewProps {
  /** The catalogue of the dialog's texts. */
  ns: FilePreviewNamespace;
  /** The file shown (null or undefined: closed). */
  file: StoredFile | null | undefined;
  /** The dialog's title: the book's or the material's name. */
  title: string;
  onClose: () => void;
}

/** The preview dialog of a list's files, with the texts of the caller's catalogue. */
export function FilePreview({ ns, file, title, onClose }: FilePreviewProps) {
  const { t } = useTranslation(ns);
  return (
    <FilePreviewModal
      previewUrl={file?.previewUrl ?? null}
      downloadUrl={file?.url ?? ''}
      fileName={file?.name ?? ''}
      onClose={onClose}
      labels={{
        title,
        frame: t('preview.frame', { name: file?.name ?? '' }),
        close: t('preview.close'),
        download: t('preview.download'),
        openInTab: t('preview.openInTab'),
      }}
    />
  );
}
