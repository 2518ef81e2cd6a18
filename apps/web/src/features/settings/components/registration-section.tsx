import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/InlineInput.css';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Switch, Table, Text, Title } from '@mantine/core';
import {
  electiveSwitch,
  permissionGrant,
  permissionRevoke,
  windowDelete,
  windowSave,
} from '@okuu/contracts/settings/registration';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { QueryView } from '../../../components/ui/query-view';
import { ScrollTable } from '../../../components/ui/scroll-table';
import { errorMessage } from '../../../lib/error-message';
import { formatDateTime } from '../../../lib/format';
import { toast } from '../../../lib/toast';
import { usePermissions, useRegistrationSettings, useSettingsChange } from '../api/settings';
import { Empty } from './empty';
import { type FieldSpec, type FormValues, SettingsForm } from './settings-form';

type HalfYear = { year: number; name: string; ws: number };
const keyOf = (h: { year: number; ws: number }) => `${h.year}/${h.ws}`;

/**
 * The students of a half-year who hold the elective permission (today's half-year first); give it to a group, take it
 * back from one.
 */
function Permissions({ halfYears, today }: { halfYears: HalfYear[]; today: { year: number; ws: number } }) {
  const { t } = useTranslation('staff-settings');
  const [chosen, setChosen] = useState(() =>
    halfYears.some((h) => keyOf(h) === keyOf(today)) ? keyOf(today) : halfYears[0] ? keyOf(halfYears[0]) : '',
  );
  const half = halfYears.find((h) => keyOf(h) === chosen) ?? null;
  const query = usePermissions(half);
  const [group, setGroup] = useState('');
  const grant = useSettingsChange(permissionGrant);
  const revokePermission = useSettingsChange(permissionRevoke);
  const label = (h: HalfYear) => `${h.name}, ${t(`calendar.ws${h.ws as 1 | 2 | 3}`)}`;

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('registration.permissions')}
        </Title>
        <NativeSelect
          label={t('registration.permissionsFor')}
          value={chosen}
          onChange={(e) => setChosen(e.currentTarget.value)}
          data={halfYears.map((h) => ({ value: keyOf(h), label: label(h) }))}
        />
        {half && (
          <QueryView query={query}>
            {(data) => (
              <Stack gap="sm">
                <Group align="flex-end" gap="xs">
                  <NativeSelect
                    label={t('registration.grantGroup')}
                    value={group}
                    onChange={(e) => setGroup(e.currentTarget.value)}
                    data={[
                      { value: '', label: t('registration.choose') },
                      ...data.groups.map((g) => ({ value: String(g.id), label: g.name })),
                    ]}
                    style={{ flex: 1 }}
                  />
                  <Button
                    disabled={group === ''}
                    loading={grant.isPending}
                    onClick={() =>
                      grant.mutate(
                        { year: half.year, ws: half.ws, id_group: group },
                        { onSuccess: (r) => toast(t('registration.granted', { count: r.added })) },
                      )
                    }
                  >
                    {t('registration.grant')}
                  </Button>
                </Group>
                {grant.isError && (
                  <Alert color="red" role="alert">
                    {errorMessage(grant.error)}
                  </Alert>
                )}
                {data.students.length === 0 ? (
                  <Empty>{t('registration.noPermissions')}</Empty>
                ) : (
                  <ScrollTable minWidth={360} mah={360} label={t('registration.permissions')}>
                    <Table striped verticalSpacing={4} stickyHeader>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{t('registration.group')}</Table.Th>
                          <Table.Th>{t('registration.student')}</Table.Th>
                          <Table.Th>{t('common.actions')}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.students.map((s) => (
                          <Table.Tr key={s.id}>
                            <Table.Td>{s.group}</Table.Td>
                            <Table.Td>{s.name}</Table.Td>
                            <Table.Td>
                              <DeleteButton
                                ns="staff-settings"
                                label={t('registration.revoke', { name: s.name })}
                                onDelete={() =>
                                  revokePermission.mutateAsync({ year: half.year, ws: half.ws, id_student: s.id })
                                }
                              />
                            </Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </ScrollTable>
                )}
              </Stack>
            )}
          </QueryView>
        )}
      </Stack>
    </Paper>
  );
}

