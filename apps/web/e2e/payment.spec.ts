import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

const service = 'Справка с места учёбы (срочная)';

/** Damm's check: a valid code leaves the interim digit 0 (the portal's codes end in their check digit). */
function dammValid(code: string): boolean {
  const table = [
    [0, 3, 1, 7, 5, 9, 8, 6, 4, 2],
    [7, 0, 9, 2, 1, 5, 4, 8, 6, 3],
    [4, 2, 0, 6, 8, 7, 1, 3, 5, 9],
    [1, 7, 5, 0, 9, 8, 3, 4, 2, 6],
    [6, 1, 2, 3, 0, 4, 5, 9, 7, 8],
    [3, 6, 7, 4, 2, 0, 9, 5, 8, 1],
    [5, 8, 6, 9, 7, 2, 0, 1, 3, 4],
    [8, 9, 4, 5, 3, 6, 2, 0, 1, 7],
    [9, 4, 3, 8, 6, 1, 7, 2, 0, 5],
    [2, 5, 8, 1, 4, 3, 6, 7, 9, 0],
  ];
  let interim = 0;
  for (const ch of code) interim = table[interim]?.[Number(ch)] ?? -1;
  return interim === 0;
}

async function openPayment(page: Page) {
  await signIn(page, 'student1');
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Код оплаты', exact: true }).click();
  await expect(page).toHaveURL(/\/lms\/paymentcode$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Код оплаты');
  await expect(page).toHaveTitle('Оплата | Портал');
  await page.getByLabel('Вид услуги').selectOption({ label: service });
}

/** Starts a card payment through the confirmation dialog and lands on the sandbox's card page. */
async function startCardPayment(page: Page) {
  await page.getByRole('button', { name: 'Оплатить картой' }).click();
  const dialog = page.getByRole('dialog', { name: 'Оплатить банковской картой?' });
  await expect(dialog).toContainText(`${service}: 150,00 сом.`);
  await dialog.getByRole('button', { name: 'Перейти к оплате' }).click();
  await expect(page).toHaveURL(/\/lms\/sandbox\/pay\/[A-Za-z0-9_-]{32}$/);
  await expect(page.getByRole('heading', { name: 'Оплата картой' })).toBeVisible();
  await expect(page.getByTestId('sandbox-amount')).toHaveText('150,00 сом');
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Номер карты').fill(card);
  await page.getByLabel('Срок (ММ/ГГ)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Оплатить 150,00 сом' }).click();
}

test.describe
  .serial('paid services', () => {
    test('student1 picks a service, sees the code and the QR, saves the PNG, pays by card and sees it paid', async ({
      page,
    }) => {
      await openPayment(page);
      await expect(page.getByLabel('Сумма, сом')).toHaveValue('150');
      await expect(page.getByLabel('Сумма, сом')).toHaveAttribute('readonly');
      const code = (await page.getByTestId('payment-code').textContent())?.replace(/\s/g, '') ?? '';
      expect(code).toMatch(/^\d{9}$/);
      expect(dammValid(code)).toBe(true);

      // The QR and the link's text: the national ELQR router, a fixed amount of 150 som, the code as transaction id.
      await expect(page.getByTestId('payment-qr')).toBeVisible();
      const link = await page.getByLabel('Текст платёжной ссылки').inputValue();
      expect(link).toMatch(/^https:\/\/pay\.payqr\.kg\/#000201010212/);
      expect(decodeURIComponent(link)).toContain(`11${String(code.length).padStart(2, '0')}${code}`);
      expect(decodeURIComponent(link)).toContain('530341754051500059');

      const download = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Сохранить QR-код (PNG)' }).click();
      const png = await download;
      expect(png.suggestedFilename()).toBe(`oplata-${code}.png`);
      const bytes = await readFile((await png.path()) as string);
      expect(bytes.subarray(1, 4).toString()).toBe('PNG');
      expect(bytes.length).toBeGreaterThan(1000);

      // The same code the next time.
      await page.reload();
      await page.getByLabel('Вид услуги').selectOption({ label: service });
      await expect(page.getByTestId('payment-code')).toHaveText(code.replace(/(\d{3})(?=\d)/g, '$1 '));

      await startCardPayment(page);
      await payWith(page, '4242 4242 4242 4242');
      await expect(page.getByText('Оплата прошла. Возвращаемся на портал…')).toBeVisible();
      await expect(page).toHaveURL(/\/lms\/paymentcode\?payment=\d+$/);
      const paymentId = new URL(page.url()).searchParams.get('payment');
      await expect(page.getByTestId('payment-result')).toHaveText(`Оплата прошла: 150,00 сом, «${service}».`);
      // A settled payment offers push once; "not now" puts the offer away (push-prompt.spec.ts follows it further).
      await page.getByTestId('push-prompt').getByRole('button', { name: 'Не сейчас' }).click();
      await expect(page.getByTestId('push-prompt')).toBeHidden();
      const row = page.locator(`[data-testid="payment-row"][data-payment="${paymentId}"]`);
      await expect(row.locator('[data-status="paid"]')).toHaveText('Оплачено');
      const receipt = page.waitForEvent('download');
      await row.getByRole('link', { name: 'Квитанция (PDF)' }).click();
      const pdf = await readFile((await (await receipt).path()) as string);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    });

    test('the declined card shows a clear failure and nothing is marked paid', async ({ page }) => {
      await openPayment(page);
      const paidBefore = await page.locator('[data-testid="payment-row"] [data-status="paid"]').count();
      await startCardPayment(page);
      await payWith(page, '4000 0000 0000 0002');
      await expect(page.getByRole('alert')).toHaveText('Банк отклонил оплату. Деньги не списаны.');
      await page.getByRole('link', { name: 'Вернуться на портал' }).click();
      await expect(page).toHaveURL(/\/lms\/paymentcode\?payment=\d+$/);
      const paymentId = new URL(page.url()).searchParams.get('payment');
      await expect(page.getByTestId('payment-result')).toHaveText(
        'Оплата не прошла: банк отклонил карту. Деньги не списаны.',
      );
      const row = page.locator(`[data-testid="payment-row"][data-payment="${paymentId}"]`);
      await expect(row.locator('[data-status="failed"]')).toHaveText('Не прошёл');
      await expect(row.getByRole('link', { name: 'Квитанция (PDF)' })).toHaveCount(0);
      await expect(page.locator('[data-testid="payment-row"] [data-status="paid"]')).toHaveCount(paidBefore);
    });

    test('on a phone the bank apps open with the payment filled in', async ({ browser }) => {
      const context = await browser.newContext({
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true,
      });
      const page = await context.newPage();
      await signIn(page, 'student1');
      await page.goto('/lms/paymentcode');
      await page.getByLabel('Вид услуги').selectOption({ label: service });
      const link = await page.getByLabel('Текст платёжной ссылки').inputValue();
      const payload = link.slice(link.indexOf('#') + 1);
      await expect(page.getByRole('link', { name: 'Оплатить в MBank' })).toHaveAttribute(
        'href',
        `https://app.mbank.kg/qr/#${payload}`,
      );
      await expect(page.getByRole('link', { name: 'Оплатить в Любой банк (ELQR)' })).toHaveAttribute(
        'href',
        `https://pay.payqr.kg/#${payload}`,
      );
      await context.close();
    });
  });
