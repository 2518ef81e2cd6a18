import '@mantine/core/styles/Combobox.css';
import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WorkloadPeriod } from '../api/get-my-workload';

/** The academic year (a few around the one shown) and half-year to show. */
export function PeriodPicker({
  shown,
  onChange,
}: {
  shown: { year: number; ws: number } | undefined;
  onChange: (period: WorkloadPeriod) => void;
}) {
  const { t } = useTranslation('workload');
  if (!shown) return null;
  const years = [shown.year - 3, shown.year - 2, shown.year - 1, shown.year, shown.year + 1];
  return (
    <Group gap="sm" wrap="wrap">
      <Select
        label={t('period.year')}
        w={160}
        data={years.map((y) => ({ value: String(y), label: `${y}–${y + 1}` }))}
        value={String(shown.year)}
        onChange={(v) => v && onChange({ year: Number(v), ws: shown.ws })}
        allowDeselect={false}
      />
      <Select
        label={t('period.half')}
        w={160}
        data={(['1', '2', '3'] as const).map((ws) => ({ value: ws, label: t(`period.halves.${ws}`) }))}
        value={String(shown.ws)}
        onChange={(v) => v && onChange({ year: shown.year, ws: Number(v) })}
        allowDeselect={false}
      />
    </Group>
  );
}
