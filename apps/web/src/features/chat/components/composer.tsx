import '@mantine/core/styles/Tooltip.css';
import '@mantine/core/styles/Progress.css';
import {
  ActionIcon,
  Button,
  CloseButton,
  FileButton,
  Group,
  Progress,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { chatLimits } from '@okuu/contracts/chat/message';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileIcon } from '../../../components/ui/file-icon';
import { PaperclipIcon, PhotoIcon, SendIcon } from '../../../components/ui/icons';
import { ApiError } from '../../../lib/api';
import { errorMessage } from '../../../lib/error-message';
import { fileKindOf, fileSizeParts, oversizedFiles } from '../../../lib/files';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { toast } from '../../../lib/toast';
import { type SendContext, useSendMessage } from '../api/send-message';
import type { ConversationRef } from '../lib/conversation-ref';
import classes from './chat.module.css';

/** Photos the server shows inline; anything else is better sent as a file. */
const PHOTO_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

interface Picked {
  file: File;
  kind: 'file' | 'photo';
}

const samePick = (a: Picked, b: Picked) =>
  a.kind === b.kind && a.file.name === b.file.name && a.file.size === b.file.size;

function Size({ bytes }: { bytes: number }) {
  const { t } = useTranslation('chat');
  const { value, unit } = fileSizeParts(bytes);
  return <>{t(`size.${unit}`, { value })}</>;
}

/**
 * The message form: text (Enter sends, Shift+Enter breaks the line), files and photos. Files over config.json's
 * limit are refused before anything is sent, with the 'file too big' message.
 */
