import '@mantine/core/styles/Table.css';
import { Alert, Anchor, Button, FileButton, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  type BankImportReport,
  type BankProblem,
  bankExportUrl,
  bankFileLimits,
  bankTemplateUrl,
} from '@okuu/contracts/testing/bank-file';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { errorMessage } from '../../../lib/error-message';
import { formatNumber } from '../../../lib/format';
import { useImportBank } from '../api/teaching';

/** A problem's params as the catalogue's texts take them (numbers in the reader's way). */
const paramsOf = (p: BankProblem): Record<string, string | number> =>
  Object.fromEntries(Object.entries(p.params).map(([k, v]) => [k, typeof v === 'number' ? formatNumber(v) : v]));

/**
 * The bank as a file: its export (XLSX or CSV), the template, and the import of a file, which adds every question
 * or, with any problem, none and lists the problems by row.
 */
export function BankFilePanel({ discipline, questions }: { discipline: number; questions: number }) {
  const { t } = useTranslation('testing');
  const upload = useImportBank(discipline);
  const report: BankImportReport | undefined = upload.data;
  return (
    <Paper withBorder p="sm" component="section" aria-labelledby="bank-file-heading">
      <Stack gap="xs">
        <Text id="bank-file-heading" fw={600} size="sm">
          {t('bankFile.heading')}
        </Text>
        <Text size="sm">
          {t('bankFile.export')}:{' '}
          {questions > 0 ? (
            <>
              <Anchor
                underline="always"
                href={bankExportUrl(discipline, 'xlsx')}
                download
                data-testid="bank-export-xlsx"
              >
                XLSX
              </Anchor>
              {' · '}
              <Anchor underline="always" href={bankExportUrl(discipline, 'csv')} download>
                CSV
              </Anchor>
            </>
          ) : (
            <Text span c="dimmed" size="sm">
              {t('bankFile.nothingToExport')}
            </Text>
          )}
        </Text>
        <Text size="sm">
          {t('bankFile.template')}:{' '}
          <Anchor underline="always" href={bankTemplateUrl('xlsx')} download data-testid="bank-template-xlsx">
            XLSX
          </Anchor>
          {' · '}
          <Anchor underline="always" href={bankTemplateUrl('csv')} download>
            CSV
          </Anchor>
        </Text>
        <Text size="xs" c="dimmed">
          {t('bankFile.hint', { max: formatNumber(bankFileLimits.maxRows) })}
        </Text>
        <Group>
          <FileButton
            onChange={(file) => file && upload.mutate(file)}
            accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            disabled={upload.isPending}
          >
            {(props) => (
              <Button variant="default" size="sm" loading={upload.isPending} {...props} data-testid="bank-import">
                {t('bankFile.import')}
              </Button>
            )}
          </FileButton>
        </Group>
        {upload.isError && (
          <Alert color="red" role="alert">
            {errorMessage(upload.error)}
          </Alert>
        )}
        {report && report.problemCount === 0 && (
          <Alert color="green" role="status" data-testid="bank-import-done">
            {t('bankFile.imported', { count: report.imported, n: formatNumber(report.imported) })}
          </Alert>
        )}
        {report && report.problemCount > 0 && (
          <Stack gap="xs" data-testid="bank-import-problems">
            <Alert color="red" role="alert" title={t('bankFile.refused')}>
              {t('bankFile.problems', { count: report.problemCount, n: formatNumber(report.problemCount) })}
              {report.problemCount > report.problems.length &&
                ` ${t('bankFile.firstShown', { n: formatNumber(report.problems.length) })}`}
            </Alert>
            <ScrollTable label={t('bankFile.problemsTable')} minWidth={360}>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('bankFile.row')}</Table.Th>
                    <Table.Th scope="col">{t('bankFile.column')}</Table.Th>
                    <Table.Th scope="col">{t('bankFile.problem')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.problems.map((p, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: the list is shown as the server sent it.
                    <Table.Tr key={i}>
                      <Table.Td>{p.row > 0 ? formatNumber(p.row) : t('bankFile.wholeFile')}</Table.Td>
                      <Table.Td>{p.column || '—'}</Table.Td>
                      <Table.Td>{t(`bankFile.codes.${p.code}`, paramsOf(p))}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
