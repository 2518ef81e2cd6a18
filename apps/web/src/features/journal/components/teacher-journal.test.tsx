import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { switchLanguage } from '../../../lib/i18n';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { TeacherJournal } from './teacher-journal';

const teacher = { ...testStudent, id: 7, uid: 7, role: 1, login: 'teacher1', fullName: 'Волков Дмитрий', group: null };
const named = (name: string) => ({ name, nameKg: '', nameEn: '' });
const scale = [
  { id_otsenka: 1, code: '5', points: 5, isAbsence: false },
  { id_otsenka: 4, code: '2', points: 2, isAbsence: false },
  { id_otsenka: 5, code: '+', points: null, isAbsence: false },
  { id_otsenka: 6, code: 'н/б', points: 0, isAbsence: true },
];
const lesson = (id: number, visitDate: string, id_shed: number | null = null) => ({
  id_lesson: id,
  visitDate,
  id_time: 2,
  number: 2,
  start: '09:30',
  end: '10:50',
  timesCount: 1,
  id_tema: null,
  tema: '',
  id_shed,
});
const journal = {
  year: 2026,
  ws: 1,
  startsOn: '2026-09-01',
  endsOn: '2027-01-31',
  discipline: named('Базы данных'),
  lessonKind: named('Практика'),
  groupType: 'group',
  id_group: 5,
  groupName: 'ПИ-1-25',
  groups: ['ПИ-1-25'],
  // The second is today's lesson of the timetable (its schedule entry, 77).
  dates: [lesson(10, '2026-09-07'), lesson(11, '2026-09-14', 77)],
  rows: [
    {
      id_student: 21,
      s_fio: 'Асанова Айпери',
      otsenka: [1, null],
      id_studentJournalVisit: [100, null],
      absences: 0,
      points: 5,
      average: 5,
    },
    {
      id_student: 22,
      s_fio: 'Бекова Асель',
      otsenka: [6, 5],
      id_studentJournalVisit: [101, 102],
      absences: 1,
      points: 0,
      average: 0,
    },
  ],
};

// The screens' texts come with their code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

function server(failFirstSave = false) {
  let saves = 0;
  return fakeServer({
    '/api/visitlog/getdisciplineteacherjournal.json': {
      data: [{ id_discipline: 3, code: 'D003', ...named('Базы данных'), kredits: 5, id_semester: 3 }],
    },
    '/api/visitlog/getgroupteacherjournal.json': {
      data: [{ groupType: 'group', id_group: 5, name: 'ПИ-1-25', students: 2, kinds: [2] }],
    },
    '/api/visitlog/getvidzaniatiy.json': { data: [{ id_vid_zaniatiy: 2, ...named('Практика') }] },
    '/api/visitlog/getassessments.json': { data: scale },
    '/api/visitlog/getjournal.json': { data: journal },
    '/api/visitlog/studentvisitupdate2.json': (body) => {
      saves++;
      if (failFirstSave && saves === 1) return { status: 500, error: { code: 'internal', message: 'boom' } };
      return {
        data: {
          id_lesson: body.visitDate === '2026-09-07' ? 10 : 11,
          id_student: body.id_student,
          id_studentJournalVisit: body.id_otsenka === -1 ? null : 200,
          id_otsenka: body.id_otsenka === -1 ? null : body.id_otsenka,
          absences: 0,
          points: 10,
          average: 5,
        },
      };
    },
  });
}

const cell = (name: string) => screen.getByRole('cell', { name }) as HTMLElement;

