import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { AuditScreen } from './audit-screen';

const staff = { ...testStudent, id: 90, role: 3, group: null };
const entry = {
  id: 1,
  at: '2026-11-25T08:00:00.000Z',
  actorId: 90,
  actorLogin: 'staff1',
  actorName: 'Мамытова Айпери',
  targetType: 'user',
  targetId: 7,
  targetName: 'Петров Владимир',
};

beforeAll(() => import('../catalogue'));

describe('the audit log', () => {
  it("names each changed field by its label and a switch's values yes and no; an unknown field by its key", async () => {
    fakeServer({
      '/api/staff/audit/list.json': {
        data: {
          items: [
            {
              ...entry,
              action: 'people.block',
              before: { login: 'student2', blocked: false, newsPerms: false },
              after: { login: 'student2', blocked: true, newsPerms: false },
            },
            { ...entry, id: 2, action: 'import.timetable', before: null, after: { lines: 1, somethingNew: 'x' } },
          ],
          actors: [{ id: 90, name: 'Мамытова Айпери' }],
          page: 1,
          pageSize: 50,
          hasMore: false,
          total: 2,
        },
      },
    });
    renderAt('/lms/staff/audit', <AuditScreen />, { user: staff });
    expect(await screen.findByText('Блокировка: Нет → Да')).toBeTruthy();
    // Unchanged fields are not listed.
    expect(screen.queryByText(/^Логин:/)).toBeNull();
    expect(screen.getByText('Строк: 1')).toBeTruthy();
    expect(screen.getByText('somethingNew: x')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Записи журнала' })).toBeTruthy();
  });
});
