import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Modal.css';
import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  NativeSelect,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import type { IssuedCredentials, Person } from '@okuu/contracts/staff/people';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { QueryView } from '../../../components/ui/query-view';
import { StatusBadge } from '../../../components/ui/status-badge';
import { errorMessage } from '../../../lib/error-message';
import { formatShortDate } from '../../../lib/format';
import { localizedNameOrNull } from '../../../lib/localized';
import { useSessionUser } from '../../../lib/use-session';
import {
  useMovePerson,
  usePeopleOptions,
  usePerson,
  useResetCredentials,
  useSetBlocked,
  useSetNewsPerms,
} from '../api/people';
import { CredentialsSlip } from './credentials-slip';

/** One person: what staff see and the changes they make (each asks the server, which records it in the audit). */
export function PersonPanel({ id }: { id: number }) {
  const person = usePerson(id);
  return (
    <QueryView query={person} loading={<Skeleton h={240} />}>
      {(p) => <PersonDetails p={p} />}
    </QueryView>
  );
}

function PersonDetails({ p }: { p: Person }) {
  const { t } = useTranslation('staff');
  const me = useSessionUser();
  const options = usePeopleOptions();
  const move = useMovePerson();
  const news = useSetNewsPerms();
  const block = useSetBlocked();
  const reset = useResetCredentials();
  const [groupId, setGroupId] = useState('');
  const [confirm, setConfirm] = useState<'block' | 'reset' | null>(null);
  const [issued, setIssued] = useState<IssuedCredentials | null>(null);

  const self = p.id === me.id;
  const failure = [move, news, block, reset].find((m) => m.isError)?.error;
  const confirmLabels = {
    cancel: t('cancel'),
    close: t('close'),
    ...(confirm === 'reset'
      ? { heading: t('reset.heading'), text: t('reset.text', { name: p.fullName }), confirm: t('reset.confirm') }
      : { heading: t('block.heading'), text: t('block.text', { name: p.fullName }), confirm: t('block.confirm') }),
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" aria-labelledby="person-name">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <div>
            <Title order={2} size="h3" id="person-name">
              {p.fullName}
            </Title>
            <Text c="dimmed" size="sm">
              {t(`role.${p.role as 1 | 2 | 3}`)} · {p.login}
            </Text>
          </div>
          <StatusBadge color={p.blocked ? 'red' : 'green'}>
            {p.blocked ? t('status.blocked') : t('status.active')}
          </StatusBadge>
        </Group>
        {p.group && <Text size="sm">{t('person.group', { group: p.group })}</Text>}
        {p.department && <Text size="sm">{localizedNameOrNull(p.department)}</Text>}
        {p.position && <Text size="sm">{localizedNameOrNull(p.position)}</Text>}
        {p.mustChangeCredentials && (
          <Text size="sm" c="orange">
            {t('person.mustChange')}
          </Text>
        )}
        {p.blockedAt && <Text size="sm">{t('person.blockedSince', { date: formatShortDate(p.blockedAt) })}</Text>}

        {p.role === 2 && (
          <Group align="flex-end" gap="xs">
            <NativeSelect
              label={t('person.moveTo')}
              value={groupId}
              onChange={(e) => setGroupId(e.currentTarget.value)}
              data={[
                { value: '', label: t('person.chooseGroup') },
                ...(options.data?.groups ?? [])
                  .filter((g) => g.id !== p.groupId)
                  .map((g) => ({ value: String(g.id), label: g.name })),
              ]}
            />
            <Button
              variant="light"
              disabled={!groupId}
              loading={move.isPending}
              onClick={() => move.mutate({ id: p.id, groupId: Number(groupId) }, { onSuccess: () => setGroupId('') })}
            >
              {t('person.move')}
            </Button>
          </Group>
        )}
        <Switch
          label={t('person.newsPerms')}
          checked={p.newsPerms}
          disabled={news.isPending}
          onChange={(e) => news.mutate({ id: p.id, on: e.currentTarget.checked })}
        />
        <Group gap="xs" mt="xs">
          {p.blocked ? (
            <Button
              variant="default"
              loading={block.isPending}
              onClick={() => block.mutate({ id: p.id, blocked: false })}
            >
              {t('block.unblock')}
            </Button>
          ) : (
            <Button color="red.9" disabled={self} onClick={() => setConfirm('block')}>
              {t('block.block')}
            </Button>
          )}
          <Button variant="default" disabled={self} onClick={() => setConfirm('reset')}>
            {t('reset.button')}
          </Button>
        </Group>
        <Group gap="md">
          {(p.role === 1 || p.role === 2) && (
            <Anchor component={Link} to={`/lms/staff/card/${p.id}`} size="sm" data-testid="open-card">
              {t('person.card')}
            </Anchor>
          )}
          <Anchor component={Link} to={`/lms/staff/audit?target=${p.id}`} size="sm">
            {t('person.history')}
          </Anchor>
        </Group>
        {failure && (
          <Alert color="red" role="alert">
            {errorMessage(failure)}
          </Alert>
        )}
      </Stack>

      <ConfirmDialog
        opened={confirm !== null}
        labels={confirmLabels}
        busy={block.isPending || reset.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (confirm === 'block') block.mutate({ id: p.id, blocked: true }, { onSettled: () => setConfirm(null) });
          else {
            reset.mutate(p.id, {
              onSuccess: (credentials) => setIssued(credentials),
              onSettled: () => setConfirm(null),
            });
          }
        }}
      />
      <Modal
        opened={issued !== null}
        onClose={() => setIssued(null)}
        title={t('slip.heading')}
        centered
        closeButtonProps={{ 'aria-label': t('close') }}
      >
        {issued && <CredentialsSlip fullName={p.fullName} credentials={issued} />}
      </Modal>
    </Paper>
  );
}
