import { expect, type Page } from '@playwright/test';

/** The password of every demo account. */
export const PASSWORD = 'Okuu2026!';

/** Signs in through the sign-in screen and waits for the portal. */
export async function signIn(page: Page, login: string, password = PASSWORD): Promise<void> {
  await page.goto('/lms/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/lms$/);
}
