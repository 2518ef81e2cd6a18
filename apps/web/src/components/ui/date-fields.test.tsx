import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '../../lib/i18n';
import { renderAt } from '../../test/render';
import { DateField, DateTimeField, parseShortDate, TimeField } from './date-fields';

function Form({ onDate }: { onDate: (value: string) => void }) {
  const [date, setDate] = useState('2026-11-28');
  const [time, setTime] = useState('13:05');
  return (
    <>
      <DateField
        label="Первый день"
        value={date}
        onChange={(value) => {
          setDate(value);
          onDate(value);
        }}
      />
      <TimeField label="Начало" value={time} onChange={setTime} />
      <output>{time}</output>
    </>
  );
}

describe('date and time fields', () => {
  it('write and read dates as the interface language does, whatever the browser’s language', async () => {
    const dates: string[] = [];
    renderAt('/lms/x', <Form onDate={(value) => dates.push(value)} />);
    const field = screen.getByRole('textbox', { name: 'Первый день' }) as HTMLInputElement;
    expect(field.value).toBe('28.11.2026');
    expect(field.placeholder).toBe('ДД.ММ.ГГГГ');
    const user = userEvent.setup();
    await user.clear(field);
    await user.type(field, '5.4.2026');
    expect(dates.at(-1)).toBe('2026-04-05');

    await act(() => switchLanguage('en'));
    expect(field.value).toBe('05/04/2026');
    expect(field.placeholder).toBe('DD/MM/YYYY');
  });

  it('keep times on the 24-hour clock, with no AM or PM', () => {
    renderAt('/lms/x', <Form onDate={() => {}} />);
    expect((screen.getByRole('spinbutton', { name: 'Начало: часы' }) as HTMLInputElement).value).toBe('13');
    expect((screen.getByRole('spinbutton', { name: 'Начало: минуты' }) as HTMLInputElement).value).toBe('05');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(document.querySelector('input[type="date"], input[type="time"]')).toBeNull();
  });

  it('hold a Bishkek moment as a date and a time', async () => {
    let moment = '2026-09-01T09:00';
    renderAt('/lms/x', <DateTimeField label="Открывается" value={moment} onChange={(value) => (moment = value)} />);
    expect((screen.getByRole('textbox', { name: 'Открывается' }) as HTMLInputElement).value).toBe('01.09.2026');
    expect((screen.getByRole('spinbutton', { name: 'Открывается: время: часы' }) as HTMLInputElement).value).toBe('09');
  });

  it('reads dates typed day first, in any of the languages’ ways, or ISO', () => {
    expect(parseShortDate('28.11.2026')).toBe('2026-11-28');
    expect(parseShortDate('28/11/2026')).toBe('2026-11-28');
    expect(parseShortDate(' 5 4 2026 ')).toBe('2026-04-05');
    expect(parseShortDate('2026-4-5')).toBe('2026-04-05');
    expect(parseShortDate('31.02.2026')).toBeNull();
    expect(parseShortDate('11/28/2026')).toBeNull();
    expect(parseShortDate('tomorrow')).toBeNull();
  });
});
