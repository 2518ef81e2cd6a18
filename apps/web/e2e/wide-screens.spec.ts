import { expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support';

const desktop = { width: 1366, height: 800 };
const phone = { width: 390, height: 844 };

/** Whether all of an element shows: no text cut off inside it, and within the window's width. */
async function shownWhole(element: Locator, page: Page): Promise<boolean> {
  const width = page.viewportSize()?.width ?? 0;
  return element.evaluate(
    (el, right) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= right,
    width,
  );
}

/** Whether an element lies within the visible part of the scrolling box around it (nothing to scroll to reach it). */
async function inView(element: Locator): Promise<boolean> {
  return element.evaluate((el) => {
    const box = el.getBoundingClientRect();
    let parent = el.parentElement;
    while (parent && parent.scrollWidth <= parent.clientWidth) parent = parent.parentElement;
    const frame = parent ? parent.getBoundingClientRect() : { left: 0, right: window.innerWidth };
    return box.left >= frame.left - 1 && box.right <= frame.right + 1 && box.right <= window.innerWidth;
  });
}

const sidePanel = (page: Page) => page.getByRole('complementary', { name: 'Контакты и приложения' });

/** Whether the side column is in the window (folded away, it lies beyond its right edge). */
const panelShown = (page: Page) =>
  sidePanel(page).evaluate((el) => el.getBoundingClientRect().left < window.innerWidth - 1);

test.describe('wide work screens', () => {
  test.use({ viewport: desktop });

  test('the staff payments table has the width: the side column folds away, remembered per user', async ({ page }) => {
    await signIn(page, 'staff1');
    await page.goto('/lms/staff/payments');
    const table = page.getByRole('table');
    await expect(table).toBeVisible();
    expect(await panelShown(page)).toBe(false);
    // Every column in view, every status whole: its text tells paid from pending, not a dot's colour.
    for (const header of await table.getByRole('columnheader').all()) expect(await inView(header)).toBe(true);
    const statuses = table.locator('[data-status]');
    expect(await statuses.count()).toBeGreaterThan(0);
    for (const status of await statuses.all()) {
      expect(await shownWhole(status, page)).toBe(true);
      await expect(status).toHaveText(/^(Оплачено|Ожидает|Не прошёл|Истёк)$/);
    }

    // Kept at will, and so after a reload; folded again the same way.
    const toggle = page.getByRole('button', { name: 'Контакты и приложения', expanded: false });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect.poll(() => panelShown(page)).toBe(true);
    await page.reload();
    await expect(table).toBeVisible();
    expect(await panelShown(page)).toBe(true);
    for (const status of await table.locator('[data-status]').all()) expect(await shownWhole(status, page)).toBe(true);
    await page.getByRole('button', { name: 'Контакты и приложения', expanded: true }).click();
    await expect.poll(() => panelShown(page)).toBe(false);

    // Staff get their own applications panel (home, say, is not a wide screen).
    await page.goto('/lms');
    await expect(sidePanel(page).getByRole('link', { name: 'Платежи' })).toBeVisible();
    await expect(sidePanel(page).getByRole('link', { name: 'Люди' })).toBeVisible();
    await expect(sidePanel(page).getByRole('link', { name: 'Транскрипт' })).toHaveCount(0);
  });

  test('the people list keeps its group and status columns beside an open person', async ({ page }) => {
    await signIn(page, 'staff1');
    await page.goto('/lms/staff/people');
    await page.getByLabel('Имя или логин').fill('student');
    await page.getByLabel('Имя или логин').press('Enter');
    await page.getByRole('row').nth(1).getByRole('button').click();
    await expect(page.locator('[aria-labelledby="person-name"]')).toBeVisible();
    const table = page.getByRole('table');
    for (const name of ['ФИО', 'Группа', 'Статус']) {
      expect(await inView(table.getByRole('columnheader', { name, exact: true })), name).toBe(true);
    }
  });

  test("the teacher's journal shows its totals without scrolling", async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto('/lms/journal');
    const table = page.getByRole('table');
    await expect(table.getByRole('cell').first()).toBeVisible();
    expect(await panelShown(page)).toBe(false);
    for (const name of ['Пропуски', 'Баллы', 'Средний балл']) {
      expect(await inView(table.getByRole('columnheader', { name, exact: true })), name).toBe(true);
    }
  });
});

test.describe('statuses on a phone', () => {
  test.use({ viewport: phone });

  test('read whole in the staff payments table', async ({ page }) => {
    await signIn(page, 'staff1');
    await page.goto('/lms/staff/payments');
    const statuses = page.getByRole('table').locator('[data-status]');
    await expect(statuses.first()).toBeVisible();
    for (const status of await statuses.all()) {
      await status.scrollIntoViewIfNeeded();
      expect(await status.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
    }
  });
});

test('menus show each role only what serves it', async ({ page }) => {
  await signIn(page, 'student1');
  const menu = page.getByRole('navigation', { name: 'Меню' });
  await expect(menu.getByRole('link', { name: 'Код оплаты' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Нагрузка преподавателя' })).toHaveCount(0);
  // The grading sheet shows a student their own points.
  await expect(menu.getByRole('link', { name: 'Электронная ведомость' })).toBeVisible();
});