export function Composer({
  conversation,
  context,
  maxUploadMb,
}: {
  conversation: ConversationRef;
  context?: SendContext;
  /** config.json's limit of one file; unknown: not checked here (the server still refuses with 413). */
  maxUploadMb: number | undefined;
}) {
  const { t } = useTranslation('chat');
  const send = useSendMessage(conversation);
  const [text, setText] = useState('');
  const [picked, setPicked] = useState<Picked[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const upload = useRef<AbortController | null>(null);
  // The message's Idempotency-Key: kept while the same draft is sent again after a failure, new once it changes.
  const sendKey = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new draft (its text or its files) is a new message.
  useEffect(() => {
    sendKey.current = null;
  }, [text, picked]);
  const resetFile = useRef<() => void>(null);
  const resetPhoto = useRef<() => void>(null);
  const hintId = useId();
  const busy = send.isPending;

  const tooBigMessage = (files: File[]) =>
    t('composer.tooBig', { name: files.map((file) => file.name).join(', '), mb: maxUploadMb });

  function add(files: File[], kind: Picked['kind']) {
    resetFile.current?.();
    resetPhoto.current?.();
    const tooBig = maxUploadMb === undefined ? [] : oversizedFiles(files, maxUploadMb);
    const fresh = files
      .filter((file) => !tooBig.includes(file))
      .map((file) => ({ file, kind }))
      .filter((pick) => !picked.some((kept) => samePick(kept, pick)));
    let next = [...picked, ...fresh];
    let problem = tooBig.length > 0 ? tooBigMessage(tooBig) : null;
    if (next.length > chatLimits.filesMax) {
      next = next.slice(0, chatLimits.filesMax);
      problem = t('composer.tooMany', { max: chatLimits.filesMax });
    }
    setPicked(next);
    setError(problem);
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (busy) return;
    const trimmed = text.trim();
    if (trimmed === '' && picked.length === 0) return setError(t('composer.required'));
    if (trimmed.length > chatLimits.textMax) return setError(t('composer.textTooLong', { max: chatLimits.textMax }));
    const tooBig =
      maxUploadMb === undefined
        ? []
        : oversizedFiles(
            picked.map((p) => p.file),
            maxUploadMb,
          );
    if (tooBig.length > 0) return setError(tooBigMessage(tooBig));
    setError(null);

    const controller = new AbortController();
    upload.current = controller;
    if (picked.length > 0) setProgress(0);
    sendKey.current ??= newIdempotencyKey();
    send.mutate(
      {
        idempotencyKey: sendKey.current,
        draft: {
          text: trimmed,
          files: picked.filter((p) => p.kind === 'file').map((p) => p.file),
          photos: picked.filter((p) => p.kind === 'photo').map((p) => p.file),
          context,
        },
        onProgress: picked.length > 0 ? ({ percent }) => setProgress(percent) : undefined,
        signal: controller.signal,
      },
      {
        onSuccess: () => {
          setText('');
          setPicked([]);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && failure.category === 'CANCEL_ERROR') return;
          toast(t('composer.failure', { reason: errorMessage(failure) }), 'error');
        },
        onSettled: () => {
          setProgress(null);
          upload.current = null;
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  const placeholder =
    conversation.kind === 'group'
      ? t('composer.groupPlaceholder')
      : conversation.kind === 'stream'
        ? t('composer.streamPlaceholder')
        : t('composer.placeholder');

  return (
    <form noValidate onSubmit={submit} className={classes.composer}>
      <Stack gap={6}>
        {picked.length > 0 && (
          <Group component="ul" gap={6} p={0} m={0} style={{ listStyle: 'none' }}>
            {picked.map((pick) => (
              <Group
                component="li"
                key={`${pick.kind}/${pick.file.name}/${pick.file.size}`}
                gap={4}
                wrap="nowrap"
                className={classes.pick}
              >
                {pick.kind === 'photo' ? (
                  <PhotoIcon size={18} />
                ) : (
                  <FileIcon kind={fileKindOf(pick.file.name)} size={20} />
                )}
                <Text size="xs" truncate="end" maw={160} title={pick.file.name}>
                  {pick.file.name}
                </Text>
                <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                  <Size bytes={pick.file.size} />
                </Text>
                <CloseButton
                  size="xs"
                  aria-label={t('composer.removeFile', { name: pick.file.name })}
                  onClick={() => setPicked((current) => current.filter((kept) => kept !== pick))}
                  disabled={busy}
                />
              </Group>
            ))}
          </Group>
        )}
        {error && (
          <Text size="sm" c="red.7" role="alert" className={classes.error}>
            {error}
          </Text>
        )}
        {progress !== null && (
          <Group gap="xs" wrap="nowrap">
            <Progress
              value={progress}
              aria-label={t('composer.progressLabel')}
              style={{ flex: 1 }}
              striped={progress >= 100}
              animated={progress >= 100}
            />
            <Text size="xs" style={{ whiteSpace: 'nowrap' }}>
              {t('composer.progress', { percent: progress })}
            </Text>
            {progress < 100 && (
              <Button variant="subtle" size="compact-xs" onClick={() => upload.current?.abort()}>
                {t('composer.cancelUpload')}
              </Button>
            )}
          </Group>
        )}
        <Group gap={6} wrap="nowrap" align="flex-end">
          <FileButton onChange={(files) => add(files, 'file')} multiple resetRef={resetFile} disabled={busy}>
            {(props) => (
              <Tooltip label={t('composer.attachFile')}>
                <ActionIcon {...props} variant="default" size="lg" aria-label={t('composer.attachFile')}>
                  <PaperclipIcon size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <FileButton
            onChange={(files) => add(files, 'photo')}
            multiple
            accept={PHOTO_TYPES}
            resetRef={resetPhoto}
            disabled={busy}
          >
            {(props) => (
              <Tooltip label={t('composer.attachPhoto')}>
                <ActionIcon {...props} variant="default" size="lg" aria-label={t('composer.attachPhoto')}>
                  <PhotoIcon size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
          <Textarea
            name="text"
            aria-label={t('composer.label')}
            aria-describedby={hintId}
            placeholder={placeholder}
            autosize
            minRows={1}
            maxRows={6}
            maxLength={chatLimits.textMax}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              if (error) setError(null);
            }}
            onKeyDown={onKeyDown}
            readOnly={busy}
            style={{ flex: 1 }}
          />
          <Button type="submit" loading={busy} leftSection={<SendIcon size={16} />} aria-label={t('composer.send')}>
            <span className={classes.sendLabel}>{t('composer.send')}</span>
          </Button>
        </Group>
        <Text id={hintId} size="xs" c="dimmed" className={classes.hint}>
          {t('composer.hint')}
        </Text>
      </Stack>
    </form>
  );
}
