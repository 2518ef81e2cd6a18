import '@mantine/core/styles/Table.css';
import {
  Anchor,
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
import { peopleLimits } from '@okuu/contracts/staff/people';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPagination } from '../../../components/ui/list-pagination';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { noPeopleFilters, type PeopleFilters, usePeople, usePeopleOptions } from '../api/people';
import { CreatePerson } from './create-person';
import { PersonPanel } from './person-panel';
import classes from './staff.module.css';

/** Staff: find people, open one, create a student or a teacher. */
export function PeopleScreen() {
  const { t } = useTranslation('staff');
  const options = usePeopleOptions();
  const [draft, setDraft] = useState<PeopleFilters>(noPeopleFilters);
  const [filters, setFilters] = useState<PeopleFilters>(noPeopleFilters);
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const list = usePeople(filters, page);
  const panel = useRef<HTMLDivElement>(null);
  // An opened person's panel comes into view and takes the focus (it sits above the list on a phone).
  useEffect(() => {
    if (selected === null) return;
    panel.current?.scrollIntoView({ block: 'nearest' });
    panel.current?.focus({ preventScroll: true });
  }, [selected]);
  const set = (field: keyof PeopleFilters) => (e: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [field]: e.currentTarget.value });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const any = { value: 'any', label: t('any') };

  return (
    <Stack gap="lg">
      <Group justify="flex-end">
        <Button variant="light" onClick={() => setCreating(true)}>
          {t('create.open')}
        </Button>
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={apply}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 5 }} spacing="sm">
            <TextInput
              label={t('search.q')}
              placeholder={t('search.qHint')}
              value={draft.q}
              onChange={set('q')}
              maxLength={peopleLimits.queryMax}
            />
            <NativeSelect
              label={t('search.role')}
              value={draft.role}
              onChange={set('role')}
              data={[any, ...[2, 1, 3].map((r) => ({ value: String(r), label: t(`role.${r as 1 | 2 | 3}`) }))]}
            />
            <NativeSelect
              label={t('search.group')}
              value={draft.group}
              onChange={set('group')}
              data={[
                { value: '', label: t('any') },
                ...(options.data?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name })),
              ]}
            />
            <NativeSelect
              label={t('search.status')}
              value={draft.status}
              onChange={set('status')}
              data={[
                any,
                { value: 'active', label: t('status.active') },
                { value: 'blocked', label: t('status.blocked') },
              ]}
            />
            <Group align="flex-end" gap="xs">
              <Button type="submit">{t('search.apply')}</Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>

      <div className={classes.layout} data-with-panel={selected === null ? undefined : true}>
        <Stack gap="sm">
          <Text role="status" size="sm" c="dimmed">
            {list.data ? t('search.found', { count: list.data.total }) : ''}
          </Text>
          <QueryView query={list} loading={<Skeleton h={200} />}>
            {({ items }) =>
              items.length === 0 ? (
                <Text c="dimmed">{t('search.empty')}</Text>
              ) : (
                <ScrollTable minWidth={520} label={t('table.label')}>
                  <Table highlightOnHover verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('table.name')}</Table.Th>
                        <Table.Th>{t('table.login')}</Table.Th>
                        <Table.Th>{t('table.role')}</Table.Th>
                        <Table.Th>{t('table.group')}</Table.Th>
                        <Table.Th>{t('table.status')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {items.map((p) => (
                        <Table.Tr
                          key={p.id}
                          className={classes.clickable}
                          onClick={() => setSelected(p.id)}
                          bg={p.id === selected ? 'var(--mantine-color-default-hover)' : undefined}
                        >
                          <Table.Td>
                            {/* A real button: the row opens from the keyboard too. */}
                            <Anchor
                              component="button"
                              type="button"
                              fw={500}
                              ta="left"
                              c="var(--mantine-color-text)"
                              underline="always"
                              onClick={(e) => {
                                e.stopPropagation();
                                setSelected(p.id);
                              }}
                              aria-pressed={p.id === selected}
                            >
                              {p.fullName}
                            </Anchor>
                          </Table.Td>
                          <Table.Td ff="monospace">{p.login}</Table.Td>
                          <Table.Td>{t(`role.${p.role as 1 | 2 | 3}`)}</Table.Td>
                          <Table.Td>{p.group ?? '—'}</Table.Td>
                          <Table.Td>
                            {p.blocked ? (
                              <StatusBadge color="red">{t('status.blocked')}</StatusBadge>
                            ) : (
                              <Text size="sm">{t('status.active')}</Text>
                            )}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              )
            }
          </QueryView>
          {list.data && (
            <ListPagination
              page={page}
              pageSize={list.data.pageSize}
              total={list.data.total}
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
        {selected !== null && (
          <div className={classes.panel} ref={panel} tabIndex={-1}>
            <PersonPanel key={selected} id={selected} />
          </div>
        )}
      </div>
      <CreatePerson opened={creating} onClose={() => setCreating(false)} />
    </Stack>
  );
}
