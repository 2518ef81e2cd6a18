import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { StudentJournal } from './student-journal';

const named = (name: string) => ({ name, nameKg: '', nameEn: '' });
const lesson = (id: number, number: number, id_otsenka: number | null) => ({
  id_lesson: id,
  visitDate: '2026-09-03',
  id_time: number,
  number,
  start: '08:00',
  end: '09:20',
  timesCount: 1,
  id_tema: null,
  tema: '',
  id_shed: null,
  id_otsenka,
});

beforeAll(() => import('../catalogue'));

describe("the student's journal", () => {
  it('tells two lessons of one day apart by their pair', async () => {
    fakeServer({
      '/api/visitlog/getassessments.json': {
        data: [
          { id_otsenka: 1, code: '5', points: 5, isAbsence: false },
          { id_otsenka: 6, code: 'н/б', points: 0, isAbsence: true },
        ],
      },
      '/api/visitlog/getjournalforstudent.json': {
        data: [
          {
            id_discipline: 3,
            discipline: named('Базы данных'),
            id_vid_zaniatiy: 2,
            lessonKind: named('Практика'),
            teachers: ['Волков Д.'],
            dates: [lesson(10, 1, 1), lesson(11, 3, 6)],
            absences: 1,
            points: 5,
            average: 2.5,
          },
        ],
      },
    });
    renderAt('/lms/journal', <StudentJournal />, { user: testStudent });
    expect(await screen.findByRole('columnheader', { name: '03.09, 1-я пара' })).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: '03.09, 3-я пара' })).toBeTruthy();
    expect(screen.getByText('2,50')).toBeTruthy();
  });
});
