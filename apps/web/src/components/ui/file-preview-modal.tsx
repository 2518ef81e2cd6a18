import '@mantine/core/styles/Modal.css';
import { Button, Group, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { DownloadIcon } from './icons';

export interface FilePreviewLabels {
  /** The dialog's title (the file's or the book's name). */
  title: string;
  /** The accessible name of the framed document. */
  frame: string;
  close: string;
  download: string;
  openInTab: string;
}

interface Props {
  /** The inline address of the PDF (null: closed). */
  previewUrl: string | null;
  /** The download address of the same file. */
  downloadUrl: string;
  fileName: string;
  labels: FilePreviewLabels;
  onClose: () => void;
}

/**
 * A PDF shown in the browser: the server sends it inline (it may be framed by the portal's own pages), the browser's
 * viewer draws it. Full screen on narrow windows, with download and open-in-a-new-tab links.
 */
export function FilePreviewModal({ previewUrl, downloadUrl, fileName, labels, onClose }: Props) {
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={previewUrl !== null}
      onClose={onClose}
      title={labels.title}
      size="xl"
      fullScreen={narrow}
      closeButtonProps={{ 'aria-label': labels.close }}
      styles={{ title: { fontWeight: 600, overflowWrap: 'anywhere' } }}
    >
      {previewUrl && (
        <>
          <iframe
            src={previewUrl}
            title={labels.frame}
            style={{
              width: '100%',
              height: narrow ? 'calc(100dvh - 150px)' : '72vh',
              border: '1px solid var(--mantine-color-default-border)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'var(--mantine-color-gray-2)',
            }}
          />
          <Group justify="flex-end" gap="sm" mt="sm">
            <Button component="a" href={previewUrl} target="_blank" rel="noopener" variant="default">
              {labels.openInTab}
            </Button>
            <Button component="a" href={downloadUrl} download={fileName} leftSection={<DownloadIcon size={18} />}>
              {labels.download}
            </Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
