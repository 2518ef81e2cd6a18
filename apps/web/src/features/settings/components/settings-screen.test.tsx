import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { SettingsScreen } from './settings-screen';

const staff = { ...testStudent, id: 90, role: 3, group: null };
const institution = { name: 'Университет Окуу', nameKg: '', nameEn: '', width: 30, fontsize: 16, logo: '' };
const calendar = {
  years: [
    {
      year: 2026,
      name: '2026-27',
      from: '2026-09-01',
      to: '2027-08-31',
      halfYears: [{ ws: 1, from: '2026-09-01', to: '2027-01-31' }],
    },
  ],
  today: { year: 2026, ws: 1 },
};

beforeAll(() => import('../catalogue'));

describe('the settings screen', () => {
  it('checks the institution form on the client: nothing is sent until it is valid', async () => {
    const calls = fakeServer({
      '/api/staff/settings/institution.json': { data: institution },
      '/api/staff/settings/institution/save.json': (body) => ({ data: { ...institution, ...body } }),
    });
    const user = userEvent.setup();
    renderAt('/lms/staff/settings', <SettingsScreen />, { user: staff });
    const name = await screen.findByLabelText(/Название \(русский\)/);
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(/обязательн/i)).toBeTruthy();
    const font = screen.getByLabelText(/Размер шрифта/);
    await user.clear(font);
    await user.type(font, '99');
    await user.type(name, 'Новый университет');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText(/от 8 до 48/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/staff/settings/institution/save.json')).toBe(false);

    await user.clear(font);
    await user.type(font, '20');
    await user.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === '/api/staff/settings/institution/save.json')?.body).toMatchObject({
        name: 'Новый университет',
        fontsize: '20',
      }),
    );
  });

  it('moves between tabs with the arrow keys and refuses a half-year ending before it starts', async () => {
    const calls = fakeServer({
      '/api/staff/settings/institution.json': { data: institution },
      '/api/staff/settings/calendar.json': { data: calendar },
    });
    const user = userEvent.setup();
    renderAt('/lms/staff/settings', <SettingsScreen />, { user: staff });
    (await screen.findByRole('tab', { name: 'Организация' })).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Календарь' }).getAttribute('aria-selected')).toBe('true');
    await user.click(await screen.findByRole('button', { name: 'Изменить: Осеннее, 2026-27' }));
    const dialog = await screen.findByRole('dialog', { name: 'Полугодие' });
    const to = within(dialog).getByLabelText(/Последний день/);
    await user.clear(to);
    await user.type(to, '2026-08-01');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText(/позже начала/)).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/staff/settings/calendar/half-year.json')).toBe(false);
  });

  it("names a refused field as the form labels it: the bell's end, not a date", async () => {
    const calls = fakeServer({
      '/api/staff/settings/institution.json': { data: institution },
      '/api/staff/settings/campus.json': {
        data: { slots: [{ id: 3, number: 2, from: '09:30', to: '10:50' }], rooms: [], buildings: [] },
      },
    });
    const user = userEvent.setup();
    renderAt('/lms/staff/settings', <SettingsScreen />, { user: staff });
    await user.click(await screen.findByRole('tab', { name: 'Звонки и аудитории' }));
    await user.click(await screen.findByRole('button', { name: 'Изменить' }));
    const dialog = await screen.findByRole('dialog', { name: 'Пара' });
    const hours = within(dialog).getByRole('spinbutton', { name: 'Конец: часы' });
    await user.clear(hours);
    await user.type(hours, '08');
    await user.click(within(dialog).getByRole('button', { name: 'Сохранить' }));
    expect(await within(dialog).findByText('Конец: должно быть позже начала.')).toBeTruthy();
    expect(within(dialog).queryByText(/По дату/)).toBeNull();
    expect(calls.some((c) => c.path === '/api/staff/settings/campus/slot.json')).toBe(false);
  });

  it("opens the elective permissions on today's half-year", async () => {
    const calls = fakeServer({
      '/api/staff/settings/institution.json': { data: institution },
      '/api/staff/settings/registration.json': {
        data: {
          electiveRegistration: true,
          windows: [],
          halfYears: [
            { year: 2027, name: '2027-28', ws: 1 },
            { year: 2026, name: '2026-27', ws: 1 },
            { year: 2026, name: '2026-27', ws: 2 },
          ],
          today: { year: 2026, ws: 2 },
        },
      },
      '/api/staff/settings/registration/permissions.json': (body) => ({
        data: { students: body.ws === 2 ? [{ id: 5, name: 'Асанова Айгерим', group: 'ПИ-1-26' }] : [], groups: [] },
      }),
    });
    const user = userEvent.setup();
    renderAt('/lms/staff/settings', <SettingsScreen />, { user: staff });
    await user.click(await screen.findByRole('tab', { name: 'Регистрация' }));
    expect(await screen.findByText('Асанова Айгерим')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Полугодие' }) as HTMLSelectElement).value).toBe('2026/2');
    expect(calls.find((c) => c.path === '/api/staff/settings/registration/permissions.json')?.body).toMatchObject({
      year: 2026,
      ws: 2,
    });
  });
});
