import { readFile, writeFile } from 'node:fs/promises';
import type { Journal } from '@okuu/contracts/journal/common';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { signIn } from './support';

/** A visit-log call's data, with the page's own cookies. */
async function api<T>(page: Page, path: string, data: object = {}): Promise<T> {
  const res = await page.request.post(`/api/visitlog/${path}.json`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

interface Me {
  fullName: string;
  group: string;
}

test.describe('attendance journal', () => {
  test("teacher1 marks a lesson 'all present' then one 'н/б'; totals hold after a reload; student1 sees it; PDF", async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    // student1: who they are and a discipline of their journal.
    const studentPage = await (await browser.newContext()).newPage();
    await signIn(studentPage, 'student1');
    const me = (
      (await (await studentPage.request.post('/api/auth/enticate.json', { data: {} })).json()) as {
        data: { user: Me };
      }
    ).data.user;
    const own = await api<{ id_discipline: number; id_vid_zaniatiy: number; discipline: { name: string } }[]>(
      studentPage,
      'getjournalforstudent',
    );
    const subject = own[0] as (typeof own)[number];

    // teacher1 opens that discipline's journal of student1's group.
    const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
    await signIn(page, 'teacher1');
    const audiences = await api<{ id_group: number; name: string; kinds: number[] }[]>(page, 'getgroupteacherjournal', {
      id_discipline: subject.id_discipline,
      groupType: 'group',
    });
    const group = audiences.find((a) => a.name === me.group) as (typeof audiences)[number];
    expect(group, me.group).toBeDefined();
    const choice = {
      id_discipline: subject.id_discipline,
      id_vid_zaniatiy: group.kinds.includes(subject.id_vid_zaniatiy)
        ? subject.id_vid_zaniatiy
        : (group.kinds[0] as number),
      groupType: 'group',
      id_group: group.id_group,
    };
    const before = await api<Journal>(page, 'getjournal', choice);
    const rowBefore = before.rows.find((r) => r.s_fio === me.fullName) as Journal['rows'][number];

    await page.goto(`/lms/journal?d=${choice.id_discipline}&t=group&g=${choice.id_group}&k=${choice.id_vid_zaniatiy}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Журнал посещаемости' })).toBeVisible();
    await expect(page.getByTestId('journal-groups')).toContainText(me.group);

    // A new lesson: the half-year's third day, slot 7, the third time (no demo lesson is that).
    const day = new Date(Date.parse(`${before.startsOn}T00:00:00Z`) + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByRole('button', { name: 'Добавить занятие' }).click();
    // Typed (the calendar's field reads dates as typed, ISO too), then on to the next field, as a keyboard user does.
    await page.getByLabel('Дата').fill(day);
    await page.keyboard.press('Tab');
    await page.getByRole('combobox', { name: 'Пара (часы)' }).click();
    await page.getByRole('option', { name: /^7-я пара/ }).click();
    await page.getByRole('combobox', { name: 'Который раз' }).click();
    await page.getByRole('option', { name: '3-й раз' }).click();
    await page.getByRole('button', { name: 'Добавить', exact: true }).click();
    await expect(page.getByText('Занятие добавлено')).toBeVisible();

    const [dd, mm, yyyy] = [day.slice(8, 10), day.slice(5, 7), day.slice(0, 4)];
    const header = page.getByRole('button', { name: `Занятие ${dd}.${mm}.${yyyy}, 7-я пара` });
    await header.click();
    await page.getByRole('button', { name: 'Все присутствуют' }).click();
    await expect(page.getByText(/^Отмечены все: \d+$/)).toBeVisible();
    const cell = page.getByRole('cell', { name: `${me.fullName}, ${dd}.${mm}.${yyyy}: +` });
    await expect(cell).toBeVisible();
    // Typing 'n' (or 'н') sets the absence; the cell saves by itself.
    await cell.focus();
    await page.keyboard.press('n');
    const absent = page.getByRole('cell', { name: `${me.fullName}, ${dd}.${mm}.${yyyy}: н/б` });
    await expect(absent).toBeVisible();
    await expect(absent).not.toHaveAttribute('aria-busy');
    await expect(absent).not.toHaveAttribute('aria-invalid');

    await page.reload();
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: me.fullName }) });
    await expect(row.getByRole('cell', { name: `${me.fullName}, ${dd}.${mm}.${yyyy}: н/б` })).toBeVisible();
    const cells = row.getByRole('cell');
    const count = await cells.count();
    await expect(cells.nth(count - 3)).toHaveText(String(rowBefore.absences + 1));
    await expect(cells.nth(count - 2)).toHaveText(String(rowBefore.points));

    // student1 sees the absence in their own journal.
    await studentPage.goto('/lms/journal');
    const card = studentPage
      .getByTestId('student-journal')
      .filter({ hasText: subject.discipline.name })
      .filter({ has: studentPage.getByText(`${dd}.${mm}`).first() });
    await expect(card.first()).toBeVisible();
    await expect(studentPage.getByText('Посещаемость по дисциплинам')).toBeVisible();
    await expect(studentPage.locator('.recharts-surface').first()).toBeVisible();

    // The PDF: its first page, drawn, names the group.
    const downloading = page.waitForEvent('download');
    await page.getByRole('link', { name: 'PDF' }).click();
    const download = await downloading;
    const bytes = await readFile(await download.path());
    const parser = new PDFParse({ data: new Uint8Array(bytes) });
    try {
      const text = await parser.getText({ partial: [1] });
      expect(text.text).toContain('Журнал учёта учебных занятий');
      expect(text.text).toContain(me.group);
      expect(text.text).toContain(me.fullName.split(' ')[0] as string);
      const shot = await parser.getScreenshot({ first: 1, scale: 1.5 });
      const png = Buffer.from(shot.pages[0]?.data ?? []);
      expect(png.subarray(1, 4).toString()).toBe('PNG');
      expect(png.length).toBeGreaterThan(20_000);
      await writeFile(test.info().outputPath('journal-page-1.png'), png);
    } finally {
      await parser.destroy();
    }
  });
});
