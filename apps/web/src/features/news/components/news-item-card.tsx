import { Avatar, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { NewsItem } from '@okuu/contracts/news/news-item';
import { useTranslation } from 'react-i18next';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { formatShortDate, formatTime, initials } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localizedName } from '../../../lib/localized';
import { AttachmentLink } from './attachment-link';
import { DeleteNewsButton } from './delete-news-button';
import { attachmentsOf, splitAuthor } from './news-item-parts';

const facultyName = { ru: 'name', kg: 'nameKg', en: 'nameEn' } as const;

/**
 * One news item: the author (name and position or group), date DD/MM/YY and time HH:mm, the text with its links,
 * the attachments, and for users who may delete it the delete icon.
 */
export function NewsItemCard({ item, canDelete }: { item: NewsItem; canDelete: boolean }) {
  const { t } = useTranslation('news');
  const author = splitAuthor(item['p23-1']);
  // A teacher's position in the reader's language; a student's group as the bar carries it.
  const title = item.author.position ? localizedName(item.author.position) : author.title;
  const attachments = attachmentsOf(item);
  const date = formatShortDate(item.created);
  const time = formatTime(item.created);
  const headingId = `news-${item.id_eventMessage}-author`;
  const language = currentLanguage();

  return (
    <Paper component="article" withBorder p="md" radius="md" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap" miw={0}>
            <Avatar color="okuu" radius="xl" aria-hidden="true">
              {initials(author.name)}
            </Avatar>
            <div style={{ minWidth: 0 }}>
              <Text component="h3" fw={600} size="md" lh={1.3} id={headingId}>
                {author.name}
              </Text>
              {title && (
                <Text size="sm" c="dimmed" lh={1.3}>
                  {title}
                </Text>
              )}
            </div>
          </Group>
          <Group gap={4} wrap="nowrap" align="flex-start">
            <Text
              component="time"
              dateTime={item.created}
              size="sm"
              c="dimmed"
              ta="right"
              lh={1.3}
              title={t('item.postedAt', { date, time })}
              style={{ whiteSpace: 'nowrap' }}
            >
              <span style={{ display: 'block' }}>{date}</span> <span style={{ display: 'block' }}>{time}</span>
            </Text>
            {canDelete && <DeleteNewsButton id={item.id_eventMessage} />}
          </Group>
        </Group>

        {(item.audience !== 'all' || item.faculties.length > 0) && (
          <Group gap={6}>
            {item.audience !== 'all' && (
              <Badge variant="light" color="okuu" radius="sm">
                {t(`item.audience.${item.audience}`)}
              </Badge>
            )}
            {item.faculties.map((faculty) => (
              <Badge key={faculty.id} variant="default" radius="sm" title={faculty[facultyName[language]]}>
                {faculty.shortName}
              </Badge>
            ))}
          </Group>
        )}

        {item.message && <LinkifiedText text={item.message} />}

        {attachments.length > 0 && (
          <Group component="ul" gap="xs" aria-label={t('item.attachments')} p={0} m={0} style={{ listStyle: 'none' }}>
            {attachments.map((attachment) => (
              <li key={attachment.name}>
                <AttachmentLink attachment={attachment} />
              </li>
            ))}
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
