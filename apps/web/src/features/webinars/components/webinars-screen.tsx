import '@mantine/core/styles/Modal.css';
import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import type { WebinarItem } from '@okuu/contracts/webinars/webinars';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { formatDate } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useRemoveWebinar, useSetRecording, useUpdateLink } from '../api/change-webinar';
import { useWebinarOptions, useWebinars } from '../api/get-webinars';
import { TeacherForms } from './teacher-forms';
import { WebinarCard, webinarTitle } from './webinar-card';

type Editing = { item: WebinarItem; what: 'link' | 'recording' };

/** Changes a webinar's link, or its recording of one date, in a small dialog. */
function EditDialog({ editing, onClose }: { editing: Editing | null; onClose: () => void }) {
  const { t } = useTranslation('webinars');
  const update = useUpdateLink();
  const recording = useSetRecording();
  const [url, setUrl] = useState('');
  const busy = update.isPending || recording.isPending;
  const error = update.error ?? recording.error;

  function close() {
    update.reset();
    recording.reset();
    setUrl('');
    onClose();
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (!editing) return;
    const done = {
      onSuccess: () => {
        toast(t('edit.saved'));
        close();
      },
    };
    if (editing.what === 'link') update.mutate({ id: editing.item.id, url }, done);
    else recording.mutate({ id: editing.item.id, date: editing.item.date, url }, done);
  }

  return (
    <Modal
      opened={editing !== null}
      onClose={close}
      centered
      title={editing ? t(`edit.${editing.what}Heading`, { title: webinarTitle(editing.item) }) : ''}
      closeButtonProps={{ 'aria-label': t('edit.close') }}
    >
      {editing && (
        <form onSubmit={submit}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t('when', { date: formatDate(editing.item.date), start: editing.item.start, end: editing.item.end })}
            </Text>
            <TextInput
              label={editing.what === 'link' ? t('form.url') : t('recording.url')}
              description={editing.what === 'recording' ? t('recording.hint') : undefined}
              placeholder="https://"
              type="url"
              inputMode="url"
              data-autofocus
              value={url}
              onChange={(e) => setUrl(e.currentTarget.value)}
            />
            {error && (
              <Alert color="red" role="alert">
                {errorMessage(error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('edit.cancel')}
              </Button>
              <Button type="submit" loading={busy}>
                {t('edit.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function List({
  heading,
  id,
  items,
  empty,
  viewer,
  actionsOf,
}: {
  heading: string;
  id: string;
  items: WebinarItem[];
  empty: string;
  viewer: 'teacher' | 'student';
  actionsOf?: (item: WebinarItem) => ReactNode;
}) {
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id}>
        {heading}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed" size="sm">
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {items.map((item) => (
            <WebinarCard key={`${item.id}/${item.date}`} item={item} viewer={viewer} actions={actionsOf?.(item)} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/**
 * /lms/webinar: a student's online lessons now and ahead ("Join" from 10 minutes before the start) and past ones with
 * recordings; a teacher's forms to put a lesson online, and their online lessons with the link, recording and removal.
 */
export function WebinarsScreen({ viewer }: { viewer: 'teacher' | 'student' }) {
  const { t } = useTranslation('webinars');
  const list = useWebinars();
  const options = useWebinarOptions(viewer === 'teacher');
  const remove = useRemoveWebinar();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [removing, setRemoving] = useState<WebinarItem | null>(null);

  const actionsOf = (item: WebinarItem) =>
    item.mine ? (
      <>
        <Button size="xs" variant="default" onClick={() => setEditing({ item, what: 'link' })}>
          {t('edit.link')}
        </Button>
        {item.state !== 'upcoming' && (
          <Button size="xs" variant="default" onClick={() => setEditing({ item, what: 'recording' })}>
            {item.recording ? t('recording.change') : t('recording.add')}
          </Button>
        )}
        <Button size="xs" variant="default" color="red" onClick={() => setRemoving(item)}>
          {t('remove.button')}
        </Button>
      </>
    ) : undefined;

  return (
    <Stack gap="xl">
      <div>
        <Title order={1} size="h2">
          {t('heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t(`intro.${viewer}`)}
        </Text>
      </div>
      {viewer === 'teacher' && (
        <QueryView query={options} compact>
          {(data) => <TeacherForms options={data} />}
        </QueryView>
      )}
      <QueryView query={list}>
        {(data) => (
          <Stack gap="xl">
            <List
              heading={t('upcoming.heading')}
              id="webinars-upcoming"
              items={data.items.filter((i) => i.state !== 'past')}
              empty={t('upcoming.empty')}
              viewer={viewer}
              actionsOf={actionsOf}
            />
            <List
              heading={viewer === 'teacher' ? t('past.heading') : t('past.recordings')}
              id="webinars-past"
              items={data.items.filter((i) => i.state === 'past').reverse()}
              empty={t('past.empty')}
              viewer={viewer}
              actionsOf={actionsOf}
            />
          </Stack>
        )}
      </QueryView>
      <EditDialog editing={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        busy={remove.isPending}
        onClose={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(
            { id: removing.id },
            {
              onSuccess: () => toast(t('remove.done')),
              onError: (error) => toast(errorMessage(error), 'error'),
              onSettled: () => setRemoving(null),
            },
          )
        }
        labels={{
          heading: t('remove.heading'),
          text: removing?.weekly ? t('remove.weeklyText') : t('remove.text'),
          confirm: t('remove.confirm'),
          cancel: t('edit.cancel'),
          close: t('edit.close'),
        }}
      />
    </Stack>
  );
}
