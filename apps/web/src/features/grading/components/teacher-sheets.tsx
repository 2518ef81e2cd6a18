import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Table.css';
import { Alert, Badge, Button, Group, List, Modal, Stack, Table, Text, Title, UnstyledButton } from '@mantine/core';
import type { GradingSheet, SheetSummary } from '@okuu/contracts/grading/sheets';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { type Period, useCloseSheet, useSheet, useTeacherSheets } from '../api/sheets';
import { columnName, statusBadge } from '../lib/columns';
import { PeriodPicker } from './period-picker';
import { SheetGrid } from './sheet-grid';
import { SheetDownloads, SheetHeader } from './sheet-header';

/** The sheets' list: discipline, group, kind, how full, status; a click opens one. */
export function SheetList({ sheets, onOpen }: { sheets: SheetSummary[]; onOpen: (id: number) => void }) {
  const { t } = useTranslation('grading');
  if (sheets.length === 0) return <Alert color="blue">{t('list.none')}</Alert>;
  return (
    <ScrollTable minWidth={560} label={t('list.label')}>
      <Table striped highlightOnHover withTableBorder verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('list.discipline')}</Table.Th>
            <Table.Th>{t('list.group')}</Table.Th>
            <Table.Th>{t('list.kind')}</Table.Th>
            <Table.Th ta="right">{t('list.filled')}</Table.Th>
            <Table.Th>{t('list.status')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sheets.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td>
                <UnstyledButton onClick={() => onOpen(s.id)} td="underline" fz="sm">
                  {s.discipline.code} {localizedName(s.discipline)}
                </UnstyledButton>
              </Table.Td>
              <Table.Td>{localizedName(s.audience)}</Table.Td>
              <Table.Td>{t(`kind.${s.kind}`)}</Table.Td>
              <Table.Td ta="right">{t('list.filledValue', { filled: s.filled, cells: s.cells })}</Table.Td>
              <Table.Td>
                <Badge {...statusBadge(s.status)}>
                  {t(`status.${s.status}`)}
                  {s.closedAt ? ` · ${formatDateTime(s.closedAt)}` : ''}
                </Badge>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** The cells still empty: each student's columns without points (they count as 0 when the sheet is closed). */
export function emptyCells(sheet: GradingSheet, t: TFunction<'grading'>) {
  const list: string[] = [];
  for (const row of sheet.rows) {
    const missing = row.cells
      .map((c, i) => (c.points === null ? columnName(sheet.columns, i, t) : null))
      .filter((x): x is string => x !== null);
    if (missing.length) list.push(`${row.name}: ${missing.join(', ')}`);
  }
  return list;
}

function CloseButton({ sheet }: { sheet: GradingSheet }) {
  const { t } = useTranslation('grading');
  const [opened, setOpened] = useState(false);
  const close = useCloseSheet(sheet.id);
  const empty = emptyCells(sheet, t);
  return (
    <>
      <Button onClick={() => setOpened(true)}>{t('close.button')}</Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('close.heading')}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('close.cancel') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('close.text')}</Text>
          {empty.length ? (
            <>
              <Text size="sm" fw={600}>
                {t('close.empty', { count: empty.length })}
              </Text>
              <section
                aria-label={t('close.emptyList')}
                // biome-ignore lint/a11y/noNoninteractiveTabindex: the list scrolls; keyboard users need to reach it.
                tabIndex={0}
                style={{ maxHeight: 240, overflow: 'auto' }}
              >
                <List size="sm">
                  {empty.map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
              </section>
            </>
          ) : (
            <Text size="sm">{t('close.noEmpty')}</Text>
          )}
          {close.isError ? <Alert color="red">{errorMessage(close.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={close.isPending}>
              {t('close.cancel')}
            </Button>
            <Button
              loading={close.isPending}
              onClick={() => close.mutate(undefined, { onSuccess: () => setOpened(false) })}
              data-autofocus
            >
              {t('close.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** A teacher's sheet: its heading, the grid, and closing it. */
function TeacherSheet({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('grading');
  const sheet = useSheet(id, false);
  return (
    <QueryView query={sheet}>
      {(data) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Button variant="subtle" onClick={onBack}>
              {t('back')}
            </Button>
            <Group gap="xs">
              <SheetDownloads id={id} />
              {data.editable ? <CloseButton sheet={data} /> : null}
            </Group>
          </Group>
          <SheetHeader sheet={data} />
          <SheetGrid sheet={data} editable={data.editable} />
        </Stack>
      )}
    </QueryView>
  );
}

/** /lms/grading for a teacher: the sheets of the half-year, one opened by `?sheet=`. */
export function TeacherSheets() {
  const { t } = useTranslation('grading');
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('sheet'));
  const [period, setPeriod] = useState<Period>({});
  const sheets = useTeacherSheets(period);
  if (Number.isInteger(open) && open > 0) {
    return <TeacherSheet id={open} onBack={() => setParams({})} />;
  }
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {period.year === undefined ? t('list.heading') : t('list.headingOf')}
      </Title>
      <PeriodPicker value={period} onChange={setPeriod} />
      <QueryView query={sheets}>
        {(data) => <SheetList sheets={data} onOpen={(id) => setParams({ sheet: String(id) })} />}
      </QueryView>
    </Stack>
  );
}
