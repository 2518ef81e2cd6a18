import type { SheetSummary } from '@okuu/contracts/grading/sheets';
import { expect, type Page, test } from '@playwright/test';
import { axeFindings, data, signIn } from './support';

/** The signed-in user's full name and group. */
async function me(page: Page) {
  return (
    await data<{ user: { fullName: string; group: string } }>(
      await page.request.post('/api/auth/enticate.json', { data: {} }),
    )
  ).user;
}

/** Opens a screen and waits for its heading: a screen's code and texts load the first time (slow on a busy machine). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
}

test.describe('grading sheet', () => {
  test('teacher1 fills student1’s points and closes the sheet; student1 sees the grade and their place; staff reopen it', async ({
    browser,
  }) => {
    // Three people, nine screens and dialogs checked by axe in both themes: long on a busy machine.
    test.setTimeout(600_000);
    const studentPage = await (await browser.newContext()).newPage();
    await signIn(studentPage, 'student1');
    const student = await me(studentPage);

    // teacher1: an empty sheet of student1's group (teacher1 lectures its stream: the stream's sheet).
    const page = await (await browser.newContext()).newPage();
    await signIn(page, 'teacher1');
    const sheets = await data<SheetSummary[]>(await page.request.post('/api/grading/sheets.json', { data: {} }));
    const sheet = sheets.find(
      (s) =>
        (s.audience.kind === 'stream' || s.audience.name === student.group) && s.filled === 0 && s.status === 'open',
    );
    expect(sheet, JSON.stringify(sheets.map((s) => [s.audience.name, s.filled]))).toBeDefined();
    const { id, discipline } = sheet as SheetSummary;

    await open(page, '/lms/grading');
    await expect(page.getByRole('heading', { level: 1, name: 'Электронная ведомость' })).toBeVisible();
    await page
      .getByRole('button', { name: `${discipline.code} ${discipline.name}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`sheet=${id}`));

    const cell = (column: string, max: number) =>
      page.getByRole('textbox', { name: `${student.fullName}, ${column} (из ${max})` });
    // Above the maximum: refused on the spot, naming it.
    await cell('Модуль 1', 30).fill('31');
    await cell('Модуль 1', 30).press('Enter');
    await expect(cell('Модуль 1', 30)).toHaveAttribute('aria-invalid', 'true');
    await expect(cell('Модуль 1', 30)).toHaveAttribute('title', /от 0 до 30/);
    await cell('Модуль 1', 30).click();
    await cell('Модуль 1', 30).fill('28');
    await cell('Модуль 1', 30).press('ArrowRight');
    await expect(cell('Модуль 2', 30)).toBeFocused();
    await page.keyboard.type('27');
    await page.keyboard.press('Enter');
    // Admitted now (55 ≥ 30): the exam cell opens.
    await expect(cell('Экзамен', 40)).toBeVisible();
    await cell('Экзамен', 40).fill('33');
    await cell('Экзамен', 40).press('Enter');
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: student.fullName }) });
    await expect(row.getByRole('cell', { name: '88', exact: true })).toBeVisible();
    await expect(row.getByRole('cell', { name: 'B+', exact: true })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    // Closing lists the empty cells first.
    await page.getByRole('button', { name: 'Закрыть ведомость' }).click();
    const dialog = page.getByRole('dialog', { name: 'Закрыть ведомость?' });
    await expect(dialog.getByText(/Пустых ячеек: \d+/)).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Закрыть и записать в транскрипт' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText('Закрыта', { exact: true }).first()).toBeVisible();
    await expect(cell('Модуль 1', 30)).toHaveCount(0);

    // student1: the grade in the transcript, their own points, their place in the rating.
    await open(studentPage, '/lms/transcript');
    const resultRow = studentPage.getByRole('row').filter({ hasText: discipline.name });
    await expect(resultRow.getByRole('cell', { name: '88', exact: true })).toBeVisible();
    await expect(resultRow.getByRole('cell', { name: 'B+', exact: true })).toBeVisible();
    await open(studentPage, '/lms/grading');
    const card = studentPage.getByRole('region', { name: discipline.name });
    await expect(card.getByText('88 · B+ · 3,33')).toBeVisible();
    expect(await axeFindings(studentPage)).toEqual([]);
    await open(studentPage, '/lms/rating');
    await expect(studentPage.getByTestId('my-place')).toHaveText(/^\d+-е место из \d+$/);
    expect(await axeFindings(studentPage)).toEqual([]);

    // staff1 sets the discipline's control points: a sum other than 100 is refused on the spot, a preset restores them.
    const staffPage = await (await browser.newContext()).newPage();
    await signIn(staffPage, 'staff1');
    await open(staffPage, `/lms/staff/grading?sheet=${id}`);
    await staffPage.getByRole('button', { name: 'Контрольные точки' }).click();
    const scheme = staffPage.getByRole('dialog', { name: /^Контрольные точки: / });
    await scheme.getByLabel('Максимум: Модуль 1').fill('25');
    await expect(scheme.getByText('Сумма максимумов 95, а должна быть 100.')).toBeVisible();
    await expect(scheme.getByRole('button', { name: 'Сохранить' })).toBeDisabled();
    await scheme.getByLabel('Максимум: Экзамен').fill('45');
    await expect(scheme.getByText('Сумма максимумов: 100.')).toBeVisible();
    expect(await axeFindings(staffPage)).toEqual([]);
    await scheme.getByRole('button', { name: 'Сохранить' }).click();
    await expect(scheme).toBeHidden();
    await staffPage.getByRole('button', { name: 'Контрольные точки' }).click();
    await expect(scheme.getByLabel('Максимум: Экзамен')).toHaveValue('45');
    await scheme.getByRole('button', { name: 'Экзамен: 30 + 30 + 40' }).click();
    await scheme.getByRole('button', { name: 'Сохранить' }).click();
    await expect(scheme).toBeHidden();

    // staff1 issues an individual sheet for student1 (it opens, with student1 alone), then goes back to the sheet.
    await staffPage.getByRole('button', { name: 'Индивидуальная ведомость' }).click();
    const individual = staffPage.getByRole('dialog', { name: 'Индивидуальная ведомость' });
    await individual.getByLabel('Студент').selectOption({ label: `${student.fullName} — 88 B+` });
    expect(await axeFindings(staffPage)).toEqual([]);
    await individual.getByRole('button', { name: 'Выдать' }).click();
    await expect(individual).toBeHidden();
    await expect(staffPage).not.toHaveURL(new RegExp(`sheet=${id}$`));
    await expect(staffPage.getByText('Индивидуальная', { exact: true })).toBeVisible();
    await expect(staffPage.getByRole('rowheader')).toHaveText([student.fullName]);
    await open(staffPage, `/lms/staff/grading?sheet=${id}`);

    // staff1 reopens it with a reason, which the audit log shows.
    await staffPage.getByRole('button', { name: 'Открыть повторно' }).click();
    const reopen = staffPage.getByRole('dialog', { name: 'Открыть ведомость повторно' });
    await reopen.getByLabel('Причина').fill('Апелляция студента: пересчёт экзамена');
    expect(await axeFindings(staffPage)).toEqual([]);
    await reopen.getByRole('button', { name: 'Открыть', exact: true }).click();
    await expect(reopen).toBeHidden();
    await expect(staffPage.getByText(/Открыта повторно .* — Апелляция студента: пересчёт экзамена/)).toBeVisible();
    await open(staffPage, '/lms/staff/audit');
    const entry = staffPage.getByRole('row').filter({ hasText: 'Ведомость открыта повторно' }).first();
    await expect(entry).toContainText('Причина: Апелляция студента: пересчёт экзамена');
    await open(staffPage, '/lms/staff/rating');
    await expect(staffPage.getByRole('heading', { level: 1, name: 'Рейтинг' })).toBeVisible();
    expect(await axeFindings(staffPage)).toEqual([]);

    // The teacher can write again.
    await page.reload();
    await expect(cell('Экзамен', 40)).toBeVisible();

    // The teacher's list of another half-year: the closed sheet of the half-year before (the demo's), found by the API.
    const periods: { year: number; ws: number }[] = [];
    for (const year of [sheet?.year ?? 0, (sheet?.year ?? 0) - 1]) for (const ws of [2, 1]) periods.push({ year, ws });
    let earlier: { year: number; ws: number; sheet: SheetSummary } | undefined;
    for (const period of periods) {
      const list = await data<SheetSummary[]>(await page.request.post('/api/grading/sheets.json', { data: period }));
      const found = list.find((s) => s.status === 'closed' && s.id !== id);
      if (found) {
        earlier = { ...period, sheet: found };
        break;
      }
    }
    expect(earlier, 'a closed sheet of an earlier half-year').toBeDefined();
    const past = earlier as { year: number; ws: number; sheet: SheetSummary };
    await open(page, '/lms/grading');
    await page.getByLabel('Учебный год').selectOption(String(past.year));
    await page.getByLabel('Полугодие').selectOption(String(past.ws));
    await expect(page.getByRole('heading', { name: 'Ведомости выбранного полугодия' })).toBeVisible();
    const pastRow = page.getByRole('row').filter({ hasText: past.sheet.discipline.name }).first();
    await expect(pastRow).toContainText('Закрыта');
    expect(await axeFindings(page)).toEqual([]);
  });
});
