import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { signIn } from './support';

const header = ['record_book', 'last_name', 'first_name', 'patronymic', 'group'];

async function xlsx(rows: string[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('students');
  for (const row of rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

test('staff1 imports students from XLSX: fixes a bad line, then a new student signs in and must change the credentials', async ({
  browser,
  baseURL,
}) => {
  const staffContext = await browser.newContext();
  const studentContext = await browser.newContext();
  try {
    const staff = await staffContext.newPage();
    await signIn(staff, 'staff1');
    // A real group's name, from the people screen's options.
    const options = await staff.request.post('/api/staff/people/options.json', {
      data: {},
      headers: { origin: baseURL as string },
    });
    const group = (await options.json()).data.groups[0].name as string;
    // Unique record books, so re-runs and parallel runs create new students.
    const rb = `E${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

    await staff.goto('/lms/staff/import');
    await expect(staff.getByRole('heading', { name: 'Импорт данных' })).toBeVisible();
    await expect(staff.getByTestId('template-xlsx')).toHaveAttribute('href', /kind=students&format=xlsx/);

    // First the file with a line lacking the first name: the report names it, and the import stays off.
    const chooser = staff.waitForEvent('filechooser');
    await staff.getByTestId('import-file').click();
    await (await chooser).setFiles({
      name: 'students.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsx([header, [`${rb}-1`, 'Үсөнова', 'Айгүл', '', group], [`${rb}-2`, 'Ңурланов', '', '', group]]),
    });
    await staff.getByRole('button', { name: 'Проверить файл' }).click();
    const problem = staff.getByTestId('import-problem');
    await expect(problem).toHaveCount(1);
    await expect(problem).toContainText('3');
    await expect(problem).toContainText('Имя');
    await expect(problem).toContainText('Пусто: значение обязательно');
    await expect(staff.getByTestId('import-run')).toBeDisabled();

    // The fixed file: clean, two new students; the import issues their credentials.
    const chooser2 = staff.waitForEvent('filechooser');
    await staff.getByTestId('import-file').click();
    await (await chooser2).setFiles({
      name: 'students-fixed.xlsx',
      mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      buffer: await xlsx([
        header,
        [`${rb}-1`, 'Үсөнова', 'Айгүл', '', group],
        [`${rb}-2`, 'Ңурланов', 'Бакыт', '', group],
      ]),
    });
    await staff.getByRole('button', { name: 'Проверить файл' }).click();
    await expect(staff.getByText('Ошибок нет: файл можно импортировать.')).toBeVisible();
    await expect(staff.getByText('Новых: 2')).toBeVisible();
    await staff.getByTestId('import-run').click();
    await expect(staff.getByRole('alert').filter({ hasText: 'Импорт завершён' })).toBeVisible({ timeout: 30_000 });
    const slips = staff.getByTestId('import-slip');
    await expect(slips).toHaveCount(2);
    await expect(staff.getByRole('button', { name: 'Печать листков' })).toBeVisible();
    const login = ((await slips.first().getByTestId('slip-login').textContent()) ?? '').trim();
    const password = ((await slips.first().getByTestId('slip-password').textContent()) ?? '').trim();
    expect(login).toMatch(/^stu\d{6}$/);

    // The new student signs in with the issued credentials and must change them first.
    const student = await studentContext.newPage();
    await student.goto('/lms/login');
    await student.getByLabel('Логин').fill(login);
    await student.getByRole('textbox', { name: 'Пароль', exact: true }).fill(password);
    await student.getByRole('button', { name: 'Войти' }).click();
    await expect(student.getByRole('heading', { name: 'Смена логина и пароля' })).toBeVisible();
    await student.getByLabel('Новый логин').fill(`imp${rb}`.toLowerCase());
    await student.getByLabel('Новый пароль').fill('Fresh2026pass');
    await student.getByLabel('Подтвердите пароль').fill('Fresh2026pass');
    await student.getByRole('button', { name: 'Обновить' }).click();
    await expect(student).toHaveURL(/\/lms$/);
  } finally {
    await staffContext.close();
    await studentContext.close();
  }
});
