import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Alert, Group, Loader, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
import { formatShortDate } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useAssessments } from '../api/get-choices';
import { useStudentJournal } from '../api/get-student-journal';
import classes from './journal.module.css';

const AttendanceChart = lazy(() => import('./attendance-chart'));

/** A student's own journals of the half-year: per discipline and kind, the dates and marks, the totals, a chart. */
export function StudentJournal() {
  const { t } = useTranslation('journal');
  const journals = useStudentJournal();
  const assessments = useAssessments();
  const [discipline, setDiscipline] = useState<string | null>(null);

  if (journals.isPending || assessments.isPending) return <Loader size="sm" />;
  if (journals.isError) return <Alert color="red">{t('loadFailed', { reason: errorMessage(journals.error) })}</Alert>;
  if (!journals.data.length) return <Alert color="blue">{t('student.empty')}</Alert>;
  const codes = new Map((assessments.data ?? []).map((a) => [a.id_otsenka, a]));
  const disciplines = [...new Map(journals.data.map((j) => [j.id_discipline, j.discipline])).entries()];
  const shown = journals.data.filter((j) => discipline === null || String(j.id_discipline) === discipline);

  // Attendance per discipline: lessons with a mark other than 'н/б' count as attended.
  const bars = disciplines.map(([id, name]) => {
    const of = journals.data.filter((j) => j.id_discipline === id);
    const marked = of.flatMap((j) => j.dates).filter((d) => d.id_otsenka !== null).length;
    const missed = of.reduce((n, j) => n + j.absences, 0);
    return { discipline: localizedName(name), attended: marked - missed, missed };
  });

  return (
    <Stack gap="lg">
      <Text c="dimmed">{t('student.intro')}</Text>
      <Paper withBorder p="md">
        <Title order={2} size="h4" mb="sm">
          {t('student.chart')}
        </Title>
        <Suspense fallback={<Text size="sm">{t('student.chartLoading')}</Text>}>
          <AttendanceChart data={bars} />
        </Suspense>
      </Paper>
      <Select
        label={t('student.discipline')}
        data={[
          { value: '', label: t('student.all') },
          ...disciplines.map(([id, name]) => ({ value: String(id), label: localizedName(name) })),
        ]}
        value={discipline ?? ''}
        onChange={(v) => setDiscipline(v ? v : null)}
        allowDeselect={false}
        maw={360}
      />
      {shown.map((j) => (
        <Paper key={`${j.id_discipline}/${j.id_vid_zaniatiy}`} withBorder p="md" data-testid="student-journal">
          <Group justify="space-between" align="flex-start" mb="xs">
            <div>
              <Title order={3} size="h5">
                {localizedName(j.discipline)} · {localizedName(j.lessonKind)}
              </Title>
              {j.teachers.length > 0 && (
                <Text size="sm" c="dimmed">
                  {t('student.teachers', { names: j.teachers.join(', ') })}
                </Text>
              )}
            </div>
            <Group gap="lg">
              <Text size="sm">
                {t('table.absences')}: <b data-testid="absences">{j.absences}</b>
              </Text>
              <Text size="sm">
                {t('table.points')}: <b>{j.points}</b>
              </Text>
              <Text size="sm">
                {t('table.average')}: <b>{j.average === null ? '—' : j.average.toFixed(2)}</b>
              </Text>
            </Group>
          </Group>
          <section
            className={classes.scroller}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the dates scroll sideways; keyboard users need to reach them.
            tabIndex={0}
            aria-label={localizedName(j.discipline)}
          >
            <Table withColumnBorders fz="sm" style={{ whiteSpace: 'nowrap' }}>
              <Table.Thead>
                <Table.Tr>
                  {j.dates.map((d) => (
                    <Table.Th key={d.id_lesson} ta="center" title={d.tema || undefined}>
                      {formatShortDate(d.visitDate).slice(0, 5)}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                <Table.Tr>
                  {j.dates.map((d) => {
                    const mark = d.id_otsenka === null ? undefined : codes.get(d.id_otsenka);
                    return (
                      <Table.Td
                        key={d.id_lesson}
                        ta="center"
                        className={mark?.isAbsence ? classes.absent : mark?.points === null ? classes.present : ''}
                      >
                        {mark?.code ?? ''}
                      </Table.Td>
                    );
                  })}
                </Table.Tr>
              </Table.Tbody>
            </Table>
          </section>
        </Paper>
      ))}
    </Stack>
  );
}
