import { expect, test } from '@playwright/test';
import { axeFindings, signIn } from './support';

test.describe('teacher workload', () => {
  test('teacher1 opens their workload from the menu, sees hours by discipline and downloads it', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Нагрузка преподавателя' }).click();
    await expect(page).toHaveURL(/\/lms\/workload$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Нагрузка преподавателя' })).toBeVisible();
    const table = page.getByRole('region', { name: 'Нагрузка по дисциплинам' });
    await expect(table).toBeVisible();
    // The demo timetable gives teacher1 lessons: each row has planned hours, and the totals row sums them.
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    const planned = await rows.evaluateAll((trs) =>
      trs.map((tr) => Number((tr.children[4]?.textContent ?? '').replace(/\s/g, ''))),
    );
    const total = Number(((await table.locator('tfoot td').first().textContent()) ?? '').replace(/\s/g, ''));
    expect(planned.every((h) => h % 2 === 0)).toBe(true);
    expect(total).toBe(planned.reduce((a, b) => a + b, 0));
    await expect(page.locator('[data-total="planned"]')).toHaveText(
      String(total).replace(/\B(?=(\d{3})+(?!\d))/g, ' '),
    );

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Скачать XLSX' }).click();
    expect((await download).suggestedFilename()).toMatch(/^workload-.+\.xlsx$/);
    expect(await axeFindings(page)).toEqual([]);
  });

  test('staff see every teacher by department and open one; students have no such entry', async ({ page }) => {
    await signIn(page, 'staff1');
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Нагрузка преподавателя' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Нагрузка преподавателя' })).toBeVisible();
    const departments = page.getByRole('heading', { level: 2, name: /^Преподаватели кафедры/ });
    await expect(departments.first()).toBeVisible();
    const open = page.getByRole('button', { name: /^Открыть нагрузку: / }).first();
    const name = ((await open.textContent()) ?? '').trim();
    await open.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Скачать XLSX' })).toHaveAttribute('href', /teacher\.xlsx\?teacherId=/);
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Ко всем преподавателям' }).click();
    await expect(departments.first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await page.context().clearCookies();
    await signIn(page, 'student1');
    await expect(
      page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Руководство пользователя' }),
    ).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Нагрузка преподавателя' }),
    ).toHaveCount(0);
  });
});
