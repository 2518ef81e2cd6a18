import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Group, Modal, NativeSelect, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import type { GradingSheet } from '@okuu/contracts/grading/sheets';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { errorMessage } from '../../../lib/error-message';
import { localizedName } from '../../../lib/localized';
import { type Period, useIssueRetake, useReopenSheet, useSheet, useStaffSheets } from '../api/sheets';
import { PeriodPicker } from './period-picker';
import { SchemeButton } from './scheme-editor';
import { SheetGrid } from './sheet-grid';
import { SheetDownloads, SheetHeader } from './sheet-header';
import { SheetList } from './teacher-sheets';

function ReopenButton({ id }: { id: number }) {
  const { t } = useTranslation('grading');
  const [opened, setOpened] = useState(false);
  const [reason, setReason] = useState('');
  const reopen = useReopenSheet(id);
  const short = reason.trim().length < 3;
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('reopen.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('reopen.heading')}
        centered
        closeButtonProps={{ 'aria-label': t('close.cancel') }}
      >
        <Stack gap="sm">
          <Textarea
            label={t('reopen.reason')}
            description={t('reopen.reasonHint')}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            maxLength={500}
            autosize
            minRows={2}
            data-autofocus
          />
          {reopen.isError ? <Alert color="red">{errorMessage(reopen.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={reopen.isPending}>
              {t('close.cancel')}
            </Button>
            <Button
              disabled={short}
              loading={reopen.isPending}
              onClick={() => reopen.mutate(reason.trim(), { onSuccess: () => setOpened(false) })}
            >
              {t('reopen.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** Issues the retake sheet of a closed sheet (its students below the pass mark), and opens it. */
function RetakeButton({ id }: { id: number }) {
  const { t } = useTranslation('grading');
  const [, setParams] = useSearchParams();
  const retake = useIssueRetake();
  return (
    <Stack gap={4} align="flex-end">
      <Button
        variant="default"
        loading={retake.isPending}
        onClick={() => retake.mutate({ id }, { onSuccess: (made) => setParams({ sheet: String(made.id) }) })}
      >
        {t('retake.button')}
      </Button>
      {retake.isError ? (
        <Text size="xs" c="red.8" role="alert">
          {errorMessage(retake.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Issues an individual examination sheet of a closed sheet for one of its students (illness, transfer), and opens it:
 * its teachers fill and close it the same way, and its result replaces the student's in the transcript.
 */
function IndividualButton({ sheet }: { sheet: GradingSheet }) {
  const { t } = useTranslation('grading');
  const [, setParams] = useSearchParams();
  const [opened, setOpened] = useState(false);
  const [student, setStudent] = useState('');
  const issue = useIssueRetake();
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        {t('individual.button')}
      </Button>
      <Modal
        opened={opened}
        onClose={() => setOpened(false)}
        title={t('individual.heading')}
        centered
        closeButtonProps={{ 'aria-label': t('close.cancel') }}
      >
        <Stack gap="sm">
          <Text size="sm">{t('individual.text')}</Text>
          <NativeSelect
            label={t('individual.student')}
            value={student}
            onChange={(e) => setStudent(e.currentTarget.value)}
            data={[
              { value: '', label: t('individual.choose') },
              ...sheet.rows.map((r) => ({
                value: String(r.studentId),
                label: `${r.name} — ${r.totals.total} ${r.totals.letter ?? ''}`.trim(),
              })),
            ]}
            data-autofocus
          />
          {issue.isError ? <Alert color="red">{errorMessage(issue.error)}</Alert> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)} disabled={issue.isPending}>
              {t('close.cancel')}
            </Button>
            <Button
              disabled={student === ''}
              loading={issue.isPending}
              onClick={() =>
                issue.mutate(
                  { id: sheet.id, studentId: Number(student) },
                  {
                    onSuccess: (made) => {
                      setOpened(false);
                      setParams({ sheet: String(made.id) });
                    },
                  },
                )
              }
            >
              {t('individual.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

function StaffSheet({ id, onBack }: { id: number; onBack: () => void }) {
  const { t } = useTranslation('grading');
  const sheet = useSheet(id, true);
  return (
    <QueryView query={sheet}>
      {(data) => (
        <Stack gap="md">
          <Group justify="space-between">
            <Button variant="subtle" onClick={onBack}>
              {t('back')}
            </Button>
            <Group gap="xs" wrap="wrap">
              <SheetDownloads id={id} />
              <SchemeButton
                disciplineId={data.discipline.id}
                disciplineName={`${data.discipline.code} ${localizedName(data.discipline)}`}
              />
            </Group>
            {data.status === 'closed' ? (
              <Group gap="xs" wrap="wrap" align="flex-start">
                {data.kind === 'regular' ? <RetakeButton id={id} /> : null}
                {data.kind === 'regular' ? <IndividualButton sheet={data} /> : null}
                <ReopenButton id={id} />
              </Group>
            ) : null}
          </Group>
          <SheetHeader sheet={data} />
          <SheetGrid sheet={data} editable={false} />
        </Stack>
      )}
    </QueryView>
  );
}

/** /lms/staff/grading: the half-year's sheets by status; one opens read-only, and a closed one can be reopened. */
export function StaffSheets() {
  const { t } = useTranslation('grading');
  const [params, setParams] = useSearchParams();
  const open = Number(params.get('sheet'));
  const [status, setStatus] = useState<'all' | 'open' | 'closed'>('closed');
  const [period, setPeriod] = useState<Period>({});
  const sheets = useStaffSheets(status === 'all' ? period : { ...period, status });
  if (Number.isInteger(open) && open > 0) return <StaffSheet id={open} onBack={() => setParams({})} />;
  return (
    <Stack gap="sm">
      <PeriodPicker value={period} onChange={setPeriod} />
      <SegmentedControl
        aria-label={t('list.status')}
        value={status}
        onChange={(v) => setStatus(v as typeof status)}
        data={[
          { value: 'closed', label: t('status.closed') },
          { value: 'open', label: t('status.open') },
          { value: 'all', label: t('status.all') },
        ]}
        w="fit-content"
      />
      <QueryView query={sheets}>
        {(data) => <SheetList sheets={data} onOpen={(id) => setParams({ sheet: String(id) })} />}
      </QueryView>
    </Stack>
  );
}
