import type { WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { PASSWORD, signIn } from './support';

// The e2e server takes scans all day (QR_WINDOW_MINUTES=1440 in playwright.config.ts), so that a lesson of today is
// "on now" whenever the suite runs.

async function data<T>(res: { ok(): boolean; json(): Promise<unknown>; text(): Promise<string> }): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** student1's group, read with a session of its own (the browser of the flow stays signed out). */
async function groupOf(browser: Browser, login: string): Promise<string> {
  const context = await browser.newContext();
  await data(await context.request.post('/api/auth/orize.json', { data: { login, password: PASSWORD } }));
  const me = await data<{ user: { group: string } }>(
    await context.request.post('/api/auth/enticate.json', { data: {} }),
  );
  await context.close();
  return me.user.group;
}

/** The QR's link as the projector shows it now. */
async function shownLink(page: Page): Promise<string> {
  const token = await page.getByRole('img', { name: /QR/ }).getAttribute('data-token');
  expect(token).toBeTruthy();
  return `/lms/checkin?t=${encodeURIComponent(token as string)}`;
}

test('QR check-in: teacher1 projects, student1 signs in from the link and is present, student2 2 km away is refused', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const group = await groupOf(browser, 'student1');

  // teacher1 opens the check-in of a lesson with student1's group.
  const teacher = await (await browser.newContext()).newPage();
  await signIn(teacher, 'teacher1');
  const year = await data<{ year: number }>(await teacher.request.get('/api/discipline/current/year.json'));
  const ws = await data<{ ws: number }>(await teacher.request.get('/api/discipline/current/ws.json'));
  const week = await data<WeekSchedule>(
    await teacher.request.post('/api/schedule/teacher.json', { data: { year: year.year, ws: ws.ws } }),
  );
  const lesson = week.days
    .flatMap((d) => d.lessons)
    .find((l) => l.audience.kind === 'group' && l.groups.some((g) => g.name === group));
  expect(lesson, `a lesson of teacher1 with ${group}`).toBeDefined();
  const started = teacher.waitForResponse(
    (r) => r.url().endsWith('/api/schedule/qr') && r.request().method() === 'POST',
  );
  await teacher.goto(`/lms/schedule/qr/${lesson?.id}`);
  const { place } = await data<{ place: { latitude: number; longitude: number } }>(await started);
  const counts = teacher.getByTestId('checkin-counts');
  await expect(counts).toContainText('0');
  await expect(teacher.getByText(/Код сменится через \d+ с/)).toBeVisible();

  // student1, signed out, at the room: the link leads through sign-in back to the check-in, which completes.
  const student1 = await (
    await browser.newContext({
      geolocation: { latitude: place.latitude, longitude: place.longitude, accuracy: 12 },
      permissions: ['geolocation'],
    })
  ).newPage();
  await student1.goto(await shownLink(teacher));
  await expect(student1).toHaveURL(/\/lms\/login\?next=/);
  await student1.getByLabel('Логин').fill('student1');
  await student1.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
  await student1.getByRole('button', { name: 'Войти' }).click();
  await expect(student1).toHaveURL(/\/lms\/checkin\?k=/);
  await expect(student1.getByRole('status')).toContainText('Вы отмечены: присутствует.');

  // The projector's count goes up without a reload.
  await expect(counts.getByText('1', { exact: true })).toBeVisible();
  await expect(teacher.getByTestId('checkin-attempts')).toContainText('Присутствует');

  // student2, signed in, 2 km north of the room: refused with the distance.
  const student2 = await (
    await browser.newContext({
      geolocation: { latitude: place.latitude + 0.018, longitude: place.longitude, accuracy: 12 },
      permissions: ['geolocation'],
    })
  ).newPage();
  await signIn(student2, 'student2');
  await student2.goto(await shownLink(teacher));
  await expect(student2.getByRole('alert')).toContainText(/Вы в 2\d{3} м от аудитории, а можно не дальше \d+ м/);
  await expect(teacher.getByTestId('checkin-attempts')).toContainText('Далеко от аудитории');
  await expect(counts).toContainText('1');

  // The teacher stops the check-in.
  await teacher.getByRole('button', { name: 'Остановить' }).click();
  await teacher.getByRole('dialog').getByRole('button', { name: 'Остановить' }).click();
  await expect(teacher.getByText('Отметка остановлена.')).toBeVisible();
});
