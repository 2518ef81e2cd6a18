import { type BrowserContext, expect, type Page, test } from '@playwright/test';
import { PASSWORD } from './support';

/** Holds back the app's code (its start chunk) until `release` is called: the page shows only what the server drew. */
async function holdAppCode(page: Page) {
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/lms\/assets\/start-[\w-]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Errors the page reports (React reports a drawing it could not take over as one). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Signs in through the API, as a browser that signed in before: the session cookie and the local mark. */
async function signedInBefore(context: BrowserContext, page: Page, login: string) {
  const response = await context.request.post('/api/auth/orize.json', { data: { login, password: PASSWORD } });
  expect(response.ok()).toBe(true);
  await page.goto('/healthz');
  await page.evaluate(() => localStorage.setItem('token', 'signed in before'));
}

test.describe('first screens drawn by the server', () => {
  test('the sign-in screen and home show with no JavaScript at all', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/lms/login');
    await expect(page).toHaveTitle('Авторизация | Портал');
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в портал' })).toBeVisible();
    await expect(page.getByLabel('Логин')).toBeVisible();

    await context.request.post('/api/auth/orize.json', { data: { login: 'student1', password: PASSWORD } });
    await page.goto('/lms');
    await expect(page).toHaveTitle('Главная | Портал');
    await expect(page.getByRole('heading', { level: 1, name: 'Добро пожаловать, Нурсултан!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Электронная библиотека' }).first()).toBeVisible();
    await context.close();
  });

  test('sent by the browser itself, the sign-in form does not put the password in the address', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/lms/login');
    await page.getByLabel('Логин').fill('student1');
    await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill('a-secret-password');
    const sent = page.waitForRequest(
      (request) => request.url().includes('/lms/login') && request.isNavigationRequest(),
    );
    await page.getByRole('button', { name: 'Войти' }).click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.url()).not.toContain('a-secret-password');
    await context.close();
  });

  test('the app takes the sign-in screen over as drawn, keeping what was typed before it came', async ({ page }) => {
    const errors = collectErrors(page);
    const release = await holdAppCode(page);
    await page.goto('/lms/login');
    const heading = await page.getByRole('heading', { level: 1 }).elementHandle();
    await page.getByLabel('Логин').fill('student1');
    const password = page.getByRole('textbox', { name: 'Пароль', exact: true });
    await password.fill(PASSWORD);

    release();
    // Once the app works, the password shows at a click.
    await expect(async () => {
      await page.getByRole('button', { name: 'Показать или скрыть пароль' }).click();
      await expect(page.getByRole('textbox', { name: 'Пароль', exact: true })).toHaveAttribute('type', 'text', {
        timeout: 1000,
      });
    }).toPass();
    // Taken over, not drawn again: the heading the server drew is still the one on the page.
    expect(await heading?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(page.getByLabel('Логин')).toHaveValue('student1');
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/lms$/);
    expect(errors).toEqual([]);
  });

  test('what is clicked before the app has come is done once it comes', async ({ page }) => {
    const release = await holdAppCode(page);
    await page.goto('/lms/login');
    await page.getByRole('button', { name: 'Eng' }).click();
    await page.getByLabel('Логин').fill('student1');
    await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    // Nothing happens before the app is here…
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в портал' })).toBeVisible();
    expect(page.url()).toMatch(/\/lms\/login$/);
    // …then both clicks are done, in order: English, then the sign-in.
    release();
    await expect(page).toHaveURL(/\/lms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Нурсултан!' })).toBeVisible();
  });

  for (const { name, viewport, userAgent } of [
    { name: 'on a phone', viewport: { width: 390, height: 844 }, userAgent: 'Mozilla/5.0 (Linux; Android 14) Mobile' },
    { name: 'on a desktop', viewport: { width: 1280, height: 800 }, userAgent: undefined },
  ]) {
    for (const theme of ['dark', 'light'] as const) {
      test(`home is taken over as drawn ${name}, in the ${theme} theme`, async ({ browser }) => {
        const context = await browser.newContext({ viewport, ...(userAgent ? { userAgent } : {}) });
        const page = await context.newPage();
        const errors = collectErrors(page);
        await signedInBefore(context, page, 'student1');
        // The theme chosen in this browser before (the app keeps it in local storage and a cookie).
        await page.evaluate((chosen) => {
          localStorage.setItem('theme', chosen);
          // biome-ignore lint/suspicious/noDocumentCookie: the cookie the app writes with the choice.
          document.cookie = `theme=${chosen}; path=/`;
        }, theme);
        const release = await holdAppCode(page);
        await page.goto('/lms');
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        const heading = await page
          .getByRole('heading', { level: 1, name: 'Добро пожаловать, Нурсултан!' })
          .elementHandle();
        release();
        // Once the app works (a click before it comes does nothing), the profile menu opens from the header.
        const profile = page
          .getByRole('button', { name: viewport.width > 900 ? /Жээнбеков/ : 'Профиль', exact: viewport.width <= 900 })
          .first();
        await expect(async () => {
          await profile.click();
          await expect(page.getByRole('menu')).toBeVisible({ timeout: 1000 });
        }).toPass();
        expect(await heading?.evaluate((element) => element.isConnected)).toBe(true);
        expect(errors).toEqual([]);
        await context.close();
      });
    }
  }

  test('a desktop browser in a narrow window gets the desktop layout drawn, which the app turns into the mobile one', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: { width: 600, height: 900 } });
    const page = await context.newPage();
    const errors = collectErrors(page);
    await signedInBefore(context, page, 'student1');
    const release = await holdAppCode(page);
    await page.goto('/lms');
    await expect(page.getByRole('navigation', { name: 'Основная навигация' })).toBeAttached();
    release();
    await expect(page.getByRole('navigation', { name: 'Разделы' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Добро пожаловать, Нурсултан!' })).toBeVisible();
    expect(errors).toEqual([]);
    await context.close();
  });

  test('a theme chosen before the server knew it: the screen is taken over as drawn, then takes that theme', async ({
    page,
    context,
  }) => {
    const errors = collectErrors(page);
    // Chosen in local storage only, as the app kept it before it had a cookie for the server.
    await page.goto('/healthz');
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    const release = await holdAppCode(page);
    await page.goto('/lms/login');
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    const heading = await page.getByRole('heading', { level: 1 }).elementHandle();
    await page.getByLabel('Логин').fill('student1');
    release();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(page.getByRole('button', { name: 'Включить тёмную тему' })).toBeVisible();
    expect(await heading?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(page.getByLabel('Логин')).toHaveValue('student1');
    // From now on the server knows it.
    expect((await context.cookies()).find((cookie) => cookie.name === 'theme')?.value).toBe('light');
    expect(errors).toEqual([]);
  });

  test('a page drawn for what this browser does not choose is drawn again by the app, as it chooses', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // An older visit chose Kyrgyz and kept it in local storage only: the server, which sees no cookie, draws Russian.
    await page.goto('/healthz');
    await page.evaluate(() => localStorage.setItem('lang', 'kg'));
    await page.goto('/lms/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Порталга кирүү' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Кыр' })).toHaveAttribute('aria-pressed', 'true');
    expect(errors).toEqual([]);
  });
});
