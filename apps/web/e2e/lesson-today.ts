import type { ScheduleLesson, WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { bishkekDay, runsInWeek, weekOfHalfYear } from '@okuu/contracts/schedule/weeks';
import { type APIRequestContext, type Browser, expect } from '@playwright/test';
import { data, PASSWORD } from './support';

/** An API session of a demo account (its own context: the pages of a test keep theirs). */
async function session(browser: Browser, login: string): Promise<APIRequestContext> {
  const { request } = await browser.newContext();
  await data(await request.post('/api/auth/orize.json', { data: { login, password: PASSWORD } }));
  return request;
}

const header = 'group,academic_year,half_year,day,slot,week,discipline_code,lesson_kind,teacher,room';

/**
 * A lesson of `teacher` with `student`'s whole group that takes place today. When the timetable has none today (a
 * weekend, another weekday), staff1 imports one: a lesson the teacher gives that group, again today in a slot where
 * neither has a lesson and in a room the dry run finds free. QR check-in starts only a lesson of today.
 */
export async function lessonToday(browser: Browser, teacher: string, student: string): Promise<ScheduleLesson> {
  const asTeacher = await session(browser, teacher);
  const asStudent = await session(browser, student);
  const asStaff = await session(browser, 'staff1');
  const { year } = await data<{ year: number }>(await asTeacher.get('/api/discipline/current/year.json'));
  const { ws } = await data<{ ws: number }>(await asTeacher.get('/api/discipline/current/ws.json'));
  const { group } = (
    await data<{ user: { group: string } }>(await asStudent.post('/api/auth/enticate.json', { data: {} }))
  ).user;
  const week = async (who: APIRequestContext, path: string) =>
    data<WeekSchedule>(await who.post(path, { data: { year, ws } }));
  const today = bishkekDay(new Date());
  const todays = (w: WeekSchedule) => w.days.find((d) => d.day_number === today.weekday)?.lessons ?? [];
  const withGroup = (l: ScheduleLesson) => l.audience.kind === 'group' && l.audience.name === group;

  // Another worker may be importing the same lesson: look again after each try.
  for (let attempt = 0; attempt < 3; attempt++) {
    const mine = await week(asTeacher, '/api/schedule/teacher.json');
    const parity = weekOfHalfYear(today.date, mine.startsOn).parity;
    const found = todays(mine).find((l) => withGroup(l) && runsInWeek(l.parity, parity));
    if (found) return found;

    const model = mine.days.flatMap((d) => d.lessons).find(withGroup);
    expect(model, `a lesson of ${teacher} with ${group}`).toBeDefined();
    const lesson = model as ScheduleLesson;
    const disciplines = await data<{ id_discipline: number; code: string }[]>(
      await asTeacher.post('/api/umk/disciplines.json', { data: { id_semester: -1 } }),
    );
    const code = disciplines.find((d) => d.id_discipline === lesson.id_discipline)?.code as string;
    const busy = new Set(
      [...todays(mine), ...todays(await week(asStudent, '/api/schedule/student.json'))].map((l) => l.number),
    );
    const rooms = [
      ...new Set(
        [lesson, ...mine.days.flatMap((d) => d.lessons)].map((l) => `${l.room.building.shortName}-${l.room.number}`),
      ),
    ];
    const line = (slot: number, room: string) =>
      `${header}\n${[group, year, ws, today.weekday, slot, 'every', code, lesson.lessonKind.name, teacher, room].join(',')}\n`;
    const upload = (path: string, csv: string) =>
      asStaff.post(path, {
        multipart: { kind: 'timetable', files: { name: 'lesson.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
      });

    const clean = await (async () => {
      for (const slot of mine.timeSlots.filter((s) => !busy.has(s.number))) {
        for (const room of rooms.slice(0, 8)) {
          const report = await data<{ problemCount: number }>(
            await upload('/api/staff/import/check.json', line(slot.number, room)),
          );
          if (report.problemCount === 0) return line(slot.number, room);
        }
      }
      return null;
    })();
    expect(clean, `a free slot and room today for ${teacher} and ${group}`).not.toBeNull();
    const { job } = await data<{ job: string | null }>(await upload('/api/staff/import/start.json', clean as string));
    if (job) {
      await expect
        .poll(
          async () =>
            (await data<{ state: string }>(await asStaff.post('/api/staff/import/status.json', { data: { job } })))
              .state,
        )
        .not.toBe('running');
    }
  }
  throw new Error(`No lesson of ${teacher} with ${group} today`);
}
