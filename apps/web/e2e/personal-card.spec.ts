import { expect, type Page, test } from '@playwright/test';
import { axeFindings, keepingShots, lookAt, person, setTheme } from './support';

/** The screen at a phone's and a desktop's width, light and dark, for a person to look at (SHOTS_DIR only). */
async function shots(page: Page, name: string) {
  if (!keepingShots()) return;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await setTheme(page, scheme);
      await lookAt(page, `${name}-${width}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test('student1 reports a mistake in their personal card; staff resolve it; student1 sees the outcome', async ({
  browser,
}) => {
  // Some 25 s on a quiet machine; room for a busy one. Screenshots (SHOTS_DIR) take their time.
  test.setTimeout(keepingShots() ? 240_000 : 90_000);
  // Two browsers, signed in side by side.
  const [student, staff] = await Promise.all([person(browser, 'student1'), person(browser, 'staff1')]);
  const page = student.page;
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Личная карточка' }).click();
  await expect(page).toHaveURL(/\/lms\/card$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Личная карточка');
  const study = page.getByTestId('card-study');
  await expect(study.getByText('Номер зачётной книжки')).toBeVisible();
  await expect(page.getByTestId('card-credits').getByTestId('credits-planned')).toHaveText(/\d/);
  await expect(page.getByTestId('card-groups')).toBeVisible();
  // Both themes (before any toast comes and goes).
  expect(await axeFindings(page)).toEqual([]);

  const text = `Дата рождения неверна (e2e ${Date.now()})`;
  await page.getByTestId('report-mistake').click();
  const dialog = page.getByRole('dialog', { name: 'Сообщить об ошибке в карточке' });
  await dialog.getByRole('textbox', { name: 'Что не так и как правильно' }).fill(text);
  await dialog.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByText('Запрос отправлен сотрудникам')).toBeVisible();
  const mine = page.getByTestId('my-correction').filter({ hasText: text });
  await expect(mine.getByText('Новый')).toBeVisible();
  await shots(page, 'card-student');

  // staff1 sees it in the queue, opens the student's card from it, and marks it corrected with a comment.
  await staff.page.goto('/lms/staff/corrections');
  await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText('Исправления данных');
  const request = staff.page.getByTestId('correction-request').filter({ hasText: text });
  await expect(request).toHaveCount(1);
  await shots(staff.page, 'card-queue');
  await request.getByRole('button', { name: 'Исправлено' }).click();
  const closing = staff.page.getByRole('dialog', { name: 'Отметить как исправленное' });
  await closing.getByRole('textbox', { name: /Комментарий/ }).fill('Исправлено по паспорту');
  await closing.getByRole('button', { name: 'Сохранить' }).click();
  await expect(staff.page.getByText('Запрос отмечен как исправленный')).toBeVisible();
  await staff.page
    .getByRole('button', { name: /^Исправлено/ })
    .first()
    .click();
  await expect(staff.page.getByTestId('correction-request').filter({ hasText: text })).toHaveCount(1);
  await staff.context.close();

  // student1 sees the status and the staff's comment (asked again on focus and every 30 s; a reload is quickest).
  await page.reload();
  const done = page.getByTestId('my-correction').filter({ hasText: text });
  await expect(done.getByText('Исправлено', { exact: true })).toBeVisible();
  await expect(done.getByText('Комментарий сотрудника: Исправлено по паспорту')).toBeVisible();
  await student.context.close();
});
