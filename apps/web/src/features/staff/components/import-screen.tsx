import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Progress.css';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  NativeSelect,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { csvText } from '@okuu/contracts/csv';
import type { ImportedCredentials, ImportFailureReason, ImportKind, ImportReport } from '@okuu/contracts/staff/import';
import { importKinds } from '@okuu/contracts/staff/import';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { errorMessage } from '../../../lib/error-message';
import { checkImport, importJobStatus, startImport, templateUrl } from '../api/import';
import classes from './import.module.css';

type Result = { created: number; updated: number; unchanged: number; credentials: ImportedCredentials[] };
type Phase =
  | { name: 'idle' }
  | { name: 'checking' }
  | { name: 'checked'; report: ImportReport }
  | { name: 'running'; done: number; total: number }
  | { name: 'done'; result: Result }
  | { name: 'failed'; error?: unknown; reason?: ImportFailureReason | null };

const pollMs = 400;

/** The issued credentials as a CSV file (UTF-8 with BOM, fields safe for a spreadsheet) to download. */
function downloadList(rows: ImportedCredentials[], head: string[]) {
  const lines = [head, ...rows.map((r) => [r.fullName, r.unit, r.key, r.login, r.password])];
  const blob = new Blob([csvText(lines)], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = 'credentials.csv';
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Staff: import students or groups from a file; a dry run first, then the import with a progress bar. */
export function ImportScreen() {
  const { t } = useTranslation('staff-import');
  const [kind, setKind] = useState<ImportKind>('students');
  const [file, setFile] = useState<File | null>(null);
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [error, setError] = useState<unknown>(null);
  const alive = useRef(true);
  useEffect(
    () => () => {
      alive.current = false;
    },
    [],
  );

  const pick = (f: File | null) => {
    setFile(f);
    setError(null);
    setPhase({ name: 'idle' });
  };

  const check = async () => {
    if (!file) return;
    setError(null);
    setPhase({ name: 'checking' });
    try {
      setPhase({ name: 'checked', report: await checkImport(kind, file) });
    } catch (e) {
      setError(e);
      setPhase({ name: 'idle' });
    }
  };

  const run = async () => {
    if (!file) return;
    setError(null);
    setPhase({ name: 'running', done: 0, total: 0 });
    try {
      const started = await startImport(kind, file);
      if (!started.job) {
        setPhase({ name: 'checked', report: started.report });
        return;
      }
      for (;;) {
        const s = await importJobStatus(started.job);
        if (!alive.current) return;
        if (s.state === 'running') setPhase({ name: 'running', done: s.done, total: s.total });
        else if (s.state === 'done' && s.result) return setPhase({ name: 'done', result: s.result });
        else return setPhase({ name: 'failed', reason: s.reason });
        await new Promise((r) => setTimeout(r, pollMs));
      }
    } catch (e) {
      setPhase({ name: 'failed', error: e });
    }
  };

  const columnName = (c: string) => (c ? t(`column.${c}` as 'column.group', { defaultValue: c }) : t('report.file'));
  const report = phase.name === 'checked' ? phase.report : null;
  const clean = report !== null && report.problemCount === 0 && report.lines > 0;

  if (phase.name === 'done') {
    const { result } = phase;
    const head = [t('result.name'), t('result.unit'), t('result.key'), t('result.login'), t('result.password')];
    return (
      <Stack gap="md" data-testid="import-result">
        <Alert color="green" title={t('result.title')}>
          {t('result.summary', result)}
        </Alert>
        {result.credentials.length > 0 && (
          <>
            <Alert color="yellow">{t('result.once')}</Alert>
            <Group>
              <Button onClick={() => window.print()}>{t('result.print')}</Button>
              <Button variant="default" onClick={() => downloadList(result.credentials, head)}>
                {t('result.download')}
              </Button>
            </Group>
            <div className={classes.slips}>
              {result.credentials.slice(0, 500).map((c) => (
                <div key={c.login} className={classes.slip} data-testid="import-slip">
                  <Text fw={600} size="sm">
                    {c.fullName}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.unit} · {c.key}
                  </Text>
                  <Text size="sm">
                    {t('result.login')}:{' '}
                    <span className={classes.secret} data-testid="slip-login">
                      {c.login}
                    </span>
                  </Text>
                  <Text size="sm">
                    {t('result.password')}:{' '}
                    <span className={classes.secret} data-testid="slip-password">
                      {c.password}
                    </span>
                  </Text>
                </div>
              ))}
            </div>
          </>
        )}
        <Group>
          <Button variant="default" onClick={() => pick(null)}>
            {t('result.again')}
          </Button>
        </Group>
      </Stack>
    );
  }

  const running = phase.name === 'running';
  return (
    <Stack gap="md">
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              label={t('kind.label')}
              value={kind}
              disabled={running}
              onChange={(e) => {
                setKind(e.currentTarget.value as ImportKind);
                setPhase({ name: 'idle' });
              }}
              data={importKinds.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
            />
            <Text size="sm">
              {t('template.label')}:{' '}
              <Anchor href={templateUrl(kind, 'xlsx')} download data-testid="template-xlsx">
                {t('template.xlsx')}
              </Anchor>
              {' · '}
              <Anchor href={templateUrl(kind, 'csv')} download>
                {t('template.csv')}
              </Anchor>
            </Text>
          </Group>
          <Group wrap="wrap">
            <FileButton onChange={pick} accept=".csv,.xlsx,text/csv" disabled={running}>
              {(props) => (
                <Button variant="default" {...props} data-testid="import-file">
                  {t('file.placeholder')}
                </Button>
              )}
            </FileButton>
            {file && <Text size="sm">{file.name}</Text>}
          </Group>
          <Group>
            <Button onClick={check} disabled={!file || running} loading={phase.name === 'checking'}>
              {t('check')}
            </Button>
            <Button onClick={run} disabled={!clean} color="green" data-testid="import-run">
              {t('import')}
            </Button>
          </Group>
        </Stack>
      </Paper>

      {error !== null && <Alert color="red">{errorMessage(error)}</Alert>}
      {phase.name === 'failed' && (
        <Alert color="red" role="alert">
          {phase.error ? errorMessage(phase.error) : phase.reason ? t(`failedReason.${phase.reason}`) : t('failed')}
        </Alert>
      )}

      {running && (
        <Stack gap={4}>
          <Text size="sm">{t('progress', { done: phase.done, total: phase.total || '…' })}</Text>
          <Progress
            value={phase.total ? (100 * phase.done) / phase.total : 0}
            animated
            aria-label={t('progress', { done: phase.done, total: phase.total })}
            data-testid="import-progress"
          />
        </Stack>
      )}

      {report && (
        <Stack gap="sm" data-testid="import-report">
          <Title order={2} size="h4">
            {t('report.title')}
          </Title>
          <Group gap="xs">
            <Badge variant="light">{t('report.lines', { count: report.lines })}</Badge>
            {report.problemCount === 0 && (
              <>
                <Badge variant="light" color="green">
                  {t('report.create', { count: report.create })}
                </Badge>
                <Badge variant="light" color="blue">
                  {t('report.update', { count: report.update })}
                </Badge>
                <Badge variant="light" color="gray">
                  {t('report.unchanged', { count: report.unchanged })}
                </Badge>
              </>
            )}
            {report.problemCount > 0 && (
              <Badge variant="light" color="red">
                {t('report.problems', { count: report.problemCount })}
              </Badge>
            )}
          </Group>
          {clean && <Alert color="green">{t('report.clean')}</Alert>}
          {report.problems.length > 0 && (
            <ScrollTable minWidth={360} label={t('report.title')}>
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('report.line')}</Table.Th>
                    <Table.Th>{t('report.column')}</Table.Th>
                    <Table.Th>{t('report.problem')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {report.problems.map((p, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a line may have several problems; the list is fixed.
                    <Table.Tr key={i} data-testid="import-problem">
                      <Table.Td>{p.line || '—'}</Table.Td>
                      <Table.Td>{columnName(p.column)}</Table.Td>
                      <Table.Td>
                        {t(`problem.${p.code}`, {
                          ...p.params,
                          ...(typeof p.params.column === 'string' ? { column: columnName(p.params.column) } : {}),
                        })}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
          {report.problemCount > report.problems.length && (
            <Text size="sm" c="dimmed">
              {t('report.more', { shown: report.problems.length, count: report.problemCount })}
            </Text>
          )}
        </Stack>
      )}
    </Stack>
  );
}
