import '@mantine/core/styles/Table.css';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { TeacherWorkload, WorkloadStatus } from '@okuu/contracts/workload/workload';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { StatusBadge } from '../../../components/ui/status-badge';
import { formatDate, formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';

const statusColor: Record<WorkloadStatus, string> = { ok: 'teal', behind: 'red', over: 'orange' };

/** A workload status as a badge: the text says it, the colour repeats it. */
export function WorkloadStatusBadge({ status }: { status: WorkloadStatus }) {
  const { t } = useTranslation('workload');
  return (
    <StatusBadge color={statusColor[status]} data-status={status}>
      {t(`status.${status}`)}
    </StatusBadge>
  );
}

/** Pairs a week in words: every week, numerator and denominator weeks. */
function weeklyText(t: (key: string, o?: object) => string, w: TeacherWorkload['rows'][number]['weekly']) {
  const parts = (['every', 'odd', 'even'] as const)
    .filter((k) => w[k] > 0)
    .map((k) => t(`weekly.${k}`, { count: w[k] }));
  return parts.length > 0 ? parts.join(', ') : t('weekly.none');
}

/**
 * One teacher's workload of a half-year: the period, the totals with the teacher's mark, and a row per discipline,
 * lesson kind and audience (planned, planned to date, given, remaining hours), with the XLSX of it at `xlsx`.
 */
export function WorkloadTable({ workload, xlsx }: { workload: TeacherWorkload; xlsx: string }) {
  const { t } = useTranslation('workload');
  const w = workload;
  const n = (v: number) => formatNumber(v);
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <div>
          <Text fw={600}>{w.teacher.name}</Text>
          <Text size="sm" c="dimmed">
            {localizedName(w.teacher.department)}
          </Text>
          <Text size="sm" c="dimmed">
            {t('period.summary', {
              year: `${w.year}–${w.year + 1}`,
              half: t(`period.halves.${w.ws as 1 | 2 | 3}`),
              from: formatDate(w.startsOn),
              to: formatDate(w.endsOn),
              weeks: w.weeks,
              asOf: formatDate(w.asOf),
            })}
          </Text>
        </div>
        <Button component="a" href={xlsx} download variant="default">
          {t('xlsx')}
        </Button>
      </Group>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        {(['planned', 'plannedSoFar', 'given', 'remaining'] as const).map((k) => (
          <Paper key={k} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {t(`totals.${k}`)}
            </Text>
            <Text fz="xl" fw={700} data-total={k}>
              {n(w.totals[k])}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Group gap="xs">
        <WorkloadStatusBadge status={w.status} />
        <Text size="xs" c="dimmed">
          {t('rule')}
        </Text>
      </Group>

      {w.rows.length === 0 ? (
        <Alert color="blue">{t('empty')}</Alert>
      ) : (
        <ScrollTable label={t('tableLabel')} minWidth={900}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('columns.discipline')}</Table.Th>
                <Table.Th>{t('columns.kind')}</Table.Th>
                <Table.Th>{t('columns.audience')}</Table.Th>
                <Table.Th>{t('columns.weekly')}</Table.Th>
                <Table.Th ta="end">{t('columns.planned')}</Table.Th>
                <Table.Th ta="end">{t('columns.plannedSoFar')}</Table.Th>
                <Table.Th ta="end">{t('columns.given')}</Table.Th>
                <Table.Th ta="end">{t('columns.remaining')}</Table.Th>
                <Table.Th>{t('columns.status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {w.rows.map((r) => (
                <Table.Tr key={`${r.discipline.id}/${r.lessonKind.id}/${r.audience.kind}:${r.audience.id}`}>
                  <Table.Td>{localizedName(r.discipline)}</Table.Td>
                  <Table.Td>{localizedName(r.lessonKind)}</Table.Td>
                  <Table.Td>
                    {r.audience.name} ({t(`audience.${r.audience.kind}`)})
                  </Table.Td>
                  <Table.Td>{weeklyText(t as never, r.weekly)}</Table.Td>
                  <Table.Td ta="end">{n(r.planned)}</Table.Td>
                  <Table.Td ta="end">{n(r.plannedSoFar)}</Table.Td>
                  <Table.Td ta="end">{n(r.given)}</Table.Td>
                  <Table.Td ta="end">{n(r.remaining)}</Table.Td>
                  <Table.Td>
                    <WorkloadStatusBadge status={r.status} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr fw={700}>
                <Table.Th colSpan={4}>{t('total')}</Table.Th>
                <Table.Td ta="end">{n(w.totals.planned)}</Table.Td>
                <Table.Td ta="end">{n(w.totals.plannedSoFar)}</Table.Td>
                <Table.Td ta="end">{n(w.totals.given)}</Table.Td>
                <Table.Td ta="end">{n(w.totals.remaining)}</Table.Td>
                <Table.Td>
                  <WorkloadStatusBadge status={w.status} />
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
