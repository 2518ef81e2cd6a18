import { expect, test } from '@playwright/test';
import { openPerson, signIn } from './support';

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
