import { expect, test } from '@playwright/test';
import { PASSWORD } from './support';

// newstudent must change the issued credentials: this runs once per fresh database (see playwright.config.ts).
test('newstudent replaces the issued credentials and lands in the portal', async ({ page }) => {
  await page.goto('/lms/login');
  await expect(page.getByText('Университет Окуу')).toBeVisible();
  await page.getByLabel('Логин').fill('newstudent');
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page.getByRole('heading', { name: 'Смена логина и пароля' })).toBeVisible();

  // A refusal reads in the reader's language, and follows a language switch: the password rule...
  await page.getByRole('button', { name: 'Кыр' }).click();
  await expect(page.getByText('Окуу университети')).toBeVisible();
  await page.getByLabel('Жаңы логин').fill('newstudent.ok');
  await page.getByLabel('Жаңы сырсөз').fill('abc');
  await page.getByLabel('Сырсөздү ырастаңыз').fill('abc');
  await page.getByRole('button', { name: 'Жаңылоо' }).click();
  const alert = page.getByRole('alert');
  await expect(alert).toHaveText(
    'Сырсөздө жок дегенде бир сан, бир баш тамга жана бир кичине тамга болушу керек, узундугу 6 белгиден кем болбошу керек.',
  );
  await page.getByRole('button', { name: 'Eng' }).click();
  await expect(page.getByText('Okuu University')).toBeVisible();
  await expect(alert).toHaveText(
    'The password needs at least one digit, one upper-case and one lower-case letter, and at least 6 characters.',
  );
  // ...and a refused field, named.
  await page.getByLabel('New login').fill('ab');
  await page.getByLabel('New password').fill('Fresh2026pass');
  await page.getByLabel('Confirm the password').fill('Fresh2026pass');
  await page.getByRole('button', { name: 'Update' }).click();
  await expect(alert).toHaveText('New login: at least 3 characters.');
  await page.getByRole('button', { name: 'Рус' }).click();
  await expect(alert).toHaveText('Новый логин: не менее 3 символов.');

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
