import '@mantine/core/styles/Modal.css';
import { Anchor, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { type ChatAttachment, type ChatMessage, chatRecipientTypes } from '@okuu/contracts/chat/message';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/ui/file-icon';
import { TicksIcon } from '../../../components/ui/icons';
import { LinkifiedText } from '../../../components/ui/linkified-text';
import { fileKindOf, fileSizeParts, truncateName } from '../../../lib/files';
import { formatShortDate, formatTime } from '../../../lib/format';
import classes from './chat.module.css';
import { DeleteMessageButton } from './delete-message-button';

function FileButton({ file }: { file: ChatAttachment }) {
  const { t } = useTranslation('chat');
  const { value, unit } = fileSizeParts(file.size);
  return (
    <Button
      component="a"
      href={file.url}
      download={file.name}
      variant="default"
      size="sm"
      h="auto"
      py={6}
      pl={8}
      leftSection={<FileIcon kind={fileKindOf(file.name)} size={26} />}
      title={`${file.name} (${t(`size.${unit}`, { value })})`}
      aria-label={file.name}
      styles={{ label: { fontWeight: 500 } }}
    >
      {truncateName(file.name)}
    </Button>
  );
}

/** A photo as a thumbnail; a click opens it full size. */
function PhotoThumb({ photo }: { photo: ChatAttachment }) {
  const { t } = useTranslation('chat');
  const [open, setOpen] = useState(false);
  return (
    <>
      <UnstyledButton
        className={classes.thumb}
        onClick={() => setOpen(true)}
        aria-label={t('message.openPhoto', { name: photo.name })}
        title={photo.name}
      >
        <img src={photo.url} alt={photo.name} loading="lazy" decoding="async" />
      </UnstyledButton>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={t('message.photoTitle', { name: photo.name })}
        size="auto"
        centered
        closeButtonProps={{ 'aria-label': t('message.closePhoto') }}
      >
        <Stack gap="sm">
          <img src={photo.url} alt={photo.name} className={classes.fullPhoto} />
          <Anchor href={photo.url} download={photo.name} size="sm" style={{ alignSelf: 'flex-end' }}>
            {t('message.download')}
          </Anchor>
        </Stack>
      </Modal>
    </>
  );
}

/**
 * One message: the sender (others' messages in group chats), the text with clickable links (never HTML), photos as thumbnails
 * that open full size, files as download buttons, the date and time, and for the caller's own messages the read
 * receipt and the delete icon.
 */
export function MessageItem({ message, showSender }: { message: ChatMessage; showSender: boolean }) {
  const { t } = useTranslation('chat');
  const date = formatShortDate(message.created);
  const time = formatTime(message.created);
  const photos = message.attachments.filter((a) => a.kind === 'photo');
  const files = message.attachments.filter((a) => a.kind === 'file');
  const unread = !message.ismine && !message.isRead;
  const audience =
    message.id_to_type === chatRecipientTypes.group
      ? t('message.toGroup')
      : message.id_to_type === chatRecipientTypes.stream
        ? t('message.toStream')
        : null;

  return (
    <div className={classes.messageRow} data-mine={message.ismine || undefined}>
      <Stack
        component="article"
        gap={6}
        className={classes.bubble}
        data-mine={message.ismine || undefined}
        data-unread={unread || undefined}
        aria-label={message.ismine ? t('message.you') : message.fio}
        data-message-id={message.id_message}
      >
        {showSender && !message.ismine && (
          <Text size="xs" fw={700} className={classes.accent}>
            {message.fio}
          </Text>
        )}
        {message.message && <LinkifiedText text={message.message} size="sm" />}
        {photos.length > 0 && (
          <Group gap={6} aria-label={t('message.photos')} role="group">
            {photos.map((photo) => (
              <PhotoThumb key={photo.id} photo={photo} />
            ))}
          </Group>
        )}
        {files.length > 0 && (
          <Group component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('message.attachments')}>
            {files.map((file) => (
              <li key={file.id}>
                <FileButton file={file} />
              </li>
            ))}
          </Group>
        )}
        <Group gap={6} justify="flex-end" wrap="nowrap">
          {audience && (
            <Text size="xs" c="dimmed">
              {audience}
            </Text>
          )}
          {unread && (
            <Text size="xs" fw={700} className={classes.accent}>
              {t('message.unread')}
            </Text>
          )}
          <Text
            component="time"
            dateTime={message.created}
            size="xs"
            c="dimmed"
            title={t('message.sentAt', { date, time })}
            style={{ whiteSpace: 'nowrap' }}
          >
            {date} {time}
          </Text>
          {message.ismine && (
            <Text
              component="span"
              c={message.isRead ? undefined : 'dimmed'}
              className={message.isRead ? classes.accent : undefined}
              title={message.isRead ? t('message.read') : t('message.sent')}
              role="img"
              aria-label={message.isRead ? t('message.read') : t('message.sent')}
              lh={0}
            >
              <TicksIcon double={message.isRead} size={18} />
            </Text>
          )}
          {message.ismine && <DeleteMessageButton id={message.id_message} />}
        </Group>
      </Stack>
    </div>
  );
}
