import { type Browser, expect, test } from '@playwright/test';
import { lessonToday } from './lesson-today';
import { axeFindings, data, lookAt, PASSWORD, setTheme, signIn } from './support';

// Home on the real date and hour: lessonToday makes sure teacher1 has a lesson with student1's group today, and the
// e2e server keeps a check-in open all day (QR_WINDOW_MINUTES=1440), so home shows today's lessons whatever the hour.

async function staffSession(browser: Browser) {
  const { request } = await browser.newContext();
  await data(await request.post('/api/auth/orize.json', { data: { login: 'staff1', password: PASSWORD } }));
  return request;
}

test('student4 sees a reference appear on home once staff issue it, without a reload; axe in both themes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn(page, 'student4');
  await expect(page).toHaveURL(/\/lms\/?$/);
  // The first summary is made afresh from every card's module (on a busy machine, some seconds).
  await expect(page.getByTestId('home-as-of')).toBeVisible({ timeout: 30_000 });

  // student4 orders a certificate (through the API, as the single-window screen would). A student of its own: the
  // single-window spec starts from no orders, and the notifications spec counts its student's bell.
  const placed = await data<{ id_order: number }>(
    await page.request.post('/api/singlewindow/order/save.json', {
      data: { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
    }),
  );
  const actions = page.getByTestId('home-actions');

  // staff1 prepares and issues it; home hears of it over the socket.
  const staff = await staffSession(browser);
  for (const status of ['preparing', 'prepared']) {
    await data(
      await staff.post('/api/singlewindow/order/status.json', { data: { id_order: placed.id_order, status } }),
    );
  }
  const orders = await data<{ id_order: number; documentUrl: string | null }[]>(
    await page.request.post('/api/singlewindow/order/list.json', { data: {} }),
  );
  const documentUrl = orders.find((o) => o.id_order === placed.id_order)?.documentUrl as string;
  const item = actions.getByRole('listitem').filter({ has: page.locator(`a[href="${documentUrl}"]`) });
  await expect(item.getByText('Справка готова: Справка с места учёбы')).toBeVisible();
  await expect(item.getByRole('link', { name: 'Скачать' })).toBeVisible();

  // The lessons card comes first, above the fold on a phone.
  const lessons = page.getByTestId('home-lessons');
  if (await lessons.count()) {
    const box = await lessons.boundingBox();
    expect(box && box.y < 844).toBe(true);
  }
  await lookAt(page, 'student-390-dark');
  await setTheme(page, 'light');
  await lookAt(page, 'student-390-light');
  expect(await axeFindings(page)).toEqual([]);
  await context.close();
});

test('teacher1 starts a QR check-in of today’s lesson from home, and opens its journal', async ({ browser }) => {
  test.setTimeout(120_000);
  const lesson = await lessonToday(browser, 'teacher1', 'student1');
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await signIn(page, 'teacher1');
  const card = page.getByTestId('home-lessons');
  await expect(card.getByRole('heading', { level: 2 })).toHaveText('Занятия сегодня', { timeout: 30_000 });
  const item = card.getByRole('listitem').filter({ has: page.locator(`a[href="/lms/schedule/qr/${lesson.id}"]`) });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole('link', { name: 'Открыть журнал' })).toHaveAttribute(
    'href',
    new RegExp(`^/lms/journal\\?d=${lesson.id_discipline}&t=group&g=\\d+&k=${lesson.id_vid_zaniatiy}$`),
  );
  await lookAt(page, 'teacher-1366-dark');
  expect(await axeFindings(page)).toEqual([]);

  const started = page.waitForResponse((r) => r.url().endsWith('/api/schedule/qr') && r.request().method() === 'POST');
  await item.getByRole('link', { name: /QR-отметку/ }).click();
  await expect(page).toHaveURL(new RegExp(`/lms/schedule/qr/${lesson.id}$`));
  expect((await started).ok()).toBe(true);
  await expect(page.getByRole('img', { name: /QR/ })).toBeVisible();
  await context.close();
});
