import type { WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

// The service worker is part of what this spec checks (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The caller's week as the API gives it (the page's own cookies). */
async function weekOf(page: Page, role: 'student' | 'teacher'): Promise<WeekSchedule> {
  const res = await page.request.post(`/api/schedule/${role}.json`, { data: {} });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: WeekSchedule }).data;
}

const dayOf = (week: WeekSchedule, day: number) => week.days.find((d) => d.day_number === day)?.lessons ?? [];

/** Picks a day in the weekday filter (the visible label reads the day's short name). */
async function pickDay(page: Page, fullName: string) {
  await page.locator('label').filter({ hasText: fullName }).click();
  await expect(page.getByRole('radio', { name: fullName })).toBeChecked();
}

async function mondayLessons(page: Page) {
  const monday = page.getByRole('region', { name: /^Понедельник/ });
  await expect(monday).toBeVisible();
  return monday.getByRole('heading', { level: 3 });
}

test.describe('class schedule', () => {
  test('student1 sees the demo Monday, and again offline from the kept copy', async ({ page, context }) => {
    await signIn(page, 'student1');
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Расписание занятий' }).click();
    await expect(page).toHaveURL(/\/lms\/schedule$/);
    await expect(page).toHaveTitle('Расписание | Портал');
    await expect(page.getByRole('heading', { level: 1, name: 'Расписание занятий' })).toBeVisible();
    await expect(page.getByText(/^Идёт \d+-я неделя — (числитель|знаменатель)$/)).toBeVisible();

    const week = await weekOf(page, 'student');
    const expected = dayOf(week, 1).map((l) => l.discipline.name);
    expect(expected.length).toBeGreaterThan(0);
    await pickDay(page, 'Понедельник');
    await expect(await mondayLessons(page)).toHaveText(expected);
    // A student sees the teacher and the room of each lesson.
    const first = dayOf(week, 1)[0];
    const monday = page.getByRole('region', { name: /^Понедельник/ });
    await expect(monday.getByText(first?.t_fio ?? '').first()).toBeVisible();
    await expect(
      monday.getByText(`ауд. ${first?.room.building.shortName}-${first?.room.number}`, { exact: false }).first(),
    ).toBeVisible();

    // Offline: the portal's service worker serves the app, and the week comes from the browser's copy.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Нет сети !!!' })).toBeVisible();
    await expect(page).toHaveURL(/\/lms\/schedule$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Расписание занятий' })).toBeVisible();
    await pickDay(page, 'Понедельник');
    await expect(await mondayLessons(page)).toHaveText(expected);

    // Refreshing offline keeps the week and says so.
    await page.getByRole('button', { name: 'Обновить' }).click();
    await expect(page.getByText('Нет сети: показаны сохранённые данные.')).toBeVisible({ timeout: 20_000 });
    await expect(await mondayLessons(page)).toHaveText(expected);
    await context.setOffline(false);
  });

  test('a teacher sees their lessons with the groups and rooms', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.getByRole('complementary').getByRole('link', { name: 'Расписание' }).click();
    await expect(page).toHaveURL(/\/lms\/schedule$/);
    const week = await weekOf(page, 'teacher');
    await pickDay(page, 'Вся неделя');
    for (const day of week.days.filter((d) => d.lessons.length > 0)) {
      const section = page.getByRole('region', {
        name: new RegExp(
          `^${['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'][day.day_number - 1]}`,
        ),
      });
      await expect(section.getByRole('heading', { level: 3 })).toHaveText(day.lessons.map((l) => l.discipline.name));
      for (const lesson of day.lessons) {
        await expect(section.getByText(lesson.groups.map((g) => g.name).join(', ')).first()).toBeVisible();
      }
    }
    expect(week.days.flatMap((d) => d.lessons).some((l) => l.groups.some((g) => g.name === 'ПИ-1-25'))).toBe(true);
    await expect(page.getByText('ПИ-1-25').first()).toBeVisible();
  });

  test('the discipline list leads to a discipline’s materials and chat', async ({ page }) => {
    await signIn(page, 'student1');
    const disciplines = page.getByRole('navigation', { name: 'Мои дисциплины' });
    await expect(disciplines.getByRole('button').first()).toBeVisible();
    const name = (await disciplines.getByRole('button').first().locator('.mantine-NavLink-label').textContent()) ?? '';
    await disciplines.getByRole('button', { name: new RegExp(name) }).click();
    await disciplines.getByRole('link', { name: 'Учебные материалы' }).click();
    await expect(page).toHaveURL(/\/lms\/umk\?id_semester=\d+&id_discipline=\d+$/);
    await expect(page.getByRole('combobox', { name: 'Дисциплина' }).locator('option:checked')).toHaveText(name);

    await disciplines
      .getByRole('link', { name: /^Написать: / })
      .first()
      .click();
    await expect(page).toHaveURL(/\/lms\/chat\?to=\d+$/);
  });

  test('a calendar subscription: turned on, its address serves the lessons; turned off, it stops', async ({ page }) => {
    await signIn(page, 'student2');
    await page.goto('/lms/schedule');
    const section = page.getByRole('region', { name: 'Подписка на календарь' });
    await section.getByRole('button', { name: 'Включить подписку' }).click();
    const address = await section.getByRole('textbox', { name: 'Адрес подписки' }).inputValue();
    expect(address).toMatch(/\/api\/schedule\/calendar\.ics\?token=[\w-]{43}$/);
    const feed = await page.request.get(address);
    expect(feed.headers()['content-type']).toBe('text/calendar; charset=utf-8');
    expect(await feed.text()).toContain('BEGIN:VEVENT');

    await section.getByRole('button', { name: 'Отключить подписку' }).click();
    await page.getByRole('dialog', { name: 'Отключить подписку?' }).getByRole('button', { name: 'Отключить' }).click();
    await expect(section.getByRole('button', { name: 'Включить подписку' })).toBeVisible();
    expect((await page.request.get(address)).status()).toBe(404);
  });
});
