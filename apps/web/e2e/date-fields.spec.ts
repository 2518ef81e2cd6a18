import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

// An American browser, the Russian interface: the browser's own date inputs would write mm/dd/yyyy and PM here.
test.use({ locale: 'en-US' });

/** No input of the browser's own for dates or times on the page. */
const nativeDateInputs = (page: Page) =>
  page.locator('input[type="date"], input[type="time"], input[type="datetime-local"]');

test('dates and times follow the interface language, not the browser’s', async ({ page }) => {
  await signIn(page, 'staff1');
  await page.goto('/lms/staff/payments');
  const from = page.getByRole('textbox', { name: 'С даты' });
  await expect(from).toHaveAttribute('placeholder', 'ДД.ММ.ГГГГ');
  await from.fill('5.4.2026');
  await page.keyboard.press('Tab');
  await expect(from).toHaveValue('05.04.2026');
  await expect(nativeDateInputs(page)).toHaveCount(0);

  await page.goto('/lms/staff/settings');
  await page.getByRole('tab', { name: 'Календарь' }).click();
  await page
    .getByRole('button', { name: /^Изменить: Осеннее/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog', { name: 'Полугодие' });
  await expect(dialog.getByRole('textbox', { name: 'Первый день' })).toHaveValue(/^\d\d\.\d\d\.\d{4}$/);
  await expect(nativeDateInputs(page)).toHaveCount(0);
  await page.keyboard.press('Escape');

  await page.getByRole('tab', { name: 'Звонки и аудитории' }).click();
  await page.getByRole('button', { name: 'Изменить' }).first().click();
  const slot = page.getByRole('dialog', { name: 'Пара' });
  // 24 hours: an afternoon slot reads 13, 14…, and no AM/PM to pick.
  await expect(slot.getByRole('spinbutton', { name: 'Начало: часы' })).toHaveValue(/^\d\d$/);
  await expect(slot.getByText(/^(AM|PM)$/)).toHaveCount(0);
  await expect(nativeDateInputs(page)).toHaveCount(0);
});
