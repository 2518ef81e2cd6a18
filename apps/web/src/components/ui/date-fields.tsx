import '@mantine/dates/styles.css';
import 'dayjs/locale/ru';
import 'dayjs/locale/ky';
import 'dayjs/locale/en-gb';
import { Group } from '@mantine/core';
import { DateInput, DatesProvider, TimePicker } from '@mantine/dates';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate } from '../../lib/format';
import { currentLanguage, loadScreenCatalogue } from '../../lib/i18n';
import type { Language } from '../../lib/languages';

/**
 * Date and time fields that follow the interface language, not the browser's: a browser's own date input writes
 * mm/dd/yyyy and AM/PM in a Russian interface when the browser is American. Dates are typed or picked day first, as
 * lib/format writes them; times on the 24-hour clock. (Mantine's pickers: these load with the screens that use them.)
 */

// The fields' texts come with their code (locales/<language>/screens/), not with every visit's first screen.
await loadScreenCatalogue(
  'date-field',
  import.meta.glob<Record<string, unknown>>('../../locales/*/screens/date-field.json', { import: 'default' }),
);

/**
 * A date typed in figures, day first ("5.4.2026", "05/04/2026", "05 04 2026") or as 'YYYY-MM-DD', as 'YYYY-MM-DD';
 * null when it is no date of the calendar.
 */
export function parseShortDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dayFirst = /^(\d{1,2})[./\s-]+(\d{1,2})[./\s-]+(\d{4})$/.exec(trimmed);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dayFirst ? [dayFirst[3], dayFirst[2], dayFirst[1]] : [];
  if (!year || !month || !day) return null;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) ? value : null;
}

/** The calendar's month and weekday names: dayjs's locale of each language. */
const dayjsLocale: Record<Language, string> = { ru: 'ru', kg: 'ky', en: 'en-gb' };

interface FieldProps {
  label: string;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  name?: string;
  'data-autofocus'?: boolean;
}

/**
 * Weeks start on Monday; the calendar's names in the interface language (the caller re-renders on a switch). No day is
 * drawn in a weekend's red or another month's grey: both read poorly against the page (WCAG contrast).
 */
const datesSettings = () => ({ locale: dayjsLocale[currentLanguage()], firstDayOfWeek: 1 as const, weekendDays: [] });

/** A calendar date, 'YYYY-MM-DD' ('' when empty), shown as the language writes it ("28.11.2026", "28/11/2026"). */
export function DateField({
  value,
  onChange,
  withinPortal = true,
  ...props
}: FieldProps & {
  value: string;
  onChange: (value: string) => void;
  /** YYYY-MM-DD bounds of the calendar. */
  minDate?: string;
  maxDate?: string;
  /** False inside another popover, which a click on a calendar elsewhere in the page would close. */
  withinPortal?: boolean;
}) {
  const { t } = useTranslation('date-field');
  return (
    <DatesProvider settings={datesSettings()}>
      <DateInput
        {...props}
        value={value === '' ? null : value}
        onChange={(next) => onChange(next ?? '')}
        valueFormat={(date) => formatShortDate(date.slice(0, 10))}
        dateParser={parseShortDate}
        placeholder={t('placeholder')}
        clearable={!props.required}
        clearButtonProps={{ 'aria-label': t('clear') }}
        ariaLabels={{
          monthLevelControl: t('chooseMonth'),
          yearLevelControl: t('chooseYear'),
          nextMonth: t('nextMonth'),
          previousMonth: t('previousMonth'),
          nextYear: t('nextYear'),
          previousYear: t('previousYear'),
          nextDecade: t('nextDecade'),
          previousDecade: t('previousDecade'),
        }}
        popoverProps={{ withinPortal }}
        hideOutsideDates
        autoComplete="off"
      />
    </DatesProvider>
  );
}

/** A time of day, 'HH:MM' ('' when empty), on the 24-hour clock in every language. */
export function TimeField({
  value,
  onChange,
  ...props
}: FieldProps & { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('date-field');
  return (
    <TimePicker
      {...props}
      value={value}
      onChange={(next) => onChange(next.slice(0, 5))}
      format="24h"
      hoursInputLabel={t('hours', { field: props.label })}
      minutesInputLabel={t('minutes', { field: props.label })}
    />
  );
}

/** A moment of Bishkek's wall clock, 'YYYY-MM-DDTHH:MM' ('' while incomplete): a date field and a time field. */
export function DateTimeField({
  value,
  onChange,
  label,
  ...props
}: FieldProps & { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('date-field');
  const [date = '', time = ''] = value.split('T');
  const join = (d: string, h: string) => onChange(d || h ? `${d}T${h}` : '');
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <div style={{ flex: 1 }}>
        <DateField {...props} label={label} value={date} onChange={(d) => join(d, time)} />
      </div>
      <TimeField
        {...props}
        data-autofocus={undefined}
        description={undefined}
        label={t('time', { field: label })}
        value={time}
        onChange={(h) => join(date, h)}
        error={Boolean(props.error)}
      />
    </Group>
  );
}
