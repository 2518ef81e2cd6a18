import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import { Alert, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core';
import type { DataOf } from '@okuu/contracts/endpoint';
import type { Assessment } from '@okuu/contracts/journal/common';
import type { studentJournal } from '@okuu/contracts/journal/journal';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatNumber } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useAssessments } from '../api/get-choices';
import { useStudentJournal } from '../api/get-student-journal';
import { markLabel } from '../lib/marks';
import classes from './journal.module.css';
import { LessonHeading } from './lesson-heading';

const AttendanceChart = lazy(() => import('./attendance-chart'));

/** A student's own journals of the half-year: per discipline and kind, the dates and marks, the totals, a chart. */
export function StudentJournal() {
  const journals = useStudentJournal();
  const assessments = useAssessments();
  return (
    <QueryView queries={[journals, assessments] as const}>
      {([list, scale]) => <StudentJournals journals={list} scale={scale} />}
    </QueryView>
  );
}

function StudentJournals({ journals, scale }: { journals: DataOf<typeof studentJournal>; scale: Assessment[] }) {
  const { t } = useTranslation('journal');
  const [discipline, setDiscipline] = useState<string | null>(null);

  if (!journals.length) return <Alert color="blue">{t('student.empty')}</Alert>;
  const codes = new Map(scale.map((a) => [a.id_otsenka, a]));
  const disciplines = [...new Map(journals.map((j) => [j.id_discipline, j.discipline])).entries()];
  const shown = journals.filter((j) => discipline === null || String(j.id_discipline) === discipline);

  // Attendance per discipline: lessons with a mark other than 'н/б' count as attended.
  const bars = disciplines.map(([id, name]) => {
    const of = journals.filter((j) => j.id_discipline === id);
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
                {t('table.average')}: <b>{j.average === null ? '—' : formatNumber(j.average, 2)}</b>
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
                      <LessonHeading lesson={d} />
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
                        {markLabel(mark, t)}
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
