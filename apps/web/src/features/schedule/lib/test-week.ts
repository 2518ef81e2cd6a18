import type { ScheduleLesson, WeekSchedule } from '@okuu/contracts/schedule/schedule';

const names = (name: string) => ({ name, nameKg: `${name} (kg)`, nameEn: `${name} (en)` });

/** A lesson of the test week. */
export function testLesson(fields: Partial<ScheduleLesson> & Pick<ScheduleLesson, 'id'>): ScheduleLesson {
  return {
    id_time: 1,
    number: 1,
    start: '08:00',
    end: '09:20',
    parity: 'every',
    id_discipline: 1,
    discipline: names('Программирование'),
    id_vid_zaniatiy: 1,
    lessonKind: names('Лекция'),
    id_teacher: 1,
    t_fio: 'Волков Дмитрий Алексеевич',
    audience: { kind: 'group', id: 1, name: 'ПИ-1-26' },
    groups: [{ id_group: 1, name: 'ПИ-1-26' }],
    room: { id_aud: 1, number: '101', capacity: 90, building: { shortName: 'Б', ...names('Учебный корпус Б') } },
    ...fields,
  };
}

/**
 * A week of the fall half-year 2026-27 (it starts on Tuesday 1 September: the week of 23 November is week 13, odd):
 * Monday has three lessons, the third on even weeks only; Wednesday one for subgroup 1 on odd weeks.
 */
export function testWeek(): WeekSchedule {
  return {
    year: 2026,
    ws: 1,
    startsOn: '2026-09-01',
    endsOn: '2027-01-31',
    timeSlots: [
      { id_time: 1, number: 1, start: '08:00', end: '09:20' },
      { id_time: 2, number: 2, start: '09:30', end: '10:50' },
      { id_time: 3, number: 3, start: '11:00', end: '12:20' },
    ],
    days: [1, 2, 3, 4, 5, 6, 7].map((day_number) => ({
      day_number,
      lessons:
        day_number === 1
          ? [
              testLesson({ id: 11 }),
              testLesson({
                id: 12,
                id_time: 2,
                number: 2,
                start: '09:30',
                end: '10:50',
                discipline: names('Базы данных'),
                lessonKind: names('Практика'),
              }),
              testLesson({
                id: 13,
                id_time: 3,
                number: 3,
                start: '11:00',
                end: '12:20',
                parity: 'even',
                discipline: names('Веб-разработка'),
              }),
            ]
          : day_number === 3
            ? [
                testLesson({
                  id: 31,
                  parity: 'odd',
                  discipline: names('Теория вероятностей'),
                  audience: { kind: 'subgroup', id: 1, name: 'ПИ-1-26/1' },
                }),
              ]
            : [],
    })),
  };
}
