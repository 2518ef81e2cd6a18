import { Button } from '@mantine/core';
import { FileIcon } from '../../../components/ui/file-icon';
import { fileKindOf, truncateName } from '../../../lib/files';
import type { AttachmentView } from './news-item-parts';

/** An attachment as a download button: an icon by extension and the name cut to 20 characters (in full on hover). */
export function AttachmentLink({ attachment }: { attachment: AttachmentView }) {
  const { name, url } = attachment;
  return (
    <Button
      component="a"
      href={url}
      download={name}
      variant="default"
      size="sm"
      h="auto"
      py={6}
      pl={8}
      leftSection={<FileIcon kind={fileKindOf(name)} size={26} />}
      title={name}
      aria-label={name}
      styles={{ label: { fontWeight: 500 } }}
    >
      {truncateName(name)}
    </Button>
  );
}
