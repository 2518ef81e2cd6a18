import { expect, type Page, test } from '@playwright/test';
import { axeFindings, signIn } from './support';

// The service worker is part of what this spec checks (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Orders a reference through the screen's form, as a student does. */
async function orderReference(page: Page) {
  await page.goto('/lms/singlewindow');
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Новый заказ' }) });
  await form.getByRole('combobox', { name: 'Вид справки' }).selectOption({ label: 'Справка с места учёбы' });
  await form.getByRole('combobox', { name: 'Назначение' }).selectOption({ label: 'По месту требования' });
  await form.getByRole('combobox', { name: 'Область (город)' }).selectOption({ label: 'город Бишкек' });
  await form.getByRole('combobox', { name: 'Район' }).selectOption({ index: 1 });
  await form.getByRole('button', { name: 'Заказать справку' }).click();
  await expect(page.getByText('Заказ принят: «Справка с места учёбы»')).toBeVisible();
}

test('push is offered once after ordering a reference, never at sign-in; "not now" is remembered', async ({ page }) => {
  await signIn(page, 'student12');
  const prompt = page.getByRole('dialog', { name: 'Уведомления на телефоне' });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(prompt).toHaveCount(0);

  await orderReference(page);
  await expect(prompt).toBeVisible();
  // axe finds nothing in either theme; the buttons work from the keyboard.
  expect(await axeFindings(page)).toEqual([]);
  await prompt.getByRole('button', { name: 'Включить' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(prompt.getByRole('button', { name: 'Не сейчас' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(prompt).toHaveCount(0);

  // Another order, after a reload: not offered again.
  await page.reload();
  await orderReference(page);
  await page.waitForTimeout(1000);
  await expect(prompt).toHaveCount(0);
});
