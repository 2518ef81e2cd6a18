import { expect, test } from '@playwright/test';
import { openPerson, PASSWORD, signIn } from './support';

// student2, whom the other specs sign in as: this spec runs after all of them (the project `after-the-rest` of
// playwright.config.ts), since blocking ends every session of the account.
test('staff1 blocks student2, whose open page goes to sign-in; then unblocks them', async ({ browser }) => {
  const staffContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    const student = await studentContext.newPage();
    await signIn(student, 'student2');
    await signIn(staff, 'staff1');

    const panel = await openPerson(staff, 'student2');
    await panel.getByRole('button', { name: 'Заблокировать' }).click();
    const dialog = staff.getByRole('dialog', { name: 'Заблокировать учётную запись?' });
    await dialog.getByRole('button', { name: 'Заблокировать' }).click();
    await expect(panel.getByText('Заблокирован', { exact: true })).toBeVisible();

    // The student's page is sent to sign-in (the chat socket closes as the session ends), and sign-in is refused.
    await expect(student).toHaveURL(/\/lms\/login/, { timeout: 15_000 });
    await student.getByLabel('Логин').fill('student2');
    await student.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
    await student.getByRole('button', { name: 'Войти' }).click();
    await expect(student.getByText('Учётная запись заблокирована. Обратитесь в деканат.')).toBeVisible();

    await panel.getByRole('button', { name: 'Разблокировать' }).click();
    await expect(panel.getByText('Активен', { exact: true })).toBeVisible();
    await signIn(student, 'student2');

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
