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

  test("shows the reference data, the faculty and the institution in the reader's language", async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.getByRole('button', { name: /Волков Дмитрий/ }).click();
    await page.getByRole('menuitem', { name: 'Eng' }).click();
    // The header: the institution and the teacher's position.
    await expect(page.getByRole('banner').getByText('Okuu University')).toBeVisible();
    await expect(page.getByRole('navigation').getByText('Associate professor')).toBeVisible();

    await page.goto('/lms/change-password');
    const data = page.getByRole('main');
    await expect(data.getByRole('heading', { name: 'Personal data' })).toBeVisible();
    for (const text of ['Associate professor', 'Faculty of Information Technology', 'Kyrgyz Republic', 'Higher']) {
      await expect(data.getByText(text, { exact: true })).toBeVisible();
    }
    await expect(data.getByText(/^(Kyrgyz|Russian)$/)).toBeVisible();
    for (const russian of ['Доцент', 'Факультет информационных технологий', 'Кыргызская Республика', 'Высшее']) {
      await expect(data.getByText(russian, { exact: true })).toHaveCount(0);
    }

    await page.getByRole('button', { name: /Волков Дмитрий/ }).click();
    await page.getByRole('menuitem', { name: 'Кыр' }).click();
    await expect(data.getByText('Кыргыз Республикасы', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Окуу университети')).toBeVisible();
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
