import '@mantine/core/styles/Table.css';
import { Button, EmptyState, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { type DocumentLanguage, type Transcript, transcriptPdfUrl } from '@okuu/contracts/transcript/transcript';
import { useTranslation } from 'react-i18next';
import { ChartIcon, DownloadIcon } from '../../../components/ui/icons';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { formatDate, formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localizedName } from '../../../lib/localized';
import { useTranscript } from '../api/get-transcript';
import classes from './transcript.module.css';

type Semester = Transcript['years'][number]['semesters'][number];

const gpaText = (value: number | null) => (value === null ? '—' : formatNumber(value, 2));

function SemesterTable({ yearName, semester }: { yearName: string; semester: Semester }) {
  const { t } = useTranslation('transcript');
  const heading = t('semesterHeading', {
    year: yearName,
    halfYear: t(`halfYear.${String(semester.ws_sort) as '1' | '2' | '3'}`),
    semester: localizedName(semester.semester),
  });
  return (
    <section className={classes.semester} aria-label={heading}>
      <Title order={3} size="h5" className={classes.tableTitle} mb={6}>
        {heading}
      </Title>
      <ScrollTable minWidth={440} label={t('resultsOf', { heading })}>
        <Table striped withTableBorder verticalSpacing={6} horizontalSpacing="xs" fz={{ base: 'xs', sm: 'sm' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>{t('columns.code')}</Table.Th>
              <Table.Th>{t('columns.discipline')}</Table.Th>
              <Table.Th className={classes.numeric}>{t('columns.credits')}</Table.Th>
              <Table.Th className={classes.numeric}>{t('columns.points')}</Table.Th>
              <Table.Th ta="center">{t('columns.letter')}</Table.Th>
              <Table.Th className={classes.numeric}>{t('columns.numeric')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {semester.rows.map((row) => (
              <Table.Tr key={row.id_discipline}>
                <Table.Td>{row.code_discipline}</Table.Td>
                <Table.Td>{localizedName(row)}</Table.Td>
                <Table.Td className={classes.numeric}>{row.kredits}</Table.Td>
                <Table.Td className={classes.numeric}>{row.points}</Table.Td>
                <Table.Td ta="center" fw={600}>
                  {row.ekv_bukv}
                </Table.Td>
                <Table.Td className={classes.numeric}>{formatNumber(row.ekv_num, 2)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th colSpan={2}>{t('semesterTotal')}</Table.Th>
              <Table.Th className={classes.numeric}>{semester.kredits_sum}</Table.Th>
              <Table.Th colSpan={3} className={classes.numeric}>
                {t('gpa', { gpa: gpaText(semester.kredits_avg) })}
              </Table.Th>
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </ScrollTable>
    </section>
  );
}

/**
 * A transcript (spec: Transcript): the student's header, the final results by academic year and half-year with credit
 * totals and GPA, the totals for the whole period, and the footer with the dean's signature line and the faculty. It
 * prints alone (print stylesheet) and downloads as a PDF in the interface language.
 */
export function TranscriptView({ studentId }: { studentId?: number }) {
  const transcript = useTranscript(studentId);
  return <QueryView query={transcript}>{(data) => <TranscriptContent data={data} studentId={studentId} />}</QueryView>;
}

function TranscriptContent({ data, studentId }: { data: Transcript; studentId?: number }) {
  const { t } = useTranslation('transcript');
  const language: DocumentLanguage = currentLanguage();
  const { student } = data;
  const facts: [string, string][] = [
    [t('header.student'), student.fullName],
    [t('header.birthDate'), student.birthDate ? formatDate(student.birthDate) : '—'],
    [t('header.faculty'), localizedName(student.faculty)],
    [t('header.speciality'), `${student.speciality.code} ${localizedName(student.speciality)}`],
    [t('header.group'), student.group],
    [t('header.studyForm'), t(`header.forms.${student.studyForm}`)],
  ];

  return (
    <Stack gap="md" className={classes.printable}>
      <Group gap="sm" className={classes.noPrint}>
        <Button variant="default" onClick={() => window.print()}>
          {t('print')}
        </Button>
        <Button
          component="a"
          href={transcriptPdfUrl(language, studentId)}
          download
          leftSection={<DownloadIcon size={16} />}
        >
          {t('downloadPdf')}
        </Button>
      </Group>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
        <Stack gap="md">
          <dl className={classes.facts}>
            {facts.map(([label, value]) => (
              <div key={label} className={classes.fact}>
                <dt>{label}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>

          {data.years.length === 0 ? (
            <EmptyState withIndicatorBackground>
              <EmptyState.Indicator>
                <ChartIcon size={28} />
              </EmptyState.Indicator>
              <EmptyState.Title order={2}>{t('empty.title')}</EmptyState.Title>
              <EmptyState.Description>{t('empty.text')}</EmptyState.Description>
            </EmptyState>
          ) : (
            data.years.map((year) => (
              <Stack key={year.id_a_year} gap={4}>
                <Title order={2} size="h4">
                  {t('yearHeading', { year: year.name })}
                </Title>
                {year.semesters.map((semester) => (
                  <SemesterTable key={semester.ws_sort} yearName={year.name} semester={semester} />
                ))}
                <Text size="sm" fs="italic" mt={4}>
                  {t('yearTotal', { year: year.name, credits: year.kredits_sum, gpa: gpaText(year.kredits_avg) })}
                </Text>
              </Stack>
            ))
          )}

          <Paper withBorder p="sm" radius="sm">
            <Group justify="space-between" gap="xs">
              <Text fw={700}>{t('overall')}</Text>
              <Text fw={700}>
                {t('credits', { count: data.kredits_sum })} · {t('gpa', { gpa: gpaText(data.kredits_avg) })}
              </Text>
            </Group>
          </Paper>

          <Text size="xs" c="dimmed">
            {t('scaleLegend')}:{' '}
            {data.scale
              .map((b) => `${b.letter} ${b.minPoints}–${b.maxPoints} = ${formatNumber(b.numeric, 2)}`)
              .join('; ')}
          </Text>

          <Group justify="space-between" align="flex-end" mt="lg" gap="md">
            <Text size="sm">
              {t('footer.dean')}
              <br />
              {localizedName(student.faculty)}
            </Text>
            <Text size="sm" ta="center">
              <span className={classes.signature} aria-hidden="true" />
              <br />
              <Text span size="xs" c="dimmed">
                {t('footer.signature')}
              </Text>
            </Text>
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
