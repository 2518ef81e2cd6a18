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

  it('names targets, fields and values as the screens do: no keys, no role numbers', async () => {
    const at = (id: number, action: string, targetName: string, before: unknown, after: unknown) => ({
      ...entry,
      id,
      action,
      targetType: 'settings',
      targetName,
      before,
      after,
    });
    fakeServer({
      '/api/staff/audit/list.json': {
        data: {
          items: [
            at(
              1,
              'settings.slot',
              'slot 8',
              { id: 8, number: 8, from: '08:00', to: '09:20' },
              { id: 8, number: 8, from: '08:00', to: '09:30' },
            ),
            at(2, 'settings.window', '2026-27 / 1', null, {
              year: 2026,
              ws: 1,
              from: '2026-12-01T09:00',
              to: '2027-01-20T18:00',
              creditCap: 33,
            }),
            at(
              3,
              'settings.room',
              'room 305',
              { id: 4, buildingId: 2, building: 'Б', number: '305', capacity: 30 },
              { id: 4, buildingId: 2, building: 'Б', number: '305', capacity: 1200 },
            ),
            at(4, 'settings.institution', 'institution', { name: 'Окуу' }, { name: 'Университет Окуу' }),
            {
              ...at(5, 'person.create', 'Петров Владимир', null, { login: 'stu123456', role: 2 }),
              targetType: 'person',
            },
          ],
          actors: [{ id: 90, name: 'Мамытова Айпери' }],
          page: 1,
          pageSize: 50,
          hasMore: false,
          total: 5,
        },
      },
    });
    renderAt('/lms/staff/audit', <AuditScreen />, { user: staff });
    const row = async (target: string) =>
      (await screen.findByRole('cell', { name: target })).closest('tr')?.textContent ?? '';
    expect(await row('Пара № 8')).toContain('Конец: 09:20 → 09:30');
    const window = await row('Осеннее полугодие 2026-27');
    expect(window).toContain('Лимит кредитов: 33');
    expect(window).toContain('Начало: 01.12.2026, 09:00');
    const room = await row('Аудитория Б-305');
    expect(room).toContain('Мест: 30 → 1\u00a0200');
    expect(room).not.toContain('buildingId');
    expect(await row('Организация')).toContain('Название: Окуу → Университет Окуу');
    expect(await row('Петров Владимир')).toContain('Роль: Студент');
    for (const raw of ['slot 8', '2026-27 / 1', 'institution', 'creditCap', 'Роль: 2']) {
      expect(screen.queryByText(raw, { exact: false })).toBeNull();
    }
  });
});
