import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import { Alert, Anchor, Button, Group, Select, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { formatNumber } from '../../../lib/format';
import { currentLanguage } from '../../../lib/i18n';
import { localizedName } from '../../../lib/localized';
import type { WorkloadPeriod } from '../api/get-my-workload';
import { useTeacherWorkload } from '../api/get-teacher-workload';
import { useTeachersWorkload } from '../api/get-teachers-workload';
import { PeriodPicker } from './period-picker';
import { WorkloadStatusBadge, WorkloadTable } from './workload-table';

/** Staff: every teacher's totals by department (those behind or over plan marked); a teacher's rows on a click. */
export function StaffWorkload() {
  const { t } = useTranslation('workload');
  const [period, setPeriod] = useState<WorkloadPeriod>({});
  const [department, setDepartment] = useState('');
  const [onlyMarked, setOnlyMarked] = useState(false);
  // The teacher open is in the address (?teacher=<id>): the browser's Back returns to the list.
  const [params, setParams] = useSearchParams();
  const teacher = Number(params.get('teacher')) || null;
  const setTeacher = (id: number | null) => setParams(id === null ? {} : { teacher: String(id) });
  const query = useTeachersWorkload({ ...period, departmentId: department ? Number(department) : undefined });

  if (teacher !== null) {
    const shown = query.data ? { year: query.data.year, ws: query.data.ws } : period;
    return <TeacherDetail teacherId={teacher} period={shown} onBack={() => setTeacher(null)} />;
  }

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        <PeriodPicker shown={query.data} onChange={setPeriod} />
        <Select
          label={t('staff.department')}
          w={{ base: '100%', xs: 320 }}
          data={[
            { value: '', label: t('staff.allDepartments') },
            ...(query.data?.departments ?? []).map((d) => ({ value: String(d.id), label: localizedName(d) })),
          ]}
          value={department}
          onChange={(v) => setDepartment(v ?? '')}
          allowDeselect={false}
          searchable
        />
        <Switch
          label={t('staff.onlyMarked')}
          checked={onlyMarked}
          onChange={(e) => setOnlyMarked(e.currentTarget.checked)}
          mb={8}
        />
      </Group>
      <QueryView query={query}>
        {(data) => {
          const teachers = data.teachers.filter((r) => !onlyMarked || r.status !== 'ok');
          const count = (s: string) => data.teachers.filter((r) => r.status === s).length;
          const departments = data.departments.filter((d) => teachers.some((r) => r.departmentId === d.id));
          return (
            <Stack gap="lg">
              <Text size="sm" c="dimmed">
                {t('staff.marked', { behind: count('behind'), over: count('over') })}
              </Text>
              {departments.length === 0 && <Alert color="blue">{t('staff.none')}</Alert>}
              {departments.map((d) => {
                const name = localizedName(d);
                const headingId = `workload-department-${d.id}`;
                return (
                  <section key={d.id} aria-labelledby={headingId}>
                    <Title order={2} size="h4" id={headingId} mb="xs">
                      {t('staff.teachers', { name })}
                    </Title>
                    <ScrollTable label={t('staff.teachers', { name })} minWidth={720}>
                      <Table striped verticalSpacing="xs">
                        <Table.Thead>
                          <Table.Tr>
                            <Table.Th>{t('columns.teacher')}</Table.Th>
                            <Table.Th ta="end">{t('columns.planned')}</Table.Th>
                            <Table.Th ta="end">{t('columns.plannedSoFar')}</Table.Th>
                            <Table.Th ta="end">{t('columns.given')}</Table.Th>
                            <Table.Th ta="end">{t('columns.remaining')}</Table.Th>
                            <Table.Th>{t('columns.status')}</Table.Th>
                          </Table.Tr>
                        </Table.Thead>
                        <Table.Tbody>
                          {teachers
                            .filter((r) => r.departmentId === d.id)
                            .map((r) => (
                              <Table.Tr key={r.id} data-teacher={r.id}>
                                <Table.Td>
                                  <Anchor
                                    component="button"
                                    type="button"
                                    onClick={() => setTeacher(r.id)}
                                    aria-label={t('staff.open', { name: r.name })}
                                    ta="start"
                                    // Text colour, underlined: readable on the striped rows in both themes.
                                    c="var(--mantine-color-text)"
                                    underline="always"
                                  >
                                    {r.name}
                                  </Anchor>
                                </Table.Td>
                                <Table.Td ta="end">{formatNumber(r.planned)}</Table.Td>
                                <Table.Td ta="end">{formatNumber(r.plannedSoFar)}</Table.Td>
                                <Table.Td ta="end">{formatNumber(r.given)}</Table.Td>
                                <Table.Td ta="end">{formatNumber(r.remaining)}</Table.Td>
                                <Table.Td>
                                  <WorkloadStatusBadge status={r.status} />
                                </Table.Td>
                              </Table.Tr>
                            ))}
                        </Table.Tbody>
                      </Table>
                    </ScrollTable>
                  </section>
                );
              })}
            </Stack>
          );
        }}
      </QueryView>
    </Stack>
  );
}

/** One teacher's workload for staff, with the way back to the list. */
function TeacherDetail({
  teacherId,
  period,
  onBack,
}: {
  teacherId: number;
  period: WorkloadPeriod;
  onBack: () => void;
}) {
  const { t } = useTranslation('workload');
  const query = useTeacherWorkload(teacherId, period);
  return (
    <Stack gap="md">
      <Group>
        <Button variant="default" onClick={onBack}>
          {t('staff.back')}
        </Button>
      </Group>
      <QueryView query={query}>
        {(w) => (
          <WorkloadTable
            workload={w}
            xlsx={`/api/staff/workload/teacher.xlsx?${new URLSearchParams({ teacherId: String(teacherId), year: String(w.year), ws: String(w.ws), lang: currentLanguage() })}`}
          />
        )}
      </QueryView>
    </Stack>
  );
}
