import { expect, test } from '@playwright/test';
import { PASSWORD, signIn } from './support';

test.describe('profile', () => {
  test('shows the personal data', async ({ page }) => {
    await signIn(page, 'student1');
    await page.getByRole('link', { name: 'Профиль' }).click();
    await expect(page).toHaveTitle('Профиль | Портал');
    await expect(page.getByText('5 апреля 2007 г.')).toBeVisible();
    await expect(page.getByText('Факультет информационных технологий')).toBeVisible();
    await expect(page.getByText('Мужской')).toBeVisible();
  });

  test('checks the password change form, explains refusals, then changes the password', async ({ page }) => {
    // teacher3, whose password no other test needs (the news tests sign teacher2 in while this one runs).
    await signIn(page, 'teacher3');
    await page.goto('/lms/change-password');
    const form = page.locator('form');
    const change = form.getByRole('button', { name: 'Сменить пароль' });

    await change.click();
    await expect(form.getByText('Введите текущий пароль')).toBeVisible();
    await expect(form.getByText('Не менее 4 символов')).toHaveCount(2);

    await form.getByLabel('Текущий пароль').fill(PASSWORD);
    await form.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill('Better2026');
    await form.getByLabel('Подтвердите новый пароль').fill('Better2027');
    await change.click();
    await expect(form.getByText('Пароли не совпадают')).toBeVisible();

    await form.getByLabel('Подтвердите новый пароль').fill('Better2026');
    await form.getByLabel('Текущий пароль').fill('not-my-password');
    await change.click();
    await expect(page.getByText('Не удалось сменить пароль: Неверный текущий пароль.')).toBeVisible();

    await form.getByLabel('Текущий пароль').fill(PASSWORD);
    await form.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill('weakpass');
    await form.getByLabel('Подтвердите новый пароль').fill('weakpass');
    await change.click();
    await expect(page.getByText(/Не удалось сменить пароль: Пароль должен содержать/)).toBeVisible();

    await form.getByRole('textbox', { name: 'Новый пароль', exact: true }).fill('Better2026');
    await form.getByLabel('Подтвердите новый пароль').fill('Better2026');
    await change.click();
    await expect(page.getByText('Пароль успешно изменён')).toBeVisible();

    await page.getByRole('button', { name: 'Выход' }).click();
    await signIn(page, 'teacher3', 'Better2026');
  });
});
