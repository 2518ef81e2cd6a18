import { expect, type Page, test } from '@playwright/test';
import { axeFindings, signIn } from './support';

const sections = (page: Page) => page.getByRole('main').getByRole('heading', { level: 2 });

test.describe('user manual', () => {
  test("a student reads their role's guide in Russian, searches it, and a screen's help link lands on its section", async ({
    page,
  }) => {
    await signIn(page, 'student1');
    await page
      .getByRole('navigation', { name: 'Меню' })
      .getByRole('link', { name: 'Руководство пользователя' })
      .click();
    await expect(page).toHaveURL(/\/lms\/manual$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Руководство пользователя' })).toBeVisible();
    await expect(sections(page).filter({ hasText: 'Транскрипт' })).toBeVisible();
    await expect(sections(page).filter({ hasText: 'Регистрация на дисциплины' })).toBeVisible();
    await expect(sections(page).filter({ hasText: 'Нагрузка преподавателя' })).toHaveCount(0);
    const all = await sections(page).count();

    await page.getByRole('searchbox', { name: 'Поиск по руководству' }).fill('пароль');
    await expect(sections(page)).toHaveText(['Профиль и пароль']);
    await expect(page.getByRole('status').filter({ hasText: 'Найден 1 раздел' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('searchbox', { name: 'Поиск по руководству' }).fill('');
    await expect(sections(page)).toHaveCount(all);

    await page.goto('/lms/journal');
    await page.getByRole('link', { name: 'Справка: «Журнал» в руководстве пользователя' }).click();
    await expect(page).toHaveURL(/\/lms\/manual#journal$/);
    const heading = page.getByRole('heading', { level: 2, name: 'Журнал посещаемости' });
    await expect(heading).toBeFocused();
    await expect(heading).toBeInViewport();
  });

  test("a teacher's guide has the teacher's sections; the workload's help link lands there", async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto('/lms/manual');
    await expect(sections(page).filter({ hasText: 'Нагрузка преподавателя' })).toBeVisible();
    await expect(sections(page).filter({ hasText: 'Регистрация на дисциплины' })).toHaveCount(0);
    await page.goto('/lms/workload');
    const help = page.getByRole('link', { name: 'Справка: «Нагрузка преподавателя» в руководстве пользователя' });
    await help.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/lms\/manual#workload$/);
    await expect(page.getByRole('heading', { level: 2, name: 'Нагрузка преподавателя' })).toBeFocused();
    expect(await axeFindings(page)).toEqual([]);
  });
});
