import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import {
  type AcademicYearRow,
  halfYearDelete,
  halfYearSave,
  yearDelete,
  yearSave,
} from '@okuu/contracts/settings/calendar';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteButton } from '../../../components/ui/delete-button';
import { QueryView } from '../../../components/ui/query-view';
import { formatShortDate } from '../../../lib/format';
import { useCalendar, useSettingsChange } from '../api/settings';
import { Empty } from './empty';
import { type FieldSpec, type FormValues, SettingsForm } from './settings-form';

type Editing = { kind: 'year'; values: FormValues; isNew: boolean } | { kind: 'half'; values: FormValues };

/** Academic years and their half-years: today's half-year follows these dates. */
export function CalendarSection() {
  const { t } = useTranslation('staff-settings');
  const query = useCalendar();
  const deleteYear = useSettingsChange(yearDelete);
  const deleteHalfYear = useSettingsChange(halfYearDelete);
  const [editing, setEditing] = useState<Editing | null>(null);
  const half = (ws: number) => t(`calendar.ws${ws as 1 | 2 | 3}`);
  const nextYear = (years: AcademicYearRow[]) => (years[0]?.year ?? new Date().getFullYear()) + 1;

  const yearFields: FieldSpec[] = [
    {
      name: 'year',
      label: t('calendar.year'),
      kind: 'number',
      required: true,
      disabled: editing?.kind === 'year' && !editing.isNew,
    },
    { name: 'from', label: t('calendar.from'), kind: 'date', required: true },
    { name: 'to', label: t('calendar.to'), kind: 'date', required: true },
  ];
  const halfFields: FieldSpec[] = [
    { name: 'year', label: t('calendar.year'), kind: 'number', required: true, disabled: true },
    {
      name: 'ws',
      label: t('calendar.ws'),
      kind: 'select',
      required: true,
      options: [1, 2, 3].map((ws) => ({ value: String(ws), label: half(ws) })),
    },
    { name: 'from', label: t('calendar.from'), kind: 'date', required: true },
    { name: 'to', label: t('calendar.to'), kind: 'date', required: true },
  ];

  return (
    <QueryView query={query}>
      {(data) => (
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              {t('calendar.years')}
            </Title>
            <Button
              onClick={() =>
                setEditing({
                  kind: 'year',
                  isNew: true,
                  values: { year: String(nextYear(data.years)), from: '', to: '' },
                })
              }
            >
              {t('calendar.addYear')}
            </Button>
          </Group>
          <Text role="status">
            {t('calendar.today', {
              year: data.years.find((y) => y.year === data.today.year)?.name ?? data.today.year,
              half: half(data.today.ws),
            })}
          </Text>
          {data.years.length === 0 ? (
            <Empty>{t('calendar.empty')}</Empty>
          ) : (
            <Stack gap="sm">
              {data.years.map((y) => (
                <Paper key={y.year} withBorder p="sm" radius="md" component="section" aria-label={y.name}>
                  <Group justify="space-between" gap="xs">
                    <Group gap="xs">
                      <Title order={3} size="h5">
                        {y.name}
                      </Title>
                      {y.year === data.today.year && <Badge size="sm">{t('calendar.current')}</Badge>}
                      <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatShortDate(y.from)} – {formatShortDate(y.to)}
                      </Text>
                    </Group>
                    <Group gap={4} wrap="nowrap">
                      <Button
                        size="compact-sm"
                        variant="default"
                        onClick={() =>
                          setEditing({
                            kind: 'year',
                            isNew: false,
                            values: { year: String(y.year), from: y.from, to: y.to },
                          })
                        }
                      >
                        {t('common.edit')}
                      </Button>
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={y.halfYears.length === 3}
                        onClick={() =>
                          setEditing({
                            kind: 'half',
                            values: {
                              year: String(y.year),
                              ws: String([1, 2, 3].find((ws) => !y.halfYears.some((h) => h.ws === ws)) ?? 1),
                              from: '',
                              to: '',
                            },
                          })
                        }
                      >
                        {t('calendar.addHalf')}
                      </Button>
                      <DeleteButton
                        ns="staff-settings"
                        label={t('calendar.deleteYear', { name: y.name })}
                        onDelete={() => deleteYear.mutateAsync({ year: y.year })}
                      />
                    </Group>
                  </Group>
                  {y.halfYears.length === 0 ? (
                    <Text size="sm" c="dimmed" mt="xs">
                      {t('calendar.noHalves')}
                    </Text>
                  ) : (
                    <Stack gap={0} mt="xs">
                      {y.halfYears.map((h) => (
                        <Group
                          key={h.ws}
                          justify="space-between"
                          gap="xs"
                          py={4}
                          style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
                        >
                          <Group gap="xs">
                            <Text size="sm" w={84}>
                              {half(h.ws)}
                            </Text>
                            <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                              {formatShortDate(h.from)} – {formatShortDate(h.to)}
                            </Text>
                            {y.year === data.today.year && h.ws === data.today.ws && (
                              <Badge size="xs" variant="light">
                                {t('calendar.current')}
                              </Badge>
                            )}
                          </Group>
                          <Group gap={4} wrap="nowrap">
                            <Button
                              size="compact-xs"
                              variant="subtle"
                              aria-label={`${t('common.edit')}: ${half(h.ws)}, ${y.name}`}
                              onClick={() =>
                                setEditing({
                                  kind: 'half',
                                  values: { year: String(y.year), ws: String(h.ws), from: h.from, to: h.to },
                                })
                              }
                            >
                              {t('common.edit')}
                            </Button>
                            <DeleteButton
                              ns="staff-settings"
                              compact
                              label={t('calendar.deleteHalf', { half: half(h.ws), name: y.name })}
                              onDelete={() => deleteHalfYear.mutateAsync({ year: y.year, ws: h.ws })}
                            />
                          </Group>
                        </Group>
                      ))}
                    </Stack>
                  )}
                </Paper>
              ))}
            </Stack>
          )}
          <SettingsForm
            title={t('calendar.editYear')}
            opened={editing?.kind === 'year'}
            onClose={() => setEditing(null)}
            fields={yearFields}
            initial={editing?.kind === 'year' ? editing.values : {}}
            endpoint={yearSave}
            toInput={(v) => ({ year: v.year, from: v.from, to: v.to })}
          />
          <SettingsForm
            title={t('calendar.editHalf')}
            opened={editing?.kind === 'half'}
            onClose={() => setEditing(null)}
            fields={halfFields}
            initial={editing?.kind === 'half' ? editing.values : {}}
            endpoint={halfYearSave}
            toInput={(v) => ({ year: v.year, ws: v.ws, from: v.from, to: v.to })}
          />
        </Stack>
      )}
    </QueryView>
  );
}
