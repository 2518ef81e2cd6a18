import { expect, type Page } from '@playwright/test';

/** The password of every demo account. */
export const PASSWORD = 'Okuu2026!';

/** The data of an API reply, which must be a success. */
export async function data<T>(res: { ok(): boolean; json(): Promise<unknown>; text(): Promise<string> }): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Signs in through the sign-in screen and waits for the portal. */
export async function signIn(page: Page, login: string, password = PASSWORD): Promise<void> {
  await page.goto('/lms/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/lms$/);
}

/** Finds a person by login on the staff's People screen and opens their panel (with the keyboard). */
export async function openPerson(page: Page, login: string) {
  await page.goto('/lms/staff/people');
  await page.getByLabel('Имя или логин').fill(login);
  await page.getByLabel('Имя или логин').press('Enter');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: login, exact: true }) });
  await row.getByRole('button').focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('[aria-labelledby="person-name"]');
  await expect(panel.getByText(login)).toBeVisible();
  return panel;
}
