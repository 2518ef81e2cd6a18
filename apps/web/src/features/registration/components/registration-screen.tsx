import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Progress.css';
import { Alert, NativeSelect, Paper, Progress, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { RegistrationWindow } from '@okuu/contracts/registration/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryView } from '../../../components/ui/query-view';
import { formatDate, formatTime } from '../../../lib/format';
import { localizedName } from '../../../lib/localized';
import { useElectivePermission } from '../api/get-electives';
import { useDefaultPeriod, useHalfYears, useRegistrationYears } from '../api/get-periods';
import { useRegList } from '../api/get-reg-list';
import type { RegistrationPeriod } from '../api/keys';
import { RegistrationForm } from './registration-form';
import { RegistrationList } from './registration-list';

/** "Запись открыта до 14 декабря 2026 г., 23:59." and the like, in Bishkek time. */
function WindowNotice({ registrationWindow: w }: { registrationWindow: RegistrationWindow | null }) {
  const { t } = useTranslation('registration');
  if (!w) return <Alert color="gray">{t('window.none')}</Alert>;
  const at = (iso: string) => ({ date: formatDate(iso), time: formatTime(iso) });
  if (w.open) return <Alert color="green">{t('window.open', at(w.closesAt))}</Alert>;
  const ahead = new Date(w.opensAt).getTime() > Date.now();
  return <Alert color="yellow">{ahead ? t('window.notYet', at(w.opensAt)) : t('window.closed', at(w.closesAt))}</Alert>;
}

/**
 * /lms/registration for a student: the half-year (academic year, half-year; the semester of study follows), its
 * window and the credits held against its cap, the form of a new registration while the window is open, and the
 * current registrations, which reload after each save or delete.
 */
export function RegistrationScreen() {
  const { t } = useTranslation('registration');
  const defaultPeriod = useDefaultPeriod();
  const years = useRegistrationYears();
  return (
    <Stack gap="lg">
      <div>
        <Title order={1} size="h2">
          {t('heading')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </div>
      <QueryView queries={[defaultPeriod, years] as const}>
        {([initial, yearList]) => (
          <Registration initial={{ id_a_year: initial.id_a_year, ws: initial.ws }} years={yearList} />
        )}
      </QueryView>
    </Stack>
  );
}

function Registration({
  initial,
  years,
}: {
  initial: RegistrationPeriod;
  years: readonly { id: number; name: string }[];
}) {
  const { t } = useTranslation('registration');
  const [period, setPeriod] = useState<RegistrationPeriod>(initial);
  const halfYears = useHalfYears(period.id_a_year);
  const list = useRegList(period);
  const permission = useElectivePermission(period);

  return (
    <>
      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-label={t('period.label')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <NativeSelect
              label={t('period.year')}
              data={years.map((y) => ({ value: String(y.id), label: y.name }))}
              value={String(period.id_a_year)}
              onChange={(event) => setPeriod({ id_a_year: Number(event.currentTarget.value), ws: period.ws })}
            />
            <QueryView query={halfYears} compact>
              {(data) => {
                const semester = data.halfYears.find((h) => h.ws === period.ws)?.semester;
                return (
                  <>
                    <NativeSelect
                      label={t('period.halfYear')}
                      data={data.halfYears.map((h) => ({
                        value: String(h.ws),
                        label: t(`period.halfYears.${String(h.ws) as '1'}`),
                      }))}
                      value={String(period.ws)}
                      onChange={(event) =>
                        setPeriod({ id_a_year: period.id_a_year, ws: Number(event.currentTarget.value) })
                      }
                    />
                    <NativeSelect
                      label={t('period.semester')}
                      data={
                        semester
                          ? [{ value: String(semester.id_semester), label: localizedName(semester) }]
                          : [{ value: '', label: t('period.noSemester') }]
                      }
                      disabled={!semester}
                      onChange={() => {}}
                    />
                  </>
                );
              }}
            </QueryView>
          </SimpleGrid>
          <QueryView query={list} compact>
            {(data) => (
              <>
                <WindowNotice registrationWindow={data.window} />
                {data.window && (
                  <Stack gap={4}>
                    <Text size="sm" fw={500}>
                      {t('credits', { used: data.kredits, cap: data.window.creditCap })}
                    </Text>
                    <Progress
                      value={Math.min(100, (data.kredits / data.window.creditCap) * 100)}
                      aria-label={t('credits', { used: data.kredits, cap: data.window.creditCap })}
                    />
                  </Stack>
                )}
              </>
            )}
          </QueryView>
        </Stack>
      </Paper>

      <QueryView query={list}>
        {(data) => (
          <>
            {data.window?.open && data.semester && (
              <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                <RegistrationForm
                  key={`${period.id_a_year}/${period.ws}`}
                  period={period}
                  semester={data.semester}
                  plan={data.disciplines}
                  electivesAllowed={permission.data?.permission === true}
                />
              </Paper>
            )}
            {data.window?.open && !data.semester && <Alert color="gray">{t('window.noSemester')}</Alert>}
            <Stack gap="sm" component="section" aria-labelledby="registration-list-heading">
              <Title order={2} size="h4" id="registration-list-heading">
                {t('list.heading')}
              </Title>
              <RegistrationList registrations={data.registrations} canDelete={data.window?.open === true} />
            </Stack>
          </>
        )}
      </QueryView>
    </>
  );
}
