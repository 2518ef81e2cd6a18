import { expect, type Page, test } from '@playwright/test';
import { axeFindings, data, person, setTheme, signIn } from './support';

// The service worker is part of what this spec checks (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** The bell's unread count as the header shows it (its accessible name says it). */
async function bellCount(page: Page): Promise<number> {
  const name =
    (await page
      .getByRole('banner')
      .getByRole('button', { name: /^Уведомления/ })
      .getAttribute('aria-label')) ?? '';
  return Number(/(\d+)/.exec(name)?.[1] ?? 0);
}

test.describe
  .serial('notifications', () => {
    test("staff move student3's order: student3's bell counts one more without a reload; the list opens the order", async ({
      browser,
    }) => {
      test.setTimeout(180_000);
      // A student no other spec touches: the bell counts every notification.
      const student = await person(browser, 'student3');
      const staff = await person(browser, 'staff1');
      const page = student.page;
      const bell = page.getByRole('banner').getByRole('button', { name: /^Уведомления/ });
      await expect(bell).toBeVisible();
      // Other specs beside this one post news and move lessons of student3's group: student3 hears only of orders
      // here, and has read what came before, so the bell counts this spec's notifications alone.
      const settings = await data<{ kinds: { kind: string; app: boolean | null }[] }>(
        await page.request.post('/api/notifications/settings.json', { data: {} }),
      );
      await data(
        await page.request.post('/api/notifications/settings/save.json', {
          data: {
            muted: false,
            kinds: settings.kinds.map((k) => ({ kind: k.kind, app: k.app === null ? null : k.kind === 'order' })),
          },
        }),
      );
      await data(await page.request.post('/api/notifications/read-all.json', { data: {} }));
      await page.reload();
      await expect.poll(() => bellCount(page)).toBe(0);

      const order = await data<{ id_order: number }>(
        await page.request.post('/api/singlewindow/order/save.json', {
          data: { id_doc: 1, id_region: 1, id_district: 1, id_naznachenie: 1 },
        }),
      );
      await data(
        await staff.page.request.post('/api/singlewindow/order/status.json', {
          data: { id_order: order.id_order, status: 'preparing' },
        }),
      );
      // Live, over the socket: no reload.
      await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(1);

      await bell.click();
      const item = page.getByRole('button', { name: /Ваша справка готовится/ }).first();
      await expect(item).toBeVisible();
      expect(await axeFindings(page)).toEqual([]);
      await item.click();
      await expect(page).toHaveURL(/\/lms\/singlewindow$/);
      await expect.poll(() => bellCount(page)).toBe(0);

      // Mark all read.
      await data(
        await staff.page.request.post('/api/singlewindow/order/status.json', {
          data: { id_order: order.id_order, status: 'canceled' },
        }),
      );
      await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBe(1);
      await bell.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Прочитать все' }).click();
      await expect.poll(() => bellCount(page)).toBe(0);
      await student.context.close();
      await staff.context.close();
    });

    test('the profile holds the settings; push permission is asked only from there', async ({ browser }) => {
      test.setTimeout(180_000);
      const student = await person(browser, 'student1');
      const page = student.page;
      await page.goto('/lms/change-password');
      await expect(page.getByRole('heading', { name: 'Уведомления' })).toBeVisible({ timeout: 30_000 });
      const newsPush = page.getByRole('checkbox', { name: 'Новости: Push' });
      await expect(newsPush).not.toBeChecked();
      await newsPush.click();
      await expect(newsPush).toBeChecked();
      await expect(page.getByText('Настройки уведомлений сохранены')).toBeVisible();
      await page.reload();
      await expect(page.getByRole('checkbox', { name: 'Новости: Push' })).toBeChecked({ timeout: 30_000 });
      await page.getByRole('checkbox', { name: 'Новости: Push' }).click();
      await expect(page.getByRole('checkbox', { name: 'Новости: Push' })).not.toBeChecked();
      await setTheme(page, 'dark');
      expect(await axeFindings(page)).toEqual([]);
      await setTheme(page, 'light');
      await student.context.close();
    });

    test('a push delivered to the service worker shows a notification that opens its screen', async ({ browser }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext();
      await context.grantPermissions(['notifications']);
      const page = await context.newPage();
      await signIn(page, 'student1');
      await page.evaluate(() => navigator.serviceWorker.ready.then(() => true));
      const cdp = await context.newCDPSession(page);
      const registrations: { registrationId: string; scopeURL: string }[] = [];
      cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
      await cdp.send('ServiceWorker.enable');
      await expect.poll(() => registrations.length).toBeGreaterThan(0);
      const origin = new URL(page.url()).origin;
      const registration = registrations.find((r) => r.scopeURL.startsWith(origin)) ?? registrations[0];
      await cdp.send('ServiceWorker.deliverPushMessage', {
        origin,
        registrationId: registration?.registrationId as string,
        data: JSON.stringify({ title: 'Справка', body: 'Ваша справка готова', url: '/lms/singlewindow', tag: 'order' }),
      });
      await expect
        .poll(() =>
          page.evaluate(async () => {
            const reg = await navigator.serviceWorker.ready;
            return (await reg.getNotifications()).map((n) => ({ title: n.title, body: n.body, url: n.data?.url }));
          }),
        )
        .toEqual([{ title: 'Справка', body: 'Ваша справка готова', url: '/lms/singlewindow' }]);
      await context.close();
    });
  });

test('screenshots of the bell and the settings (for a look, not compared)', async ({ browser }) => {
  test.skip(!process.env.SHOTS_DIR, 'SHOTS_DIR is not set');
  test.setTimeout(300_000);
  const dir = process.env.SHOTS_DIR as string;
  for (const width of [390, 1366]) {
    const context = await browser.newContext({ viewport: { width, height: 800 } });
    const page = await context.newPage();
    await signIn(page, 'student1');
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((value) => window.localStorage.setItem('theme', value), theme);
      await page.goto('/lms');
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Уведомления/ })
        .click();
      await page.waitForTimeout(500);
      await page.screenshot({ path: `${dir}/bell-${width}-${theme}.png` });
      await page.keyboard.press('Escape');
      await page.goto('/lms/change-password');
      await page.getByRole('heading', { name: 'Уведомления' }).scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/settings-${width}-${theme}.png`, fullPage: width === 1366 });
    }
    await context.close();
  }
});
