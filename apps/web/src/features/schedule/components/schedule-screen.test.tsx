import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { keepSchedule, readKeptSchedule } from '../lib/schedule-cache';
import { testWeek } from '../lib/test-week';
import { ScheduleScreen } from './schedule-screen';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

const owner = { uid: testStudent.id, role: testStudent.role };
const period = { year: 2026, ws: 1 };
const path = '/api/schedule/student.json';

function server() {
  return fakeServer({ [path]: { data: testWeek() } });
}

/** Monday 23 November 2026, 08:30 in Bishkek: the first lesson is on, week 13 (odd). */
const mondayMorning = new Date('2026-11-23T08:30:00+06:00');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(mondayMorning);
});
afterEach(() => {
  vi.useRealTimers();
});

const lessonOf = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement;

describe('the schedule screen', () => {
  it("opens on today with this week's parity, the lesson on now and the next one; keeps the week", async () => {
    const calls = server();
    renderAt('/lms/schedule', <ScheduleScreen owner={owner} viewer="student" period={period} />, {
      user: testStudent,
    });
    expect(await screen.findByRole('heading', { level: 2, name: /Понедельник, 23 ноября 2026 г\./ })).toBeTruthy();
    expect(calls.map((c) => [c.path, c.body])).toEqual([[path, { year: 2026, ws: 1, id: testStudent.id }]]);
    expect((screen.getByRole('radio', { name: 'Понедельник' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Идёт 13-я неделя — числитель')).toBeTruthy();

    expect(within(lessonOf('Программирование')).getByText('Идёт сейчас')).toBeTruthy();
    expect(lessonOf('Программирование').getAttribute('aria-current')).toBe('time');
    expect(within(lessonOf('Базы данных')).getByText('Следующая')).toBeTruthy();
    // Even weeks only: not this week.
    expect(within(lessonOf('Веб-разработка')).getByText('не на этой неделе')).toBeTruthy();
    expect(within(lessonOf('Веб-разработка')).getByText('по знаменателю')).toBeTruthy();
    // A student sees the teacher and the room.
    expect(within(lessonOf('Программирование')).getByText('Волков Дмитрий Алексеевич')).toBeTruthy();
    expect(within(lessonOf('Программирование')).getByText('ауд. Б-101, Учебный корпус Б')).toBeTruthy();

    expect(readKeptSchedule(owner, 2026, 1)).toMatchObject({ date: mondayMorning.getTime(), data: testWeek() });
  });

  it('shows another day, or the whole week, from the filter', async () => {
    server();
    renderAt('/lms/schedule', <ScheduleScreen owner={owner} viewer="student" period={period} />, {
      user: testStudent,
    });
    await screen.findByRole('heading', { level: 3, name: 'Программирование' });
    await userEvent.click(screen.getByRole('radio', { name: 'Среда' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Среда, 25 ноября 2026 г.' })).toBeTruthy();
    expect(within(lessonOf('Теория вероятностей')).getByText('подгруппа ПИ-1-26/1')).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 3, name: 'Программирование' })).toBeNull();

    await userEvent.click(screen.getByRole('radio', { name: 'Вторник' }));
    expect(screen.getByText('Занятий нет')).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: 'Вся неделя' }));
    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days).toHaveLength(5);
    expect(days[0]).toMatch(/^Понедельник/);
    expect(days[4]).toMatch(/^Пятница/);
  });

  it('shows a teacher the groups of each lesson', async () => {
    fakeServer({ '/api/schedule/teacher.json': { data: testWeek() } });
    renderAt('/lms/schedule', <ScheduleScreen owner={{ uid: 1, role: 1 }} viewer="teacher" period={period} />, {
      user: { ...testStudent, id: 1, uid: 1, role: 1 },
    });
    const lesson = (await screen.findByRole('heading', { level: 3, name: 'Программирование' })).closest('li');
    expect(within(lesson as HTMLElement).getByText('ПИ-1-26')).toBeTruthy();
    expect(within(lesson as HTMLElement).queryByText('Волков Дмитрий Алексеевич')).toBeNull();
  });

  it('uses the kept week on a weekday, however old, and asks again on the refresh button', async () => {
    const calls = server();
    keepSchedule(owner, testWeek(), Date.parse('2026-11-01T09:00:00+06:00'));
    renderAt('/lms/schedule', <ScheduleScreen owner={owner} viewer="student" period={period} />, {
      user: testStudent,
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Программирование' })).toBeTruthy();
    expect(screen.getByText('Обновлено 1 ноября 2026 г., 09:00')).toBeTruthy();
    expect(calls).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Обновить' }));
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(await screen.findByText('Обновлено 23 ноября 2026 г., 08:30')).toBeTruthy();
  });

  it('asks again on Saturday once the kept week is 7 days old, not before', async () => {
    vi.setSystemTime(new Date('2026-11-28T12:00:00+06:00'));
    const calls = server();
    keepSchedule(owner, testWeek(), Date.parse('2026-11-22T12:00:00+06:00'));
    const { unmount } = renderAt('/lms/schedule', <ScheduleScreen owner={owner} viewer="student" period={period} />, {
      user: testStudent,
    });
    await screen.findByRole('heading', { level: 2, name: /Суббота/ });
    expect(calls).toHaveLength(0);
    unmount();

    keepSchedule(owner, testWeek(), Date.parse('2026-11-21T12:00:00+06:00'));
    renderAt('/lms/schedule', <ScheduleScreen owner={owner} viewer="student" period={period} />, {
      user: testStudent,
    });
    await waitFor(() => expect(calls).toHaveLength(1));
  });

  it('offline, shows the last kept week, or says there is none', async () => {
    const calls = server();
    const { unmount } = renderAt('/lms/schedule', <ScheduleScreen owner={owner} viewer="student" period={null} />, {
      user: testStudent,
    });
    expect(await screen.findByText('Нет сети: данные загрузятся, когда связь вернётся.')).toBeTruthy();
    unmount();

    keepSchedule(owner, testWeek(), Date.parse('2026-11-20T09:00:00+06:00'));
    renderAt('/lms/schedule', <ScheduleScreen owner={owner} viewer="student" period={null} />, {
      user: testStudent,
    });
    expect(await screen.findByRole('heading', { level: 3, name: 'Программирование' })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});
