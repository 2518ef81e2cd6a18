import '@mantine/core/styles/Table.css';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { auditActions } from '@okuu/contracts/audit-actions';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '../../../components/ui/date-fields';
import { ListPagination } from '../../../components/ui/list-pagination';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { formatDateTime } from '../../../lib/format';
import { type AuditFilters, noAuditFilters, useAudit } from '../api/audit';
import { auditChanges, auditTarget } from '../lib/audit-text';

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
            <DateField label={t('audit.from')} value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
            <DateField label={t('audit.to')} value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
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
      <QueryView query={log} loading={<Skeleton h={200} />}>
        {({ items }) =>
          items.length === 0 ? (
            <Text c="dimmed">{t('audit.empty')}</Text>
          ) : (
            <ScrollTable minWidth={720} label={t('audit.table')}>
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
                  {items.map((e) => (
                    <Table.Tr key={e.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(e.at)}</Table.Td>
                      <Table.Td>{e.actorName}</Table.Td>
                      <Table.Td>{t(`action.${e.action}`, { defaultValue: e.action })}</Table.Td>
                      <Table.Td>{auditTarget(e, t)}</Table.Td>
                      <Table.Td ff="monospace" fz="xs">
                        {auditChanges(e, t).map((line) => (
                          <div key={line}>{line}</div>
                        ))}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )
        }
      </QueryView>
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
