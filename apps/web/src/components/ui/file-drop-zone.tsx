import { Button, CloseButton, Group, Stack, Text } from '@mantine/core';
import { type DragEvent, useId, useRef, useState } from 'react';
import { fileKindOf } from '../../lib/files';
import classes from './file-drop-zone.module.css';
import { FileIcon } from './file-icon';
import { PaperclipIcon } from './icons';

export interface FileDropZoneLabels {
  /** The field's name ("Файл"). */
  label: string;
  /** What to do: "Перетащите файл сюда или нажмите, чтобы выбрать". */
  prompt: string;
  /** The button that opens the file dialog. */
  choose: string;
  /** The accessible name of the button that removes the chosen file. */
  remove: string;
  /** Accepted types and size limit. */
  hint: string;
}

interface Props {
  labels: FileDropZoneLabels;
  /** The chosen file, or null. */
  file: File | null;
  /** Called with the file dropped or picked (the first one when several arrive). */
  onPick: (file: File) => void;
  onClear: () => void;
  /** The `accept` of the file input. */
  accept?: string;
  /** The file's size, as people read it. */
  describeSize: (bytes: number) => string;
  error?: string;
  disabled?: boolean;
  required?: boolean;
}

/**
 * One file, dropped onto the zone or picked with its button (a plain input[type=file] underneath). Shows the chosen
 * file with its icon and size, and the field's error.
 */
export function FileDropZone({
  labels,
  file,
  onPick,
  onClear,
  accept,
  describeSize,
  error,
  disabled,
  required,
}: Props) {
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const labelId = useId();
  const hintId = useId();
  const errorId = useId();

  function pickFrom(files: FileList | null) {
    const first = files?.[0];
    if (first) onPick(first);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    if (!disabled) pickFrom(event.dataTransfer.files);
  }

  return (
    <Stack gap={6} role="group" aria-labelledby={labelId} aria-describedby={error ? `${hintId} ${errorId}` : hintId}>
      <Text component="div" size="sm" fw={500} id={labelId}>
        {labels.label}
        {required && (
          <Text component="span" c="var(--mantine-color-error)" aria-hidden="true">
            {' *'}
          </Text>
        )}
      </Text>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the button inside picks the file from the keyboard. */}
      <div
        className={classes.zone}
        data-over={over || undefined}
        data-error={error ? true : undefined}
        data-disabled={disabled || undefined}
        onDragEnter={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={(event) => {
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
        }}
        onDrop={onDrop}
      >
        <input
          ref={input}
          type="file"
          hidden
          accept={accept}
          aria-label={labels.label}
          disabled={disabled}
          onChange={(event) => {
            pickFrom(event.currentTarget.files);
            event.currentTarget.value = '';
          }}
        />
        {file ? (
          <Group gap="sm" wrap="nowrap">
            <FileIcon kind={fileKindOf(file.name)} size={32} />
            <div style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" fw={500} truncate="end" title={file.name}>
                {file.name}
              </Text>
              <Text size="xs" c="dimmed">
                {describeSize(file.size)}
              </Text>
            </div>
            <Button variant="default" size="xs" onClick={() => input.current?.click()} disabled={disabled}>
              {labels.choose}
            </Button>
            <CloseButton aria-label={labels.remove} onClick={onClear} disabled={disabled} />
          </Group>
        ) : (
          <Stack align="center" gap="xs" py="sm">
            <Text size="sm" ta="center">
              {labels.prompt}
            </Text>
            <Button
              variant="light"
              leftSection={<PaperclipIcon size={18} />}
              onClick={() => input.current?.click()}
              disabled={disabled}
            >
              {labels.choose}
            </Button>
          </Stack>
        )}
      </div>
      <Text size="xs" c="dimmed" id={hintId}>
        {labels.hint}
      </Text>
      {error && (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" id={errorId}>
          {error}
        </Text>
      )}
    </Stack>
  );
}
