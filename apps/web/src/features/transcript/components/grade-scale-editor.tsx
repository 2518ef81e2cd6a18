import '@mantine/core/styles/Table.css';
import { ActionIcon, Alert, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import {
  type GradeBand,
  gradeBand,
  gradeScaleLimits,
  type ScaleProblem,
  scaleProblem,
} from '@okuu/contracts/transcript/grade-scale';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TrashIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { useGradeScale } from '../api/get-grade-scale';
import { useSaveGradeScale } from '../api/save-grade-scale';

/** A row as typed: every cell is text until it is checked. */
interface Row {
  key: number;
  letter: string;
  minPoints: string;
  maxPoints: string;
  numeric: string;
}

let nextKey = 1;
const toRow = (band: GradeBand): Row => ({
  key: nextKey++,
  letter: band.letter,
  minPoints: String(band.minPoints),
  maxPoints: String(band.maxPoints),
  numeric: formatNumber(band.numeric, 2),
});

/** The typed rows as bands, or null when a cell is not a valid value. */
function bandsOf(rows: Row[]): GradeBand[] | null {
  const bands: GradeBand[] = [];
  for (const row of rows) {
    const number = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.replace(',', '.')));
    const parsed = gradeBand.safeParse({
      letter: row.letter.trim().toUpperCase(),
      minPoints: number(row.minPoints),
      maxPoints: number(row.maxPoints),
      numeric: number(row.numeric),
    });
    if (!parsed.success) return null;
    bands.push(parsed.data);
  }
  return bands;
}

/**
 * Staff edit the grading scale: each band's letter, points from–to and numeric equivalent. The whole scale is checked
 * before it is sent (0–100 covered once, each letter once, more points never worth less) and saved at once.
 */
export function GradeScaleEditor() {
  const scale = useGradeScale();
  return <QueryView query={scale}>{(bands) => <ScaleForm saved={bands} />}</QueryView>;
}

function ScaleForm({ saved }: { saved: GradeBand[] }) {
  const { t } = useTranslation('transcript');
  const save = useSaveGradeScale();
  const [rows, setRows] = useState<Row[]>(() => saved.map(toRow));
  const [problem, setProblem] = useState<string | null>(null);

  const problemText = (found: ScaleProblem) => {
    switch (found.code) {
      case 'empty':
        return t('scale.problems.empty');
      case 'tooMany':
        return t('scale.problems.tooMany', { max: found.max });
      case 'duplicateLetter':
        return t('scale.problems.duplicateLetter', { letter: found.letter });
      case 'reversed':
        return t('scale.problems.reversed', { letter: found.letter });
      case 'gap':
        return t('scale.problems.gap', { from: found.from, to: found.to });
      case 'overlap':
        return t('scale.problems.overlap', { letter: found.letter });
      case 'order':
        return t('scale.problems.order', { letter: found.letter, other: found.other });
    }
  };

  function change(key: number, field: keyof Omit<Row, 'key'>, value: string) {
    setRows((current) => current.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
    setProblem(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const bands = bandsOf(rows);
    if (!bands) {
      setProblem(t('scale.problems.invalid'));
      return;
    }
    const found = scaleProblem(bands);
    if (found) {
      setProblem(problemText(found));
      return;
    }
    setProblem(null);
    save.mutate(bands, {
      onSuccess: (saved) => {
        setRows(saved.map(toRow));
        toast(t('scale.saved'));
      },
      onError: (error) => toast(t('scale.failure', { reason: errorMessage(error) }), 'error'),
    });
  }

  const cell = (row: Row, field: keyof Omit<Row, 'key'>, width: number, mode: 'text' | 'numeric' | 'decimal') => (
    <TextInput
      aria-label={`${t(`scale.${field}`)} (${row.letter || '—'})`}
      value={row[field]}
      onChange={(event) => change(row.key, field, event.currentTarget.value)}
      inputMode={mode}
      w={width}
      size="sm"
      disabled={save.isPending}
    />
  );

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <ScrollTable minWidth={480} label={t('scale.table')}>
          <Table verticalSpacing={4} withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('scale.letter')}</Table.Th>
                <Table.Th>{t('scale.minPoints')}</Table.Th>
                <Table.Th>{t('scale.maxPoints')}</Table.Th>
                <Table.Th>{t('scale.numeric')}</Table.Th>
                <Table.Th w={48} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Td>{cell(row, 'letter', 80, 'text')}</Table.Td>
                  <Table.Td>{cell(row, 'minPoints', 90, 'numeric')}</Table.Td>
                  <Table.Td>{cell(row, 'maxPoints', 90, 'numeric')}</Table.Td>
                  <Table.Td>{cell(row, 'numeric', 100, 'decimal')}</Table.Td>
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red.9"
                      aria-label={t('scale.remove', { letter: row.letter || '—' })}
                      title={t('scale.remove', { letter: row.letter || '—' })}
                      onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
                      disabled={save.isPending}
                    >
                      <TrashIcon size={18} />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {problem && (
          <Alert color="red" variant="light" role="alert">
            {problem}
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {t('scale.save')}
          </Button>
          <Button
            variant="default"
            disabled={rows.length >= gradeScaleLimits.maxBands || save.isPending}
            onClick={() =>
              setRows((current) => [
                ...current,
                { key: nextKey++, letter: '', minPoints: '', maxPoints: '', numeric: '' },
              ])
            }
          >
            {t('scale.add')}
          </Button>
          <Button
            variant="subtle"
            disabled={save.isPending}
            onClick={() => {
              setRows(saved.map(toRow));
              setProblem(null);
            }}
          >
            {t('scale.reset')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
