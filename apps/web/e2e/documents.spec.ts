import { expect, type Page, test } from '@playwright/test';
import { axeFindings, data, lookAt, PASSWORD, person, setTheme } from './support';

// student9: no other spec looks at this student's orders or documents.
const holder = 'student9';

/** Screenshots of the screen as it is, at a phone's and a laptop's width, in both themes (kept only with SHOTS_DIR). */
async function shots(page: Page, name: string) {
  if (!process.env.SHOTS_DIR) return;
  for (const [width, height] of [
    [390, 844],
    [1366, 768],
  ] as const) {
    await page.setViewportSize({ width, height });
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await lookAt(page, `documents-${name}-${width}-${theme}`);
    }
  }
  await page.setViewportSize({ width: 1366, height: 768 });
}

test.describe
  .serial('documents', () => {
    let issued: { number: string; verificationCode: string };

    test('a student opens Документы and downloads a reference again', async ({ browser, request }) => {
      const student = await person(browser, holder);
      // A reference issued to the student: ordered, taken up and prepared (the single window's own calls; staff
      // through the API only, no screen).
      const order = await data<{ id_order: number }>(
        await student.page.request.post('/api/singlewindow/order/save.json', {
          data: { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
        }),
      );
      const staff = request;
      await data(await staff.post('/api/auth/orize.json', { data: { login: 'staff1', password: PASSWORD } }));
      for (const status of ['preparing', 'prepared']) {
        issued = await data(
          await staff.post('/api/singlewindow/order/status.json', { data: { id_order: order.id_order, status } }),
        );
      }

      const page = student.page;
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Документы' }).click();
      await expect(page).toHaveURL(/\/lms\/documents$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Документы');
      const item = page.getByTestId('document-item').filter({ hasText: issued.number });
      await expect(item).toContainText('Справка с места учёбы');
      await expect(item).toContainText(issued.verificationCode);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        item.getByRole('link', { name: /Скачать/ }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`spravka-${issued.number}.pdf`);
      expect(await axeFindings(page)).toEqual([]);
      await shots(page, 'student');
      await student.context.close();
    });

    test('staff find it in the register, revoke it, and the verification page says so and nothing else', async ({
      browser,
    }) => {
      // Screenshots (SHOTS_DIR) take their time: a quick run takes none.
      if (process.env.SHOTS_DIR) test.setTimeout(240_000);
      const staff = await person(browser, 'staff1');
      const page = staff.page;
      await page.setViewportSize({ width: 1366, height: 768 });
      await page.goto('/lms/documents');
      await page.getByLabel('Поиск').fill(issued.verificationCode.toLowerCase());
      const row = page.getByTestId('register-row').filter({ hasText: issued.number });
      await expect(row).toHaveCount(1);
      await expect(page.getByTestId('register-row')).toHaveCount(1);

      await row.getByRole('button', { name: /Отозвать/ }).click();
      const dialog = page.getByRole('dialog', { name: 'Отозвать документ' });
      await expect(dialog.getByRole('button', { name: 'Отозвать' })).toBeDisabled();
      await dialog.getByLabel('Причина').fill('Выдана по ошибке');
      await dialog.getByRole('button', { name: 'Отозвать' }).click();
      await expect(dialog).toBeHidden();
      await expect(row).toContainText('Отозван');
      await expect(row).toContainText('Выдана по ошибке');
      expect(await axeFindings(page)).toEqual([]);
      await shots(page, 'register');
      await staff.context.close();

      // Anyone with the code: revoked, and when; not the holder's name, not the number.
      const anyone = await browser.newContext();
      const visitor = await anyone.newPage();
      await visitor.goto(`/lms/public/verify/${issued.verificationCode}`);
      const verdict = visitor.getByRole('alert').filter({ hasText: 'Документ отозван' });
      await expect(verdict).toBeVisible();
      await expect(verdict).toContainText(/\d{2}\.\d{2}\.\d{4}/);
      await expect(visitor.getByText(issued.number)).toHaveCount(0);
      await expect(visitor.getByText('Справка подлинная')).toHaveCount(0);
      expect(await axeFindings(visitor)).toEqual([]);
      await shots(visitor, 'verify-revoked');
      await anyone.close();
    });
  });
