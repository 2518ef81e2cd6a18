import { expect, type Page, test } from '@playwright/test';
import { PASSWORD, signIn } from './support';

/** Finds a person by login on the People screen and opens their panel (with the keyboard). */
async function openPerson(page: Page, login: string) {
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

// student8, whom no other test signs in as: blocking ends every session of the account, and the tests run in parallel.
test('staff1 blocks student8, whose open page goes to sign-in; then unblocks them', async ({ browser }) => {
  const staffContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    const student = await studentContext.newPage();
    await signIn(student, 'student8');
    await signIn(staff, 'staff1');

    const panel = await openPerson(staff, 'student8');
    await panel.getByRole('button', { name: 'Заблокировать' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Заблокировать учётную запись?' });
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(panel.getByText('Заблокирован', { exact: true })).toBeVisible();

    // The student's page is sent to sign-in (the chat socket closes as the session ends), and sign-in is refused.
    await expect(student).toHaveURL(/\/lms\/login/, { timeout: 15_000 });
    await student.getByLabel('Логин').fill('student8');
    await student.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
    await student.getByRole('button', { name: 'Войти' }).click();
    await expect(student.getByText('Учётная запись заблокирована. Обратитесь в деканат.')).toBeVisible();

    await panel.getByRole('button', { name: 'Разблокировать' }).click();
    await expect(panel.getByText('Активен', { exact: true })).toBeVisible();
    await signIn(student, 'student8');

    // Both changes are in the person's history (the audit log, filtered to them).
    await panel.getByRole('link', { name: 'История изменений' }).click();
    await expect(staff.getByText(/^Только изменения: /)).toBeVisible();
    await expect(staff.getByRole('cell', { name: 'Блокировка', exact: true }).first()).toBeVisible();
    await expect(staff.getByRole('cell', { name: 'Разблокировка', exact: true }).first()).toBeVisible();
  } finally {
    await staffContext.close();
    await studentContext.close();
  }
});

test("staff1 resets student7's credentials; student7 signs in with them and must change them", async ({ browser }) => {
  const staffContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, 'staff1');
    const panel = await openPerson(staff, 'student7');
    await panel.getByRole('button', { name: 'Сбросить логин и пароль' }).click();
    await staff.getByRole('dialog').getByRole('button', { name: 'Выдать новые' }).click();
    const slip = staff.getByTestId('credentials-slip');
    await expect(slip).toBeVisible();
    const login = (await staff.getByTestId('issued-login').textContent()) ?? '';
    const password = (await staff.getByTestId('issued-password').textContent()) ?? '';
    expect(login).toMatch(/^stu\d{6}$/);
    await expect(staff.getByRole('button', { name: 'Распечатать листок' })).toBeVisible();

    const student = await studentContext.newPage();
    await student.goto('/lms/login');
    await student.getByLabel('Логин').fill(login);
    await student.getByRole('textbox', { name: 'Пароль', exact: true }).fill(password);
    await student.getByRole('button', { name: 'Войти' }).click();
    await expect(student.getByRole('heading', { name: 'Смена логина и пароля' })).toBeVisible();
    await student.getByLabel('Новый логин').fill('student7');
    await student.getByLabel('Новый пароль').fill('Fresh2026pass');
    await student.getByLabel('Подтвердите пароль').fill('Fresh2026pass');
    await student.getByRole('button', { name: 'Обновить' }).click();
    await expect(student).toHaveURL(/\/lms$/);
  } finally {
    await staffContext.close();
    await studentContext.close();
  }
});
