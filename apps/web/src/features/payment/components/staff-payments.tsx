import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Button, Group, NativeSelect, Paper, SimpleGrid, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { paymentMethods, paymentStatuses } from '@okuu/contracts/payment/payment';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/ui/date-fields';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { formatDateTime, formatMoney } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useServices } from '../api/get-services';
import { noStaffFilters, type StaffFilters, staffExportUrl, useStaffPayments } from '../api/get-staff-payments';
import { PaymentStatusBadge, TestPaymentBadge } from './payment-status-badge';

/** Staff: payments for reconciliation, filtered, exported as CSV or XLSX. */
export function StaffPayments({ years }: { years: readonly { id: number; name: string }[] }) {
  const { t } = useTranslation('payment');
  const services = useServices();
  const [draft, setDraft] = useState<StaffFilters>(noStaffFilters);
  const [filters, setFilters] = useState<StaffFilters>(noStaffFilters);
  const [page, setPage] = useState(1);
  const list = useStaffPayments(filters, page);
  const set = (field: keyof StaffFilters) => (event: { currentTarget: { value: string } }) =>
    setDraft({ ...draft, [field]: event.currentTarget.value });

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(1);
  };
  const any = { value: 'any', label: t('staff.any') };

  return (
    <Stack gap="lg">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <form onSubmit={apply}>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <NativeSelect
              label={t('history.status')}
              value={draft.status}
              onChange={set('status')}
              data={[any, ...paymentStatuses.map((s) => ({ value: s, label: t(`status.${s}`) }))]}
            />
            <NativeSelect
              label={t('history.method')}
              value={draft.method}
              onChange={set('method')}
              data={[any, ...paymentMethods.map((m) => ({ value: m, label: t(`method.${m}`) }))]}
            />
            <NativeSelect
              label={t('history.service')}
              value={draft.service}
              onChange={set('service')}
              data={[
                { value: '', label: t('staff.any') },
                ...(services.data ?? []).map((s) => ({ value: String(s.id), label: localizedName(s) })),
              ]}
            />
            <NativeSelect
              label={t('form.year')}
              value={draft.year}
              onChange={set('year')}
              data={[
                { value: '', label: t('staff.any') },
                ...years.map((y) => ({ value: String(y.id), label: y.name })),
              ]}
            />
            <DateField label={t('staff.from')} value={draft.from} onChange={(from) => setDraft({ ...draft, from })} />
            <DateField label={t('staff.to')} value={draft.to} onChange={(to) => setDraft({ ...draft, to })} />
            <TextInput
              label={t('staff.searchLabel')}
              placeholder={t('staff.search')}
              value={draft.q}
              onChange={set('q')}
              maxLength={100}
            />
            <Group align="flex-end" gap="xs">
              <Button type="submit">{t('staff.apply')}</Button>
              <Button
                variant="default"
                onClick={() => {
                  setDraft(noStaffFilters);
                  setFilters(noStaffFilters);
                  setPage(1);
                }}
              >
                {t('staff.reset')}
              </Button>
            </Group>
          </SimpleGrid>
        </form>
      </Paper>

      <Group justify="space-between" align="center">
        <Text role="status">
          {list.data ? t('staff.found', { count: list.data.total, amount: formatMoney(list.data.paidTotal) }) : ''}
        </Text>
        <Group gap="xs">
          <Button component="a" href={staffExportUrl(filters, 'csv')} download variant="light">
            {t('staff.exportCsv')}
          </Button>
          <Button component="a" href={staffExportUrl(filters, 'xlsx')} download variant="light">
            {t('staff.exportXlsx')}
          </Button>
        </Group>
      </Group>

      <QueryView query={list} loading={<Skeleton h={200} />}>
        {({ items }) =>
          items.length === 0 ? (
            <Text c="dimmed">{t('staff.empty')}</Text>
          ) : (
            <ScrollTable minWidth={760} label={t('staff.title')}>
              <Table striped highlightOnHover verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('history.date')}</Table.Th>
                    <Table.Th>{t('history.code')}</Table.Th>
                    <Table.Th>{t('staff.student')}</Table.Th>
                    <Table.Th>{t('staff.group')}</Table.Th>
                    <Table.Th>{t('history.service')}</Table.Th>
                    <Table.Th>{t('history.method')}</Table.Th>
                    <Table.Th style={{ textAlign: 'right' }}>{t('history.amount')}</Table.Th>
                    <Table.Th>{t('history.status')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {items.map((p) => (
                    <Table.Tr key={p.id} data-payment={p.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(p.created)}</Table.Td>
                      <Table.Td ff="monospace">{p.code}</Table.Td>
                      <Table.Td>{p.student.fullName}</Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.student.group ?? '—'}</Table.Td>
                      <Table.Td>{localizedName(p.service)}</Table.Td>
                      <Table.Td>{t(`method.${p.method}`)}</Table.Td>
                      <Table.Td style={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                        {formatMoney(p.amount)}
                        {p.status === 'partial' && (
                          <Text size="xs" c="orange.8">
                            {t('staff.received', { amount: formatMoney(p.received) })}
                            <br />
                            {t('staff.remaining', { amount: formatMoney(p.amount - p.received) })}
                          </Text>
                        )}
                        {p.received > p.amount && (
                          <Text size="xs" c="dimmed">
                            {t('staff.surplus', { amount: formatMoney(p.received - p.amount) })}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Stack gap={4} align="flex-start">
                          <PaymentStatusBadge status={p.status} />
                          {p.test && <TestPaymentBadge />}
                        </Stack>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )
        }
      </QueryView>
      {list.data && (page > 1 || list.data.hasMore) && (
        <Group justify="center" gap="xs">
          <Button
            variant="default"
            disabled={page === 1}
            onClick={() => setPage(page - 1)}
            aria-label={t('staff.prev')}
          >
            ←
          </Button>
          <Text size="sm">{page}</Text>
          <Button
            variant="default"
            disabled={!list.data.hasMore}
            onClick={() => setPage(page + 1)}
            aria-label={t('staff.next')}
          >
            →
          </Button>
        </Group>
      )}
    </Stack>
  );
}
