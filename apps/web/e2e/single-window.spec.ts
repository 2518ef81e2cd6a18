import { readFile, writeFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { PDFParse } from 'pdf-parse';
import { axeFindings, keepingShots, lookAt, person, setTheme, signIn } from './support';

const studentName = 'Жээнбеков Нурсултан Жоомартович';

/** The text of a PDF and its first page drawn as a PNG (pdf.js). */
async function readPdf(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  try {
    const text = (await parser.getText()).text;
    const shot = await parser.getScreenshot({ first: 1, scale: 1.5 });
    return { text, png: Buffer.from(shot.pages[0]?.data ?? []) };
  } finally {
    await parser.destroy();
  }
}

test.describe
  .serial('reference documents', () => {
    let code = '';

    test('student1 orders a certificate of study, staff1 prepares it, student1 sees it prepared and downloads it', async ({
      browser,
    }, testInfo) => {
      test.setTimeout(120_000);
      const student = await person(browser, 'student1');
      const page = student.page;
      await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Заказ справок' }).click();
      await expect(page).toHaveURL(/\/lms\/singlewindow$/);
      await expect(page).toHaveTitle('Справки | Портал');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Заказ справок');
      await expect(page.getByText('Заказов нет')).toBeVisible();

      // Nothing is sent until every field is chosen: the spec's 'select all fields'.
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Новый заказ' }) });
      await form.getByRole('button', { name: 'Заказать справку' }).click();
      await expect(form.getByRole('alert')).toHaveText('Выберите все поля');
      await expect(form.getByText('Выберите значение из списка')).toHaveCount(4);

      // The district list follows the region.
      const district = form.getByRole('combobox', { name: 'Район' });
      await expect(district).toBeDisabled();
      await form.getByRole('combobox', { name: 'Вид справки' }).selectOption({ label: 'Справка с места учёбы' });
      await form.getByRole('combobox', { name: 'Назначение' }).selectOption({ label: 'По месту требования' });
      await form.getByRole('combobox', { name: 'Область (город)' }).selectOption({ label: 'город Бишкек' });
      await expect(district.locator('option')).toHaveText([
        ' --- ',
        /Ленинский/,
        /Октябрьский/,
        /Первомайский/,
        /Свердловский/,
      ]);
      await form.getByRole('combobox', { name: 'Область (город)' }).selectOption({ label: 'Чуйская область' });
      await expect(district).toHaveValue('-1');
      await expect(district.locator('option', { hasText: 'Сокулукский район' })).toHaveCount(1);
      await district.selectOption({ label: 'Сокулукский район' });
      await expect(form.getByRole('alert')).toHaveCount(0);
      await form.getByRole('button', { name: 'Заказать справку' }).click();
      await expect(page.getByText('Заказ принят: «Справка с места учёбы»')).toBeVisible();

      const order = page.getByRole('article', { name: 'Справка с места учёбы' });
      await expect(order).toHaveCount(1);
      await expect(order.getByText('Ожидает')).toBeVisible();
      await expect(order.getByText('Сокулукский район, Чуйская область')).toBeVisible();
      await expect(page.getByText('Статус обновляется автоматически')).toBeVisible();

      // staff1 works through the queue in a browser of their own.
      const staff = await person(browser, 'staff1');
      const menu = staff.page.getByRole('navigation', { name: 'Меню' });
      await expect(menu.getByText('Рабочее место сотрудника')).toBeVisible();
      await expect(menu.getByRole('link', { name: 'Транскрипт' })).toHaveCount(0);
      await menu.getByRole('link', { name: 'Заказы справок' }).click();
      await expect(staff.page.getByRole('heading', { level: 1 })).toHaveText('Заказы справок');
      const waiting = staff.page.getByRole('article').filter({ hasText: studentName });
      await expect(waiting).toHaveCount(1);
      await waiting.getByRole('button', { name: 'Взять в работу' }).click();
      await expect(staff.page.getByText('Заказ взят в работу')).toBeVisible();
      await staff.page.getByRole('button', { name: /^Готовится/ }).click();
      const preparing = staff.page.getByRole('article').filter({ hasText: studentName });
      await preparing.getByRole('button', { name: 'Выдать справку' }).click();
      await expect(staff.page.getByText(/Справка выдана: № \d{4}-\d{5}/)).toBeVisible();
      // Staff open the student's transcript from the order.
      await staff.page.getByRole('button', { name: /^Готова/ }).click();
      const prepared = staff.page.getByRole('article').filter({ hasText: studentName });
      await prepared.getByRole('link', { name: 'Транскрипт' }).click();
      await expect(staff.page).toHaveURL(/\/lms\/transcript\?student=\d+$/);
      await expect(staff.page.getByText('Итого за весь период обучения')).toBeVisible();
      await expect(staff.page.getByText(studentName)).toBeVisible();
      await staff.context.close();

      // student1's page, never reloaded, shows the new status by itself.
      await expect(order.getByText('Готова')).toBeVisible({ timeout: 25_000 });
      await expect(page.getByText('Статус обновляется автоматически')).toHaveCount(0);
      await lookAt(page, 'order-history-prepared');
      const issued = (await order.getByText(/код проверки/).textContent()) ?? '';
      code = issued.match(/[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}/)?.[0] ?? '';
      expect(code).not.toBe('');

      const downloading = page.waitForEvent('download');
      await order.getByRole('link', { name: /Скачать справку/ }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^spravka-\d{4}-\d{5}\.pdf$/);
      const pdf = await readPdf(await readFile(await download.path()));
      expect(pdf.text).toContain(studentName);
      expect(pdf.text).toContain('Справка с места учёбы');
      expect(pdf.text).toContain(code);
      // The first page, drawn: it is kept with the run's results, where a person can look at it.
      const picture = testInfo.outputPath('certificate-page-1.png');
      await writeFile(picture, pdf.png);
      await testInfo.attach('certificate, page 1', { path: picture, contentType: 'image/png' });
      expect(pdf.png.length).toBeGreaterThan(10_000);
      await student.context.close();
    });

    test('anyone confirms the document by its code; a wrong code is not found', async ({ page }) => {
      await page.goto(`/lms/public/verify/${code.toLowerCase()}`);
      await expect(page).toHaveTitle('Проверка справки | Портал');
      await expect(page.getByText('Справка подлинная')).toBeVisible();
      await expect(page.getByText(studentName)).toBeVisible();
      await expect(page.getByText('Справка с места учёбы')).toBeVisible();
      // Nothing else of the student: no group, no birth date.
      await expect(page.getByText('ПИ-1-25')).toHaveCount(0);

      await page.getByRole('textbox', { name: 'Код проверки' }).fill('AAAA-BBBB-CCCC');
      await page.getByRole('button', { name: 'Проверить' }).click();
      await expect(page).toHaveURL(/\/lms\/public\/verify\/AAAA-BBBB-CCCC$/);
      await expect(page.getByText('Справка не найдена')).toBeVisible();
      await page.getByRole('textbox', { name: 'Код проверки' }).fill('nonsense');
      await page.getByRole('button', { name: 'Проверить' }).click();
      await expect(page.getByText('Введите код в виде XXXX-XXXX-XXXX')).toBeVisible();
    });
  });

test('student1 reads the transcript, in English too, and downloads it as a PDF', async ({ page }) => {
  await signIn(page, 'student1');
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Транскрипт' }).click();
  await expect(page).toHaveURL(/\/lms\/transcript$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Транскрипт');
  await expect(page.getByText(studentName).first()).toBeVisible();
  const fall = page.getByRole('region', { name: /осенний семестр \(1 семестр\)/ });
  await expect(fall.getByRole('cell', { name: 'Программирование', exact: true })).toBeVisible();
  await expect(fall.getByText(/GPA: \d,\d\d/)).toBeVisible();
  await expect(page.getByText('Итого за весь период обучения')).toBeVisible();
  await expect(page.getByText('Декан факультета')).toBeVisible();

  await page.getByRole('button', { name: new RegExp(studentName.split(' ')[0] as string) }).click();
  await page.getByRole('menuitem', { name: 'Eng' }).click();
  const fallEn = page.getByRole('region', { name: /fall semester \(Semester 1\)/ });
  await expect(fallEn.getByRole('cell', { name: 'Programming', exact: true })).toBeVisible();
  await expect(page.getByText('Total for the whole period of study')).toBeVisible();

  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download PDF' }).click();
  const pdf = await readPdf(await readFile(await (await downloading).path()));
  expect(pdf.text).toContain('TRANSCRIPT OF RECORDS');
  expect(pdf.text).toContain('Programming');
  expect(pdf.text).toContain(studentName);
});

test('the single window, the queue and the transcript pass axe in both themes, at 1366 and 390 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  for (const width of [1366, 390]) {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    // Each screen in both themes, for a person to look at (SHOTS_DIR).
    const shoot = async (on: Page, name: string) => {
      if (!keepingShots()) return;
      for (const scheme of ['dark', 'light'] as const) {
        await setTheme(on, scheme);
        await lookAt(on, `${name}-${width}-${scheme}`);
      }
    };
    await signIn(page, 'student2');
    await page.goto('/lms/singlewindow');
    await expect(page.getByRole('heading', { name: 'Новый заказ' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Мои заказы' })).toBeVisible();
    await expect(page.getByRole('status')).toHaveCount(0);
    if (width === 1366) expect(await axeFindings(page)).toEqual([]);
    await shoot(page, 'single-window');
    await page.goto('/lms/transcript');
    await expect(page.getByText('Итого за весь период обучения')).toBeVisible();
    if (width === 1366) expect(await axeFindings(page)).toEqual([]);
    await shoot(page, 'transcript');
    await context.close();

    const staffContext = await browser.newContext({ viewport: { width, height: 900 } });
    const staff = await staffContext.newPage();
    await signIn(staff, 'staff1');
    await staff.goto('/lms/staff/orders');
    await expect(staff.getByRole('article').first()).toBeVisible();
    if (width === 1366) expect(await axeFindings(staff)).toEqual([]);
    await shoot(staff, 'staff-orders');
    await staff.goto('/lms/staff/grade-scale');
    await expect(staff.getByRole('button', { name: 'Сохранить шкалу' })).toBeVisible();
    if (width === 1366) expect(await axeFindings(staff)).toEqual([]);
    await shoot(staff, 'grade-scale');
    await staffContext.close();
  }
});