describe('the teacher journal', () => {
  it("offers today's timetable lesson a QR check-in, which opens its projector page; other lessons none", async () => {
    server();
    renderAt('/lms/journal', <TeacherJournal />, { user: teacher });
    fireEvent.click(await screen.findByRole('button', { name: 'Занятие 07.09.2026, 2-я пара' }));
    expect(await screen.findByRole('button', { name: 'Все присутствуют' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'QR-отметка' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Занятие 14.09.2026, 2-я пара' }));
    fireEvent.click(await screen.findByRole('button', { name: 'QR-отметка' }));
    expect(await screen.findByText('page /lms/schedule/qr/77')).toBeTruthy();
  });

  it('moves with the arrow keys and saves a typed mark by itself, with the new totals', async () => {
    const calls = server();
    renderAt('/lms/journal', <TeacherJournal />, { user: teacher });
    const first = await screen.findByRole('cell', { name: 'Асанова Айпери, 07.09.2026: 5' });
    first.focus();
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    const target = cell('Асанова Айпери, 14.09.2026: нет отметки');
    expect(document.activeElement).toBe(target);
    fireEvent.keyDown(target, { key: '5' });
    await waitFor(() => expect(cell('Асанова Айпери, 14.09.2026: 5').getAttribute('aria-busy')).toBeNull());
    const saved = calls.filter((c) => c.path === '/api/visitlog/studentvisitupdate2.json');
    expect(saved.map((c) => c.body)).toEqual([
      {
        id_discipline: 3,
        id_vid_zaniatiy: 2,
        groupType: 'group',
        id_group: 5,
        visitDate: '2026-09-14',
        id_time: 2,
        timesCount: 1,
        id_student: 21,
        id_otsenka: 1,
      },
    ]);
    // The row's totals are the reply's; typing moved down a row.
    const row = cell('Асанова Айпери, 14.09.2026: 5').closest('tr') as HTMLElement;
    expect(row.textContent).toContain('105,00');
    expect(document.activeElement).toBe(cell('Бекова Асель, 14.09.2026: +'));
    // 'n' is the absence, Delete clears.
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Delete' });
    await waitFor(() => expect(calls.at(-1)?.body.id_otsenka).toBe(-1));
  });

  it('shows a failed save on its cell, and a click saves it again', async () => {
    server(true);
    renderAt('/lms/journal', <TeacherJournal />, { user: teacher });
    const target = await screen.findByRole('cell', { name: 'Бекова Асель, 07.09.2026: н/б' });
    target.focus();
    fireEvent.keyDown(target, { key: '2' });
    await waitFor(() => expect(cell('Бекова Асель, 07.09.2026: 2').getAttribute('aria-invalid')).toBe('true'));
    expect(cell('Бекова Асель, 07.09.2026: 2').title).toMatch(/^Не сохранено/);
    fireEvent.click(cell('Бекова Асель, 07.09.2026: 2'));
    await waitFor(() => expect(cell('Бекова Асель, 07.09.2026: 2').getAttribute('aria-invalid')).toBeNull());
  });

  it('takes a typed mark after a click too: the list of marks that opens takes the keys', async () => {
    const calls = server();
    renderAt('/lms/journal', <TeacherJournal />, { user: teacher });
    fireEvent.click(await screen.findByRole('cell', { name: 'Асанова Айпери, 14.09.2026: нет отметки' }));
    const choice = await screen.findByRole('button', { name: '5' });
    fireEvent.keyDown(choice, { key: '2' });
    await waitFor(() => expect(calls.at(-1)?.body).toMatchObject({ id_student: 21, id_otsenka: 4 }));
    expect(screen.queryByRole('button', { name: 'Стереть отметку' })).toBeNull();
    expect(document.activeElement).toBe(cell('Бекова Асель, 14.09.2026: +'));
  });

  it("writes the absence in the reader's language", async () => {
    server();
    await act(() => switchLanguage('en'));
    renderAt('/lms/journal', <TeacherJournal />, { user: teacher });
    const absent = await screen.findByRole('cell', { name: 'Бекова Асель, 07/09/2026: abs' });
    expect(absent.textContent).toBe('abs');
    fireEvent.click(absent);
    expect(await screen.findByRole('button', { name: 'abs' })).toBeTruthy();
    expect(screen.queryByText('н/б')).toBeNull();
  });
});
