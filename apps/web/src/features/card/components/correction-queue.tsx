import '@mantine/core/styles/Modal.css';
import { Anchor, Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  type Correction,
  type CorrectionStatus,
  correctionLimits,
  correctionStatuses,
  correctionTransitions,
} from '@okuu/contracts/card/card';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DocumentIcon } from '../../../components/ui/icons';
import { PagedList } from '../../../components/ui/paged-list';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useCorrectionQueue, useSetCorrectionStatus } from '../api/corrections';
import classes from './card.module.css';
import { CorrectionStatusBadge } from './correction-status';

type Closing = { request: Correction; to: 'done' | 'rejected' };

/**
 * Staff's queue of correction requests by status (with the number in each): a new request is taken up, then marked
 * corrected or rejected with a comment the author sees (required to reject).
 */
export function CorrectionQueue() {
  const { t } = useTranslation('card');
  const [status, setStatus] = useState<CorrectionStatus>('new');
  const [page, setPage] = useState(1);
  const queue = useCorrectionQueue(status, page);
  const move = useSetCorrectionStatus();
  const [closing, setClosing] = useState<Closing | null>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);

  function moveTo(request: Correction, to: 'in_progress' | 'done' | 'rejected', text = '') {
    move.mutate(
      { id: request.id, status: to, comment: text },
      {
        onSuccess: () => {
          setClosing(null);
          toast(t(`queue.moved.${to}`));
        },
        onError: (error) => toast(t('queue.failure', { reason: errorMessage(error) }), 'error'),
      },
    );
  }

  function openClosing(request: Correction, to: 'done' | 'rejected') {
    setComment('');
    setCommentError(null);
    setClosing({ request, to });
  }

  function submitClosing(event: FormEvent) {
    event.preventDefault();
    if (!closing) return;
    if (closing.to === 'rejected' && !comment.trim()) {
      setCommentError(t('queue.commentRequired'));
      return;
    }
    moveTo(closing.request, closing.to, comment);
  }

  const busyWith = (request: Correction) => move.isPending && move.variables?.id === request.id;

  function actions(request: Correction) {
    const next = correctionTransitions[request.status];
    if (!next.length) return null;
    return (
      <Group gap="xs" wrap="wrap">
        {next.includes('in_progress') && (
          <Button size="xs" onClick={() => moveTo(request, 'in_progress')} loading={busyWith(request)}>
            {t('queue.take')}
          </Button>
        )}
        <Button
          size="xs"
          variant={next.includes('in_progress') ? 'default' : 'filled'}
          onClick={() => openClosing(request, 'done')}
          disabled={busyWith(request)}
        >
          {t('queue.done')}
        </Button>
        <Button
          size="xs"
          variant="default"
          onClick={() => openClosing(request, 'rejected')}
          disabled={busyWith(request)}
        >
          {t('queue.reject')}
        </Button>
      </Group>
    );
  }

  return (
    <>
      <Group gap="xs" role="group" aria-label={t('queue.tabs')} mb="md">
        {correctionStatuses.map((s) => (
          <Button
            key={s}
            size="xs"
            variant={s === status ? 'filled' : 'default'}
            aria-pressed={s === status}
            onClick={() => {
              setStatus(s);
              setPage(1);
            }}
            rightSection={queue.data ? String(queue.data.counts[s]) : undefined}
          >
            {t(`status.${s}`)}
          </Button>
        ))}
      </Group>
      <PagedList
        ns="card"
        query={queue}
        page={page}
        onPageChange={setPage}
        skeleton={{ cards: 3, lines: [{ height: 16, width: '60%' }, { height: 12, width: '40%' }, { height: 12 }] }}
        emptyIcon={<DocumentIcon size={28} />}
        emptyText={t('queue.empty')}
        itemKey={(request) => request.id}
        renderItem={(request) => (
          <Paper withBorder p="sm" radius="md" data-testid="correction-request">
            <Stack gap={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm" fw={600}>
                  {t(`topic.${request.topic}`)}
                </Text>
                <CorrectionStatusBadge status={request.status} />
              </Group>
              <Group gap="xs" wrap="wrap">
                <Text size="sm">
                  {t('queue.sent', { name: request.person.name, date: formatDateTime(request.created) })}
                </Text>
                <Anchor component={Link} to={`/lms/staff/card/${request.person.id}`} size="sm">
                  {t('queue.openCard')}
                </Anchor>
              </Group>
              <Text size="sm" className={classes.wrap} style={{ whiteSpace: 'pre-line' }}>
                {request.text}
              </Text>
              {request.comment && (
                <Text size="sm" c="dimmed" className={classes.wrap}>
                  {request.comment}
                </Text>
              )}
              {actions(request)}
            </Stack>
          </Paper>
        )}
      />
      <Modal
        opened={closing !== null}
        onClose={() => setClosing(null)}
        title={closing ? t(`queue.dialog.${closing.to}`) : ''}
        centered
      >
        <form onSubmit={submitClosing} noValidate>
          <Stack gap="sm">
            <Textarea
              label={t('queue.comment')}
              value={comment}
              onChange={(e) => {
                setComment(e.currentTarget.value);
                setCommentError(null);
              }}
              maxLength={correctionLimits.commentMax}
              autosize
              minRows={2}
              required={closing?.to === 'rejected'}
              error={commentError}
              data-autofocus
            />
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={() => setClosing(null)}>
                {t('queue.cancel')}
              </Button>
              <Button type="submit" loading={move.isPending}>
                {t('queue.confirm')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
