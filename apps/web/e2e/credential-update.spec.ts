import { expect, test } from '@playwright/test';
import { PASSWORD } from './support';

// newstudent must change the issued credentials: this runs once per fresh database (see playwright.config.ts).
test('newstudent replaces the issued credentials and lands in the portal', async ({ page }) => {
  await page.goto('/lms/login');
  await page.getByLabel('Логин').fill('newstudent');
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();

  await expect(page.getByRole('heading', { name: 'Смена логина и пароля' })).toBeVisible();
  await page.getByLabel('Новый логин').fill('newstudent.ok');
  await page.getByLabel('Новый пароль').fill('Fresh2026pass');
  await page.getByLabel('Подтвердите пароль').fill('Fresh2026pas');
  await page.getByRole('button', { name: 'Обновить' }).click();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();

  await page.getByLabel('Подтвердите пароль').fill('Fresh2026pass');
  await page.getByRole('button', { name: 'Обновить' }).click();
  await expect(page).toHaveURL(/\/lms$/);
  await expect(page.getByRole('heading', { name: /Добро пожаловать/ })).toBeVisible();

  await page.getByRole('button', { name: 'Выход' }).click();
  await page.getByLabel('Логин').fill('newstudent.ok');
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill('Fresh2026pass');
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/lms$/);
});