/** Registration windows, the portal-wide elective switch and the elective permissions. */
export function RegistrationSection() {
  const { t } = useTranslation('staff-settings');
  const query = useRegistrationSettings();
  const electives = useSettingsChange(electiveSwitch);
  const deleteWindow = useSettingsChange(windowDelete);
  const [editing, setEditing] = useState<FormValues | null>(null);

  return (
    <QueryView query={query}>
      {(data) => {
        const label = (h: { year: number; ws: number }) =>
          `${data.halfYears.find((x) => x.year === h.year)?.name ?? h.year}, ${t(`calendar.ws${h.ws as 1 | 2 | 3}`)}`;
        const fields: FieldSpec[] = [
          {
            name: 'half',
            label: t('registration.halfYear'),
            kind: 'select',
            required: true,
            options: data.halfYears.map((h) => ({ value: keyOf(h), label: label(h) })),
          },
          { name: 'kredits', label: t('registration.creditCap'), kind: 'number', required: true },
          {
            name: 'from',
            label: t('registration.opens'),
            kind: 'datetime',
            required: true,
            hint: t('registration.timeZone'),
          },
          { name: 'to', label: t('registration.closes'), kind: 'datetime', required: true },
        ];
        return (
          <Stack gap="xl">
            <Stack gap="sm">
              <Paper withBorder p="md" radius="md">
                <Stack gap="xs">
                  <Title order={2} size="h4">
                    {t('registration.electives')}
                  </Title>
                  <Switch
                    label={t('registration.electivesOn')}
                    checked={data.electiveRegistration}
                    disabled={electives.isPending}
                    onChange={(e) => electives.mutate({ isElective: e.currentTarget.checked })}
                  />
                  {electives.isError && (
                    <Alert color="red" role="alert">
                      {errorMessage(electives.error)}
                    </Alert>
                  )}
                </Stack>
              </Paper>
              <Group justify="space-between">
                <Title order={2} size="h4">
                  {t('registration.windows')}
                </Title>
                <Button
                  onClick={() =>
                    setEditing({
                      half: data.halfYears[0] ? keyOf(data.halfYears[0]) : '',
                      kredits: '30',
                      from: '',
                      to: '',
                    })
                  }
                >
                  {t('registration.addWindow')}
                </Button>
              </Group>
              <Text size="sm" c="dimmed">
                {t('registration.timeZone')}
              </Text>
              {data.windows.length === 0 ? (
                <Empty>{t('registration.noWindows')}</Empty>
              ) : (
                <ScrollTable minWidth={520} label={t('registration.windows')}>
                  <Table striped verticalSpacing="xs">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>{t('registration.halfYear')}</Table.Th>
                        <Table.Th>{t('registration.opens')}</Table.Th>
                        <Table.Th>{t('registration.closes')}</Table.Th>
                        <Table.Th>{t('registration.creditCap')}</Table.Th>
                        <Table.Th>{t('common.actions')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.windows.map((w) => (
                        <Table.Tr key={keyOf(w)}>
                          <Table.Td>{label(w)}</Table.Td>
                          <Table.Td>{formatDateTime(w.from)}</Table.Td>
                          <Table.Td>{formatDateTime(w.to)}</Table.Td>
                          <Table.Td>{w.creditCap}</Table.Td>
                          <Table.Td>
                            <Group gap={4} wrap="nowrap">
                              <Button
                                size="compact-sm"
                                variant="default"
                                onClick={() =>
                                  setEditing({ half: keyOf(w), kredits: String(w.creditCap), from: w.from, to: w.to })
                                }
                              >
                                {t('common.edit')}
                              </Button>
                              <DeleteButton
                                ns="staff-settings"
                                label={t('registration.deleteWindow', { half: label(w) })}
                                onDelete={() => deleteWindow.mutateAsync({ year: w.year, ws: w.ws })}
                              />
                            </Group>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              )}
              <SettingsForm
                title={t('registration.editWindow')}
                opened={editing !== null}
                onClose={() => setEditing(null)}
                fields={fields}
                initial={editing ?? {}}
                endpoint={windowSave}
                toInput={(v) => {
                  const [year = '', ws = ''] = String(v.half).split('/');
                  return { year, ws, from: v.from, to: v.to, kredits: v.kredits };
                }}
              />
            </Stack>
            {data.halfYears.length > 0 && <Permissions halfYears={data.halfYears} today={data.today} />}
          </Stack>
        );
      }}
    </QueryView>
  );
}
