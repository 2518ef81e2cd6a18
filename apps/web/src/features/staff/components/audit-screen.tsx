import type { TFunction } from 'i18next';
import '@mantine/core/styles/Table.css';
import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { auditActions } from '@okuu/contracts/audit-actions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ListPagination } from '../../../components/ui/list-pagination';
import { errorMessage } from '../../../lib/error-message';
import { formatShortDate, formatTime } from '../../../lib/format';
import { type AuditFilters, noAuditFilters, useAudit } from '../api/audit';

/** The fields whose value differs between before and after, 'field: old → new'. */
/**
 * The changed fields of a record, each named by its label (the fields' catalogue; the key where it has none), yes and
 * no for a switch.
 */
function changes(before: unknown, after: unknown, t: TFunction<'staff'>): string[] {
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const label = (key: string) => t(`fields:${key}`, { defaultValue: key });
  const show = (v: unknown) =>
    v === null || v === undefined ? '—' : typeof v === 'boolean' ? t(v ? 'audit.yes' : 'audit.no') : String(v);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((key) => JSON.stringify(b[key]) !== JSON.stringify(a[key]))
    .map((key) => `${label(key)}: ${before ? `${show(b[key])} → ` : ''}${show(a[key])}`);
}

/** Staff: the audit log, filtered by who, action and day; read only. */
export function AuditScreen() {
  const { t } = useTranslation('staff');
  const [draft, setDraft] = useState<AuditFilters>(noAuditFilters);
  const [filters, setFilters] = useState<AuditFilters>(noAuditFilters);
  const [page, setPage] = useState(1);
  // ?target=<person id>: the changes of one person (the People screen links here).
  const [params, setParams] = useSearchParams();
  const target = /^\d{1,9}$/.test(params.get('target') ?? '') ? Number(params.get('target')) : null;
  const log = useAudit(filters, page, target);
  const set = (field: keyof AuditFilters) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [field]: e.currentTarget.value });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={apply}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <NativeSelect
              label={t('audit.actor')}
              value={draft.actor}
              onChange={set('actor')}
              data={[
                { value: '', label: t('any') },
                ...(log.data?.actors ?? []).map((a) => ({ value: String(a.id), label: a.name })),
              ]}
            />
            <NativeSelect
              label={t('audit.action')}
              value={draft.action}
              onChange={set('action')}
              data={[
                { value: 'any', label: t('any') },
                ...auditActions.map((a) => ({ value: a, label: t(`action.${a}`) })),
              ]}
            />
            <TextInput type="date" label={t('audit.from')} value={draft.from} onChange={set('from')} />
            <TextInput type="date" label={t('audit.to')} value={draft.to} onChange={set('to')} />
            <Group align="flex-end" gap="xs">
              <Button type="submit">{t('search.apply')}</Button>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(noAuditFilters);
                  setFilters(noAuditFilters);
                  setPage(1);
                }}
              >
                {t('audit.clear')}
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>
      <Group gap="xs">
        <Text role="status" size="sm" c="dimmed">
          {log.data ? t('audit.found', { count: log.data.total }) : ''}
        </Text>
        {target !== null && (
          <>
            <Text size="sm">{t('audit.onePerson', { name: log.data?.items[0]?.targetName ?? '' })}</Text>
            <Button size="compact-sm" variant="default" onClick={() => setParams({})}>
              {t('audit.everyone')}
            </Button>
          </>
        )}
      </Group>
      {log.isPending ? (
        <Skeleton h={200} />
      ) : log.isError ? (
        <Alert color="red" role="alert">
          {errorMessage(log.error)}
        </Alert>
      ) : log.data.items.length === 0 ? (
        <Text c="dimmed">{t('audit.empty')}</Text>
      ) : (
        // A long change scrolls sideways: the keyboard reaches the scrolling area too.
        <Table.ScrollContainer
          minWidth={720}
          scrollAreaProps={{ viewportProps: { tabIndex: 0, role: 'region', 'aria-label': t('audit.table') } }}
        >
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('audit.when')}</Table.Th>
                <Table.Th>{t('audit.actor')}</Table.Th>
                <Table.Th>{t('audit.action')}</Table.Th>
                <Table.Th>{t('audit.target')}</Table.Th>
                <Table.Th>{t('audit.changes')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data.items.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatShortDate(e.at)} {formatTime(e.at)}
                  </Table.Td>
                  <Table.Td>{e.actorName}</Table.Td>
                  <Table.Td>{t(`action.${e.action}`, { defaultValue: e.action })}</Table.Td>
                  <Table.Td>{e.targetName ?? '—'}</Table.Td>
                  <Table.Td ff="monospace" fz="xs">
                    {changes(e.before, e.after, t).map((line) => (
                      <div key={line}>{line}</div>
                    ))}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {log.data && (
        <ListPagination
          page={page}
          pageSize={log.data.pageSize}
          total={log.data.total}
          onChange={setPage}
          labels={{
            nav: t('pages.nav'),
            previous: t('pages.previous'),
            next: t('pages.next'),
            page: (n) => t('pages.page', { page: n }),
          }}
        />
      )}
    </Stack>
  );
}
