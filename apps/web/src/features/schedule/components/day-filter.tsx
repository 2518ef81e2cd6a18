import '@mantine/core/styles/SegmentedControl.css';
import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import classes from './schedule.module.css';

/** A day of the week (1 Monday … 7 Sunday) or the whole week. */
export type DayChoice = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 'all';
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

/** The weekday filter of the spec: Mon … Sun plus All; short labels that read as the day's full name. */
export function DayFilter({ value, onChange }: { value: DayChoice; onChange: (day: DayChoice) => void }) {
  const { t } = useTranslation('schedule');
  const label = (short: string, long: string) => (
    <>
      <span aria-hidden="true">{short}</span>
      <VisuallyHidden>{long}</VisuallyHidden>
    </>
  );
  return (
    <SegmentedControl
      fullWidth
      radius="md"
      classNames={{ label: classes.dayLabel }}
      aria-label={t('days.label')}
      value={String(value)}
      onChange={(chosen) => onChange(chosen === 'all' ? 'all' : (Number(chosen) as DayChoice))}
      data={[
        ...weekdays.map((day) => ({ value: String(day), label: label(t(`days.${day}.short`), t(`days.${day}.long`)) })),
        { value: 'all', label: label(t('days.all'), t('days.allLong')) },
      ]}
    />
  );
}
