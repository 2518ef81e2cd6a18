import { expect, type Page, test } from '@playwright/test';
import { PASSWORD } from './support';

/** Holds back the app's code (its start chunk) until `release` is called: the page shows only what was prerendered. */
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

/** Errors the page reports: React's hydration mismatches, a blocked inline script (CSP), failed calls. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Once the app works (hydrated), the password's visibility toggles at a click. */
async function expectHydrated(page: Page, toggleName: string) {
  await expect(async () => {
    await page.getByRole('button', { name: toggleName }).click();
    await expect(page.locator('input[name="password"]')).toHaveAttribute('type', 'text', { timeout: 1000 });
  }).toPass();
}

const languages = [
  { lang: 'ru', heading: 'Вход в портал', title: 'Авторизация | Портал', login: 'Логин', submit: 'Войти' },
  { lang: 'kg', heading: 'Порталга кирүү', title: 'Авторизация | Портал', login: 'Логин', submit: 'Кирүү' },
  { lang: 'en', heading: 'Sign in to the portal', title: 'Authorization | Portal', login: 'Login', submit: 'Sign in' },
] as const;

test.describe('the prerendered sign-in page', () => {
  for (const { lang, heading, title, login, submit } of languages) {
    test(`shows its form with JavaScript disabled (${lang})`, async ({ browser }) => {
      const context = await browser.newContext({ javaScriptEnabled: false });
      const page = await context.newPage();
      await page.goto(`/lms/login?lang=${lang}`);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('textbox', { name: login })).toBeVisible();
      await expect(page.locator('input[name="password"]')).toBeVisible();
      await expect(page.getByRole('button', { name: submit, exact: true })).toBeVisible();
      await context.close();
    });
  }

  test('is laid out for a phone or a desktop by the window, with no JavaScript', async ({ browser }) => {
    for (const { width, height, sideBySide } of [
      { width: 390, height: 844, sideBySide: false },
      { width: 1366, height: 768, sideBySide: true },
    ]) {
      // The same browser (user agent) for both: the window alone decides.
      const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height } });
      const page = await context.newPage();
      await page.goto('/lms/login');
      const brand = await page.getByRole('banner').boundingBox();
      const form = await page.getByRole('heading', { level: 1 }).boundingBox();
      expect(brand && form, `${width}px`).toBeTruthy();
      if (!brand || !form) continue;
      // Desktop: the brand on the left, the form on the right; a phone: the brand above the form.
      if (sideBySide) expect(form.x, `${width}px`).toBeGreaterThan(brand.x + brand.width - 1);
      else expect(form.y, `${width}px`).toBeGreaterThan(brand.y + brand.height - 1);
      await context.close();
    }
  });

  test('cannot be sent before the app works it (it would go to the server as a page)', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/lms/login');
    await expect(page.getByRole('button', { name: 'Войти' })).toBeDisabled();
    const navigations: string[] = [];
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(`${request.method()} ${request.url()}`);
    });
    await page.getByLabel('Логин').fill('student1');
    await page.locator('input[name="password"]').fill('a-secret-password');
    await page.locator('input[name="password"]').press('Enter');
    await page.waitForTimeout(500);
    expect(navigations).toEqual([]);
    // (And were it ever sent by the browser, the password would not go in the address.)
    await expect(page.locator('form')).toHaveAttribute('method', 'post');
    await context.close();
  });

  test('keeps what was typed before the app arrived: the app hydrates it', async ({ page }) => {
    const errors = collectErrors(page);
    const release = await holdAppCode(page);
    await page.goto('/lms/login');
    const heading = await page.getByRole('heading', { level: 1 }).elementHandle();
    await page.getByLabel('Логин').fill('student1');
    await page.locator('input[name="password"]').fill(PASSWORD);

    release();
    await expectHydrated(page, 'Показать или скрыть пароль');
    // Hydrated, not rendered again: the prerendered heading is still the one on the page, the text still in the form.
    expect(await heading?.evaluate((element) => element.isConnected)).toBe(true);
    await expect(page.getByLabel('Логин')).toHaveValue('student1');
    await expect(page.locator('input[name="password"]')).toHaveValue(PASSWORD);
    await page.getByRole('button', { name: 'Войти' }).click();
    await expect(page).toHaveURL(/\/lms$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Добро пожаловать, Нурсултан!' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  for (const { lang, heading, login, submit } of languages) {
    for (const theme of ['dark', 'light'] as const) {
      test(`leads to home in ${lang}, in the ${theme} theme`, async ({ page }) => {
        const errors = collectErrors(page);
        // The language and theme chosen in this browser before, as the app keeps them.
        await page.goto('/healthz');
        await page.evaluate(
          (chosen) => {
            localStorage.setItem('theme', chosen.theme);
            localStorage.setItem('lang', chosen.lang);
            // biome-ignore lint/suspicious/noDocumentCookie: the cookie the app writes with the language.
            document.cookie = `lang=${chosen.lang}; path=/`;
          },
          { theme, lang },
        );
        const release = await holdAppCode(page);
        await page.goto('/lms/login');
        // Before any of the app's code: the page's language, and the theme (its inline script).
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        await page.getByRole('textbox', { name: login }).fill('student1');
        await page.locator('input[name="password"]').fill(PASSWORD);
        release();
        // (The button works once the app has hydrated the page: the click waits for it.)
        await page.getByRole('button', { name: submit, exact: true }).click();
        await expect(page).toHaveURL(/\/lms$/);
        const welcome = {
          ru: 'Добро пожаловать, Нурсултан!',
          kg: 'Кош келиңиз, Нурсултан!',
          en: 'Welcome, Нурсултан!',
        };
        await expect(page.getByRole('heading', { level: 1, name: welcome[lang] })).toBeVisible();
        await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
        expect(errors).toEqual([]);
      });
    }
  }

  test('a language this browser chose without the server knowing it: hydrated as sent, then switched', async ({
    page,
  }) => {
    const errors = collectErrors(page);
    // Chosen in local storage only (the cookie gone): the server sends the Russian page.
    await page.goto('/healthz');
    await page.evaluate(() => localStorage.setItem('lang', 'kg'));
    const release = await holdAppCode(page);
    await page.goto('/lms/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в портал' })).toBeVisible();
    await page.getByLabel('Логин').fill('student1');
    release();
    await expect(page.getByRole('heading', { level: 1, name: 'Порталга кирүү' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Кыр' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByLabel('Логин')).toHaveValue('student1');
    expect(errors).toEqual([]);
  });
});
