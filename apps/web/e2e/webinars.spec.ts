import { expect, test } from '@playwright/test';
import { axeFindings, data, person } from './support';

/** Bishkek's wall clock now (UTC+6), HH and MM, moved by `minutes` and kept within today. */
function clockIn(minutes: number) {
  const now = new Date(Date.now() + 6 * 3_600_000);
  const total = Math.min(23 * 60 + 59, Math.max(0, now.getUTCHours() * 60 + now.getUTCMinutes() + minutes));
  return { hh: String(Math.floor(total / 60)).padStart(2, '0'), mm: String(total % 60).padStart(2, '0') };
}

test('teacher1 creates an online lesson for student1 starting now; student1 joins from home and the webinar screen', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const student = await person(browser, 'student1');
  const me = await data<{ user: { group: string | null } }>(
    await student.page.request.post('/api/auth/enticate.json', { data: {} }),
  );
  const group = me.user.group as string;
  expect(group).toBeTruthy();

  // The teacher opens «Вебинар» from the side menu and fills in the form with the keyboard where it can.
  const teacher = await person(browser, 'teacher1');
  const page = teacher.page;
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Вебинар' }).click();
  await expect(page).toHaveURL(/\/lms\/webinar$/);
  await expect(page).toHaveTitle('Вебинар | Портал');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вебинар');
  const form = page.locator('section[aria-labelledby="webinars-create"]');
  const title = `Консультация e2e ${Date.now()}`;
  await form.getByRole('textbox', { name: 'Тема' }).fill(title);
  await form.getByRole('combobox', { name: 'Для кого' }).click();
  await page.getByRole('option', { name: `Группа ${group}`, exact: true }).click();
  // Started a few minutes ago (a lesson in progress), on until an hour from now: "Join" is open whatever the hour.
  const start = clockIn(-5);
  const end = clockIn(60);
  await form.getByRole('spinbutton', { name: 'Начало: часы' }).fill(start.hh);
  await form.getByRole('spinbutton', { name: 'Начало: минуты' }).fill(start.mm);
  await form.getByRole('spinbutton', { name: 'Конец: часы' }).fill(end.hh);
  await form.getByRole('spinbutton', { name: 'Конец: минуты' }).fill(end.mm);
  const url = `https://meet.example.org/okuu-e2e-${Date.now()}`;
  await form.getByRole('textbox', { name: 'Ссылка на встречу' }).fill(url);
  await form.getByRole('button', { name: 'Создать' }).press('Enter');
  const mine = page.getByTestId('webinar-item').filter({ hasText: title });
  await expect(mine).toBeVisible();
  await expect(mine.getByRole('link', { name: /^Подключиться/ })).toHaveAttribute('href', url);
  expect(await axeFindings(page)).toEqual([]);

  // student1: "Join" on home (the lessons card) and on the webinar screen, opening in a new tab.
  await student.page.reload();
  const lessons = student.page.getByTestId('home-lessons');
  const join = lessons.getByRole('link', { name: /^Подключиться/ });
  await expect(join.first()).toBeVisible({ timeout: 30_000 });
  await expect(lessons.locator(`a[href="${url}"]`)).toHaveAttribute('target', '_blank');
  expect(await axeFindings(student.page)).toEqual([]);

  await student.page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Вебинар' }).click();
  await expect(student.page).toHaveURL(/\/lms\/webinar$/);
  const item = student.page.getByTestId('webinar-item').filter({ hasText: title });
  await expect(item.getByRole('link', { name: /^Подключиться/ })).toHaveAttribute('href', url);
  await expect(item.getByText('Идёт сейчас')).toBeVisible();
  // Students get no forms.
  await expect(student.page.getByRole('button', { name: 'Создать' })).toHaveCount(0);
  expect(await axeFindings(student.page)).toEqual([]);

  // The teacher removes it; the student's screen no longer has it.
  await mine.getByRole('button', { name: 'Удалить' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Удалить' }).click();
  await expect(mine).toHaveCount(0);
  await student.page.reload();
  await expect(student.page.getByRole('heading', { level: 1 })).toHaveText('Вебинар');
  await expect(student.page.getByTestId('webinar-item').filter({ hasText: title })).toHaveCount(0);
  await teacher.context.close();
  await student.context.close();
});
