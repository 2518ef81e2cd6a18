import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Progress.css';
import {
  Alert,
  Button,
  Group,
  Loader,
  NativeSelect,
  Paper,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import type { RegistrationWindow } from '@okuu/contracts/registration/common';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/error-message';
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
  const [chosen, setChosen] = useState<RegistrationPeriod | null>(null);
  const period: RegistrationPeriod | null =
    chosen ?? (defaultPeriod.data ? { id_a_year: defaultPeriod.data.id_a_year, ws: defaultPeriod.data.ws } : null);
  const halfYears = useHalfYears(period?.id_a_year ?? null);
  const list = useRegList(period);
  const permission = useElectivePermission(period);

  const halfYear = halfYears.data?.halfYears.find((h) => h.ws === period?.ws);
  const semester = list.data?.semester ?? null;
  const regWindow = list.data?.window ?? null;

  const yearOptions = (years.data ?? []).map((y) => ({ value: String(y.id), label: y.name }));
  const halfYearOptions = (halfYears.data?.halfYears ?? []).map((h) => ({
    value: String(h.ws),
    label: t(`period.halfYears.${String(h.ws) as '1'}`),
  }));
  const semesterOptions = halfYear?.semester
    ? [{ value: String(halfYear.semester.id_semester), label: localizedName(halfYear.semester) }]
    : [{ value: '', label: t('period.noSemester') }];

  if (defaultPeriod.isError) {
    return (
      <Alert color="red" role="alert">
        {t('list.loadFailed', { reason: errorMessage(defaultPeriod.error) })}
      </Alert>
    );
  }

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

      <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-label={t('period.label')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
            <NativeSelect
              label={t('period.year')}
              data={yearOptions}
              value={period ? String(period.id_a_year) : ''}
              disabled={!period || years.isPending}
              onChange={(event) => setChosen({ id_a_year: Number(event.currentTarget.value), ws: period?.ws ?? 1 })}
            />
            <NativeSelect
              label={t('period.halfYear')}
              data={halfYearOptions}
              value={period ? String(period.ws) : ''}
              disabled={!period || halfYears.isPending}
              onChange={(event) =>
                period && setChosen({ id_a_year: period.id_a_year, ws: Number(event.currentTarget.value) })
              }
            />
            <NativeSelect
              label={t('period.semester')}
              data={semesterOptions}
              value={semesterOptions[0]?.value ?? ''}
              disabled={!halfYear?.semester}
              onChange={() => {}}
            />
          </SimpleGrid>
          {list.data && (
            <>
              <WindowNotice registrationWindow={regWindow} />
              {regWindow && (
                <Stack gap={4}>
                  <Text size="sm" fw={500}>
                    {t('credits', { used: list.data.kredits, cap: regWindow.creditCap })}
                  </Text>
                  <Progress
                    value={Math.min(100, (list.data.kredits / regWindow.creditCap) * 100)}
                    aria-label={t('credits', { used: list.data.kredits, cap: regWindow.creditCap })}
                  />
                </Stack>
              )}
            </>
          )}
        </Stack>
      </Paper>

      {list.data && period && regWindow?.open && semester && (
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          <RegistrationForm
            key={`${period.id_a_year}/${period.ws}`}
            period={period}
            semester={semester}
            plan={list.data.disciplines}
            electivesAllowed={permission.data?.permission === true}
          />
        </Paper>
      )}
      {list.data && regWindow?.open && !semester && <Alert color="gray">{t('window.noSemester')}</Alert>}

      <Stack gap="sm" component="section" aria-labelledby="registration-list-heading">
        <Title order={2} size="h4" id="registration-list-heading">
          {t('list.heading')}
        </Title>
        {list.isPending && period !== null ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm" c="dimmed">
              {t('list.loading')}
            </Text>
          </Group>
        ) : list.isError ? (
          <Alert color="red" role="alert">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('list.loadFailed', { reason: errorMessage(list.error) })}</Text>
              <Button size="xs" variant="default" onClick={() => list.refetch()}>
                {t('list.retry')}
              </Button>
            </Stack>
          </Alert>
        ) : list.data ? (
          <RegistrationList registrations={list.data.registrations} canDelete={regWindow?.open === true} />
        ) : null}
      </Stack>
    </Stack>
  );
}
