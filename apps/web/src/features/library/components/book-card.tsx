import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { EBook } from '@okuu/contracts/library/book';
import { useTranslation } from 'react-i18next';
import { FileActions } from '../../../components/ui/file-actions';
import { FileIcon } from '../../../components/ui/file-icon';
import { fileKindOf } from '../../../lib/files';
import { DeleteBookButton } from './delete-book-button';

interface Props {
  book: EBook;
  /** The subcategory's name in the interface language ('' when unknown). */
  categoryName: string;
  onPreview: (book: EBook) => void;
}

/** A book: title, author, description, subcategory and pages; preview (PDF), download and, when allowed, delete. */
export function BookCard({ book, categoryName, onPreview }: Props) {
  const { t } = useTranslation('library');
  const headingId = `book-${book.id_eBook}-name`;
  const file = book.file;

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Group align="flex-start" wrap="nowrap" gap="md">
        <FileIcon kind={fileKindOf(file?.name ?? '')} size={40} />
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Text component="h3" fw={600} size="md" lh={1.3} id={headingId} style={{ overflowWrap: 'anywhere' }}>
            {book.name}
          </Text>
          <Text size="sm" c={book.author ? undefined : 'dimmed'}>
            {book.author || t('book.noAuthor')}
          </Text>
          {book.description && (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {book.description}
            </Text>
          )}
          <Group gap={6} mt={4}>
            {categoryName && (
              <Badge variant="light" color="okuu" radius="sm" tt="none">
                {categoryName}
              </Badge>
            )}
            {book.totalPages > 0 && (
              <Badge variant="default" radius="sm" tt="none">
                {t('book.pages', { count: book.totalPages })}
              </Badge>
            )}
            {book.isFromUmk && (
              <Badge variant="filled" color="teal.9" radius="sm" tt="none">
                {t('book.fromUmk')}
              </Badge>
            )}
          </Group>
        </Stack>
        {book.canDelete && <DeleteBookButton book={book} />}
      </Group>
      <Group justify="flex-end" gap="xs" mt="sm">
        {file ? (
          <FileActions
            file={file}
            onPreview={() => onPreview(book)}
            labels={{
              preview: t('book.preview'),
              previewLabel: t('book.previewLabel', { name: book.name }),
              download: t('book.download'),
              downloadLabel: t('book.downloadLabel', { name: book.name }),
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            {t('book.noFile')}
          </Text>
        )}
      </Group>
    </Paper>
  );
}
