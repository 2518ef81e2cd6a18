import { expect, test } from '@playwright/test';
import { axeFindings, signIn } from './support';

// Other specs run beside this one on the same demo data: the name is put back whatever happens.
test('staff1 renames the institution, the sign-in page shows the new name, then it is restored', async ({
  browser,
}) => {
  const staffContext = await browser.newContext();
  const guestContext = await browser.newContext();
  const staff = await staffContext.newPage();
  const field = staff.getByLabel('Название (русский)');
  let original: string | null = null;
  try {
    await signIn(staff, 'staff1');
    await staff.goto('/lms/staff/settings');
    await expect(staff.getByRole('tab', { name: 'Организация' })).toHaveAttribute('aria-selected', 'true');
    await expect(field).not.toHaveValue('');
    original = await field.inputValue();

    // An empty name is refused on the client, saying which field and why.
    await field.fill('');
    await staff.getByRole('button', { name: 'Сохранить' }).click();
    await expect(staff.getByText(/Название на русском|Название \(русский\)|обязательно/).first()).toBeVisible();

    const renamed = `${original} (проверка)`;
    await field.fill(renamed);
    await field.press('Enter');
    await expect(staff.getByText('Сохранено.')).toBeVisible();
    // The portal's own header follows at once, with no reload.
    await expect(staff.getByRole('banner').getByText(renamed, { exact: true })).toBeVisible();

    const guest = await guestContext.newPage();
    await guest.goto('/lms/login');
    await expect(guest.getByText(renamed, { exact: true })).toBeVisible();
  } finally {
    if (original !== null) {
      await field.fill(original);
      await field.press('Enter');
      await expect(staff.getByText('Сохранено.').first()).toBeVisible();
    }
    await staffContext.close();
    await guestContext.close();
  }
});

test('settings: every tab and an edit dialog pass axe in both themes', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, 'staff1');
  await page.goto('/lms/staff/settings');
  const loaded = {
    Организация: page.getByLabel('Название (русский)'),
    Календарь: page.getByText(/^Сегодня: /),
    'Звонки и аудитории': page.getByRole('heading', { name: 'Аудитории' }),
    Регистрация: page.getByRole('heading', { name: 'Окна регистрации' }),
    Услуги: page.getByRole('heading', { name: 'Платные услуги' }),
  };
  for (const [tab, shown] of Object.entries(loaded)) {
    await page.getByRole('tab', { name: tab, exact: true }).click();
    await expect(shown).toBeVisible();
    expect(await axeFindings(page), tab).toEqual([]);
  }
  await page.getByRole('button', { name: 'Изменить' }).first().click();
  await expect(page.getByRole('dialog', { name: 'Платная услуга' })).toBeVisible();
  expect(await axeFindings(page)).toEqual([]);
});
