import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { DisciplineList } from './discipline-list';

const names = (name: string) => ({ name, nameKg: `${name} (kg)`, nameEn: `${name} (en)` });
const teacher = {
  ...testStudent,
  id: 1,
  uid: 1,
  role: 1,
  login: 'teacher1',
  group: null,
  position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
};
const disciplines = [
  {
    id_discipline: 2,
    code: 'D002',
    ...names('Базы данных'),
    id_semester: 1,
    semester: { number: 1, ...names('1 семестр') },
    kredit: 5,
    isSelect: false,
  },
  {
    id_discipline: 7,
    code: 'D007',
    ...names('Микроэкономика'),
    id_semester: 1,
    semester: { number: 1, ...names('1 семестр') },
    kredit: 3,
    isSelect: true,
  },
];

function server() {
  return fakeServer({
    '/api/discipline/current/year.json': { data: { year: 2026, name: '2026-27' } },
    '/api/discipline/current/ws.json': { data: { ws: 1 } },
    '/api/discipline/list.json': { data: disciplines },
    '/api/discipline/forStudentDisciplinelist.json': { data: disciplines },
    '/api/group/list.json': {
      data: [
        {
          id_group: 1,
          name: 'ПИ-1-26',
          studyForm: 'full_time',
          subgroups: [],
          streams: [{ id_stream: 4, name: 'Поток ПИ-26' }],
        },
      ],
    },
    '/api/teachers/list.json': {
      data: [
        {
          id_teacher: 1,
          t_fio: 'Волков Дмитрий Алексеевич',
          position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
          disciplines: [2],
        },
      ],
    },
  });
}

describe('the discipline list', () => {
  it("lists a teacher's disciplines of today's half-year, each leading to its materials and group chats", async () => {
    const calls = server();
    renderAt('/lms', <DisciplineList />, { user: teacher });
    const nav = await screen.findByRole('navigation', { name: 'Мои дисциплины' });
    expect(await within(nav).findByText('Базы данных')).toBeTruthy();
    expect(within(nav).getByText('1 семестр · 3 кр. · по выбору')).toBeTruthy();
    expect(calls.find((c) => c.path === '/api/discipline/list.json')?.body).toEqual({ year: 2026, ws: 1 });
    expect((screen.getByRole('combobox', { name: 'Учебный период' }) as HTMLSelectElement).value).toBe('2026/1');

    await userEvent.click(within(nav).getByText('Базы данных'));
    const materials = await within(nav).findByRole('link', { name: 'Учебные материалы' });
    expect(materials.getAttribute('href')).toBe('/lms/umk?id_semester=1&id_discipline=2');
    expect((await within(nav).findByRole('link', { name: 'Чат группы ПИ-1-26' })).getAttribute('href')).toBe(
      '/lms/chat?group=1',
    );
    expect(within(nav).getByRole('link', { name: 'Чат потока Поток ПИ-26' }).getAttribute('href')).toBe(
      '/lms/chat?stream=4',
    );
    expect(calls.find((c) => c.path === '/api/group/list.json')?.body).toEqual({
      year: 2026,
      ws: 1,
      id_discipline: 2,
      id_semester: 1,
    });
  });

  it("leads a student to their discipline's teachers, and follows another chosen period", async () => {
    const calls = server();
    renderAt('/lms', <DisciplineList />, { user: testStudent });
    const nav = await screen.findByRole('navigation', { name: 'Мои дисциплины' });
    await userEvent.click(await within(nav).findByText('Базы данных'));
    expect((await within(nav).findByRole('link', { name: 'Написать: Волков Д. А.' })).getAttribute('href')).toBe(
      '/lms/chat?to=1',
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Учебный период' }), '2025/2');
    await within(nav).findByText('Базы данных');
    expect(calls.filter((c) => c.path === '/api/discipline/forStudentDisciplinelist.json').at(-1)?.body).toEqual({
      year: 2025,
      ws: 2,
    });
  });
});
