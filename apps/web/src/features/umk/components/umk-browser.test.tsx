import type { SessionUser } from '@okuu/contracts/auth/user';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt } from '../../../test/render';
import { UmkBrowser } from './umk-browser';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

const student: SessionUser = {
  id: 31,
  uid: 31,
  role: 2,
  login: 'student1',
  fullName: 'Жээнбеков Нурсултан Жоомартович',
  group: 'ПИ-1-26',
  position: null,
  facultyId: 1,
  newsPerms: false,
};
const names = (name: string) => ({ name, nameKg: `${name} (kg)`, nameEn: `${name} (en)` });
const emptyPage = { items: [], page: 1, pageSize: 50, hasMore: false, total: 0 };

function server() {
  return fakeServer({
    '/api/umk/semestersforstud.json': { data: [{ id_semester: 1, number: 1, ...names('1 семестр') }] },
    '/api/umk/disciplinesforstud.json': {
      data: [
        { id_discipline: 2, code: 'D002', ...names('Базы данных') },
        { id_discipline: 4, code: 'D004', ...names('Веб-разработка') },
      ],
    },
    '/api/umk/getstudentexamtypes.json': { data: [{ id_examination: 1, ...names('Экзамен') }] },
    '/api/umk/getumkteachers.json': {
      data: [
        { id_teacher: 1, t_fio: 'Волков Дмитрий Алексеевич' },
        { id_teacher: 3, t_fio: 'Исаева Гульнара' },
      ],
    },
    '/api/umk/types.json': { data: [{ id_typeUmk: 1, ...names('Учебник') }] },
    '/api/umk/getumklistforstud.json': { data: emptyPage },
  });
}

const lastList = (calls: { path: string; body: Record<string, unknown> }[]) =>
  calls.filter((call) => call.path === '/api/umk/getumklistforstud.json').at(-1)?.body;

describe('study material filters', () => {
  it("start blank (' --- ', -1 = any) and ask a student's own lists", async () => {
    const calls = server();
    renderAt('/lms/umk', <UmkBrowser viewer="student" />, { user: student });
    expect(await screen.findByText('Материалов нет')).toBeTruthy();
    expect(screen.getByText('По вашим дисциплинам пока нет учебных материалов.')).toBeTruthy();
    for (const name of ['Семестр', 'Дисциплина', 'Форма контроля', 'Преподаватель', 'Вид материала']) {
      const select = screen.getByRole('combobox', { name }) as HTMLSelectElement;
      expect(select.value).toBe('-1');
      expect(select.options[0]?.textContent).toBe(' --- ');
    }
    expect(lastList(calls)).toEqual({
      id_semester: -1,
      id_discipline: -1,
      id_examination: -1,
      id_teacher: -1,
      id_typeUmk: -1,
      page: 1,
    });
    expect(calls.some((call) => call.path === '/api/umk/umklist.json')).toBe(false);
  });

  it('choosing a discipline resets the teacher; the list follows the filters', async () => {
    const calls = server();
    const user = userEvent.setup();
    renderAt('/lms/umk', <UmkBrowser viewer="student" />, { user: student });
    const teacher = screen.getByRole('combobox', { name: 'Преподаватель' }) as HTMLSelectElement;
    await waitFor(() => expect(teacher.options).toHaveLength(3));
    await user.selectOptions(teacher, '3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Семестр' }), '1');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ id_teacher: 3, id_semester: 1 }));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Дисциплина' }), '4');
    expect(teacher.value).toBe('-1');
    await waitFor(() => expect(lastList(calls)).toMatchObject({ id_discipline: 4, id_teacher: -1, id_semester: 1 }));
    expect(
      await screen.findByText('По выбранным фильтрам материалов нет. Измените или сбросьте фильтры.'),
    ).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Сбросить фильтры' }));
    await waitFor(() => expect(lastList(calls)).toMatchObject({ id_discipline: -1, id_semester: -1 }));
  });
});
