import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  NumberInput,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import type { GradingColumn } from '@okuu/contracts/grading/sheets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { useSaveScheme, useScheme } from '../api/sheets';
import { columnName } from '../lib/columns';

/** At most this many columns (the contract's limit). */
const MAX_COLUMNS = 6;

/** The sensible defaults per form of control: an examination 30 + 30 + 40, a credit test without one 50 + 50. */
const presets: Record<'exam' | 'credit', GradingColumn[]> = {
  exam: [
    { kind: 'module', max: 30 },
    { kind: 'module', max: 30 },
    { kind: 'exam', max: 40 },
  ],
  credit: [
    { kind: 'module', max: 50 },
    { kind: 'module', max: 50 },
  ],
};

/** What keeps a scheme from being saved: the maxima must sum to 100 and admission must be reachable. */
function problems(columns: GradingColumn[], admissionMin: number) {
  const sum = columns.reduce((s, c) => s + c.max, 0);
  const modules = columns.filter((c) => c.kind === 'module').reduce((s, c) => s + c.max, 0);
  return { sum, modules, badSum: sum !== 100, badAdmission: admissionMin > modules };
}

/** The form: a row per control point with its maximum, the exam as the last column or none, admission minimum. */
function SchemeForm({
  disciplineId,
  initial,
  onDone,
}: {
  disciplineId: number;
  initial: { columns: GradingColumn[]; admissionMin: number; isDefault: boolean };
  onDone: () => void;
}) {
  const { t } = useTranslation('grading');
  const [columns, setColumns] = useState<GradingColumn[]>(initial.columns);
  const [admissionMin, setAdmissionMin] = useState(initial.admissionMin);
  const save = useSaveScheme(disciplineId);
  const hasExam = columns.at(-1)?.kind === 'exam';
  const moduleCount = columns.filter((c) => c.kind === 'module').length;
  const check = problems(columns, admissionMin);

  const setMax = (index: number, value: number | string) =>
    setColumns((list) =>
      list.map((c, i) => (i === index ? { ...c, max: typeof value === 'number' ? Math.round(value) : 0 } : c)),
    );
  const addModule = () =>
    setColumns((list) => {
      const at = list.at(-1)?.kind === 'exam' ? list.length - 1 : list.length;
      return [...list.slice(0, at), { kind: 'module', max: 0 }, ...list.slice(at)];
    });
  const remove = (index: number) => setColumns((list) => list.filter((_, i) => i !== index));
  const toggleExam = (on: boolean) =>
    setColumns((list) => (on ? [...list, { kind: 'exam', max: 0 }] : list.filter((c) => c.kind !== 'exam')));

  return (
    <Stack gap="sm">
      <Text size="sm">{t('scheme.text')}</Text>
      {initial.isDefault ? (
        <Text size="sm" c="dimmed">
          {t('scheme.isDefault')}
        </Text>
      ) : null}
      <Group gap="xs">
        <Text size="sm">{t('scheme.presets')}</Text>
        <Button variant="default" size="xs" onClick={() => setColumns(presets.exam)}>
          {t('scheme.presetExam')}
        </Button>
        <Button variant="default" size="xs" onClick={() => setColumns(presets.credit)}>
          {t('scheme.presetCredit')}
        </Button>
      </Group>
      <Table fz="sm" verticalSpacing={4} aria-label={t('scheme.columns')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('scheme.column')}</Table.Th>
            <Table.Th>{t('scheme.max')}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t('scheme.remove')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {columns.map((column, i) => {
            const name = columnName(columns, i, t);
            return (
              <Table.Tr key={`${column.kind}-${name}`}>
                <Table.Td>{name}</Table.Td>
                <Table.Td>
                  <NumberInput
                    aria-label={t('scheme.maxOf', { column: name })}
                    value={column.max}
                    onChange={(v) => setMax(i, v)}
                    min={1}
                    max={100}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="strict"
                    w={96}
                    size="xs"
                  />
                </Table.Td>
                <Table.Td>
                  {column.kind === 'module' && moduleCount > 1 ? (
                    <ActionIcon
                      variant="default"
                      size="md"
                      onClick={() => remove(i)}
                      aria-label={t('scheme.removeOf', { column: name })}
                    >
                      ×
                    </ActionIcon>
                  ) : null}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Group gap="md">
        <Button variant="default" size="xs" onClick={addModule} disabled={columns.length >= MAX_COLUMNS}>
          {t('scheme.addModule')}
        </Button>
        <Checkbox
          label={t('scheme.withExam')}
          checked={hasExam}
          disabled={!hasExam && columns.length >= MAX_COLUMNS}
          onChange={(e) => toggleExam(e.currentTarget.checked)}
        />
      </Group>
      <Text size="sm" fw={600} c={check.badSum ? 'var(--mantine-color-error)' : undefined} aria-live="polite">
        {check.badSum ? t('scheme.sumWrong', { sum: check.sum }) : t('scheme.sumOk')}
      </Text>
      <NumberInput
        label={t('scheme.admission')}
        description={t('scheme.admissionHint', { modules: check.modules })}
        value={admissionMin}
        onChange={(v) => setAdmissionMin(typeof v === 'number' ? Math.round(v) : 0)}
        min={0}
        max={100}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        error={check.badAdmission ? t('scheme.admissionWrong', { modules: check.modules }) : undefined}
        w={{ base: '100%', xs: 320 }}
      />
      {save.isError ? <Alert color="red">{errorMessage(save.error)}</Alert> : null}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          {t('close.cancel')}
        </Button>
        <Button
          disabled={check.badSum || check.badAdmission}
          loading={save.isPending}
          onClick={() => save.mutate({ columns, admissionMin }, { onSuccess: onDone })}
        >
          {t('scheme.save')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Staff: the discipline's control points and their maxima, edited in a dialog. */
export function SchemeButton({ disciplineId, disciplineName }: { disciplineId: number; disciplineName: string }) {
  const { t } = useTranslation('grading');
  const [opened, setOpened] = useState(false);
  const scheme = useScheme(disciplineId, opened);
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('scheme.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('scheme.heading', { discipline: disciplineName })}
        centered
        size="lg"
        closeButtonProps={{ 'aria-label': t('close.cancel') }}
      >
        {opened ? (
          <QueryView query={scheme}>
            {(data) => <SchemeForm disciplineId={disciplineId} initial={data} onDone={() => setOpened(false)} />}
          </QueryView>
        ) : null}
      </Modal>
    </>
  );
}
