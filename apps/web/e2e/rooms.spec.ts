import { expect, type Page, test } from '@playwright/test';
import { axeFindings, keepingShots, lookAt, person, setTheme } from './support';

/**
 * The next Sunday in Bishkek (no demo lesson is on a Sunday), as the form types it and as ISO; on a Sunday, the next
 * week's (its evening pair may have begun): `thisWeek` says whether the schedule's week shows it.
 */
function nextSunday() {
  const today = new Date(Date.now() + 6 * 3_600_000);
  const sunday = new Date(today.getTime() + (7 - today.getUTCDay()) * 86_400_000);
  const iso = sunday.toISOString().slice(0, 10);
  const [y, m, d] = iso.split('-');
  return { iso, typed: `${d}.${m}.${y}`, thisWeek: today.getUTCDay() !== 0 };
}

async function openRooms(page: Page) {
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Аудитории' }).click();
  await expect(page).toHaveURL(/\/lms\/rooms$/);
  await expect(page).toHaveTitle('Аудитории | Портал');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Аудитории');
}

async function searchOn(page: Page, typed: string, pair: RegExp | null) {
  await page.getByLabel('Дата').fill(typed);
  await page.keyboard.press('Tab');
  await page.getByRole('combobox', { name: 'Пара' }).click();
  await page.getByRole('option', pair ? { name: pair } : { name: 'Любая пара' }).click();
}

/** Screenshots at both widths in both themes, for a person to look at (only when SHOTS_DIR is set). */
async function screenshots(page: Page, name: string) {
  if (!keepingShots()) return;
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 900 });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await lookAt(page, `${name}-${width}-${theme}`);
    }
  }
  await setTheme(page, 'light');
}

test.describe
  .serial('rooms', () => {
    const sunday = nextSunday();
    let room = '';

    test('teacher1 finds a free room for a pair and books it; it shows in the room week and the schedule', async ({
      browser,
    }) => {
      test.setTimeout(240_000);
      const { page, context } = await person(browser, 'teacher1');
      await openRooms(page);
      await searchOn(page, sunday.typed, /^7-я пара/);
      // The list shows the last answer until the filtered one comes: count after it.
      const filtered = page.waitForResponse(
        (r) => r.url().includes('/rooms/free') && /"capacity":100\b/.test(r.request().postData() ?? ''),
      );
      await page.getByLabel('Мест не меньше').fill('100');
      await filtered;
      const cards = page.getByTestId('free-room');
      await expect(cards.first()).toBeVisible();
      // Rendered: no room of fewer than 100 seats is left.
      await expect(cards.filter({ hasText: /мест: \d{1,2} / })).toHaveCount(0);
      const before = await cards.count();
      const book = cards.first().getByRole('button', { name: /^Забронировать/ });
      room = ((await book.getAttribute('aria-label')) ?? '').replace(/^Забронировать (\S+),.*$/, '$1');
      expect(room).toMatch(/^\S+-\S+$/);
      await book.click();

      const dialog = page.getByRole('dialog', { name: `Бронирование аудитории ${room}` });
      await dialog.getByLabel('Цель').click();
      await page.getByRole('option', { name: 'Консультация' }).click();
      await dialog.getByLabel('Примечание').fill('Консультация по курсовой');
      await dialog.getByRole('button', { name: 'Забронировать' }).click();
      await expect(page.getByText(`Аудитория ${room} забронирована`)).toBeVisible();
      await expect(dialog).toBeHidden();
      // No longer free in that pair.
      await expect(cards).toHaveCount(before - 1);
      await expect(page.getByRole('button', { name: `Забронировать ${room}, 7-я пара, 17:30–18:50` })).toHaveCount(0);

      const mine = page.getByRole('region', { name: 'Мои бронирования' });
      await expect(mine.getByText(new RegExp(`^${room},.*7-я пара`))).toBeVisible();

      // The room's week, any pair: the booking stands on its Sunday.
      await searchOn(page, sunday.typed, null);
      await page.getByRole('button', { name: `Неделя аудитории ${room}` }).click();
      const week = page.getByRole('region', { name: new RegExp(`^Аудитория ${room}: неделя`) });
      await expect(week.getByText('Бронь')).toBeVisible();
      await expect(week.getByText('Консультация по курсовой', { exact: false })).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);
      await screenshots(page, 'rooms-teacher');

      // The teacher's schedule lists the week's bookings below the timetable (on a Sunday the booking is next week's).
      if (!sunday.thisWeek) return context.close();
      await page.goto('/lms/schedule');
      const inSchedule = page.getByRole('region', { name: 'Мои бронирования аудиторий на этой неделе' });
      // (The schedule's code may take a while on a busy machine.)
      await expect(inSchedule.getByText(new RegExp(`^${room},.*7-я пара`))).toBeVisible({ timeout: 30_000 });
      await context.close();
    });

    test('staff1 sees the booking in the room week and cancels it with a reason', async ({ browser }) => {
      test.setTimeout(240_000);
      const { page, context } = await person(browser, 'staff1');
      await openRooms(page);
      await searchOn(page, sunday.typed, null);
      await page.getByLabel('Мест не меньше').fill('100');
      await page.getByRole('button', { name: `Неделя аудитории ${room}` }).click();
      const week = page.getByRole('region', { name: new RegExp(`^Аудитория ${room}: неделя`) });
      await expect(week.getByText('Бронь')).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);
      await week.getByRole('button', { name: 'Отменить' }).click();
      const dialog = page.getByRole('dialog', { name: 'Отмена бронирования' });
      await dialog.getByLabel('Причина').fill('Ремонт аудитории');
      await dialog.getByRole('button', { name: 'Отменить бронирование' }).click();
      await expect(page.getByText('Бронирование отменено')).toBeVisible();
      await expect(week.getByText('Бронь')).toHaveCount(0);
      await context.close();
    });

    test('student1 finds free rooms and sees no booking', async ({ browser }) => {
      test.setTimeout(240_000);
      const { page, context } = await person(browser, 'student1');
      await openRooms(page);
      await searchOn(page, sunday.typed, null);
      await page.getByLabel('Мест не меньше').fill('100');
      await expect(page.getByTestId('free-room').first()).toBeVisible();
      await expect(page.getByRole('button', { name: /^Забронировать/ })).toHaveCount(0);
      await expect(page.getByRole('region', { name: 'Мои бронирования' })).toHaveCount(0);
      expect(await axeFindings(page)).toEqual([]);
      await screenshots(page, 'rooms-student');
      await context.close();
    });
  });
