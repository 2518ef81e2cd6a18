import '@mantine/core/styles/Combobox.css';
import { Group, NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type Period, usePeriods } from '../api/sheets';

/**
 * The academic year and half-year a list of sheets shows: today's until one is chosen. (While the choices load, or if
 * they cannot, the list shows today's half-year, and the picker nothing.)
 */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const { t } = useTranslation('grading');
  const periods = usePeriods();
  if (!periods.data) return null;
  const { years, year, ws } = periods.data;
  const chosenYear = value.year ?? year;
  const chosenWs = value.ws ?? ws;
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <NativeSelect
        label={t('period.year')}
        data={years.map((y) => ({ value: String(y.id), label: y.name }))}
        value={String(chosenYear)}
        onChange={(e) => onChange({ year: Number(e.currentTarget.value), ws: chosenWs })}
        w={160}
      />
      <NativeSelect
        label={t('period.half')}
        data={(['1', '2', '3'] as const).map((h) => ({ value: h, label: t(`half.${h}`) }))}
        value={String(chosenWs)}
        onChange={(e) => onChange({ year: chosenYear, ws: Number(e.currentTarget.value) })}
        w={200}
      />
    </Group>
  );
}
