import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { PersonPanel } from './person-panel';

const staff = { ...testStudent, id: 90, role: 3, group: null };
const person = {
  id: 7,
  login: 'student2',
  lastName: 'Петров',
  firstName: 'Владимир',
  patronymic: '',
  fullName: 'Петров Владимир',
  role: 2,
  groupId: 1,
  group: 'ПИ-1-25',
  department: null,
  position: null,
  newsPerms: false,
  blocked: false,
  blockedAt: null,
  mustChangeCredentials: false,
  createdAt: '2026-09-01T00:00:00.000Z',
};
const options = { groups: [{ id: 1, name: 'ПИ-1-25' }], departments: [], positions: [] };

beforeAll(() => import('../catalogue'));

describe("a person's panel", () => {
  it('blocks only after the confirmation; cancelling sends nothing', async () => {
    const calls = fakeServer({
      '/api/staff/people/person.json': { data: person },
      '/api/staff/people/options.json': { data: options },
      '/api/staff/people/block.json': (body) => ({
        data: { ...person, blocked: body.blocked, blockedAt: '2026-11-25T08:00:00.000Z' },
      }),
    });
    const user = userEvent.setup();
    renderAt('/lms/staff/people', <PersonPanel id={7} />, { user: staff });
    await user.click(await screen.findByRole('button', { name: 'Заблокировать' }));
    const dialog = await screen.findByRole('dialog', { name: 'Заблокировать учётную запись?' });
    await user.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(calls.some((c) => c.path === '/api/staff/people/block.json')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Заблокировать' }));
    const again = await screen.findByRole('dialog', { name: 'Заблокировать учётную запись?' });
    await user.click(within(again).getByRole('button', { name: 'Заблокировать' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Разблокировать' })).toBeTruthy());
    expect(calls.find((c) => c.path === '/api/staff/people/block.json')?.body).toEqual({ id: 7, blocked: true });
  });

  it('shows the issued credentials once, after the confirmation', async () => {
    fakeServer({
      '/api/staff/people/person.json': { data: person },
      '/api/staff/people/options.json': { data: options },
      '/api/staff/people/reset.json': { data: { login: 'stu123456', password: 'Ab3defGhjk' } },
    });
    const user = userEvent.setup();
    renderAt('/lms/staff/people', <PersonPanel id={7} />, { user: staff });
    await user.click(await screen.findByRole('button', { name: 'Сбросить логин и пароль' }));
    const dialog = await screen.findByRole('dialog', { name: 'Выдать новые логин и пароль?' });
    await user.click(within(dialog).getByRole('button', { name: 'Выдать новые' }));
    const slip = await screen.findByTestId('credentials-slip');
    expect(within(slip).getByText('stu123456')).toBeTruthy();
    expect(within(slip).getByText('Ab3defGhjk')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Распечатать листок' })).toBeTruthy();
  });

  it('a staff member cannot block or reset their own account', async () => {
    fakeServer({
      '/api/staff/people/person.json': { data: { ...person, id: 90, role: 3 } },
      '/api/staff/people/options.json': { data: options },
    });
    renderAt('/lms/staff/people', <PersonPanel id={90} />, { user: staff });
    const block = await screen.findByRole('button', { name: 'Заблокировать' });
    expect(block.hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Сбросить логин и пароль' }).hasAttribute('disabled')).toBe(true);
  });
});
