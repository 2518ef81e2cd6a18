import { expect, test } from '@playwright/test';
import { signIn } from './support';

test.describe('portal shell', () => {
  test('every side-menu entry opens a screen, never a blank one', async ({ page }) => {
    await signIn(page, 'student1');
    const menu = page.getByRole('navigation', { name: 'Меню' });
    // A student's entries: every one but the teacher's workload.
    await expect(menu.getByRole('link')).toHaveCount(17);
    const entries = await menu.getByRole('link').all();
    // Each opens its own screen, titled as the entry says (menu.test: no entry leads to a placeholder).
    for (const entry of entries) {
      await entry.click();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Страница не найдена');
    }
    await page.getByRole('link', { name: 'Журнал посещаемости' }).click();
    await expect(page).toHaveURL(/\/lms\/journal$/);
    await expect(page).toHaveTitle('Журнал | Портал');
  });

  test('routes: / goes to the portal; an unknown page says so, in the portal, with a way home', async ({ page }) => {
    await signIn(page, 'student1');
    await page.goto('/');
    await expect(page).toHaveURL(/\/lms$/);
    await page.goto('/lms/no-such-screen');
    await expect(page).toHaveURL(/\/lms\/no-such-screen$/);
    await expect(page).toHaveTitle('Страница не найдена | Портал');
    await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Такой страницы нет' })).toBeVisible();
    await page.getByRole('main').getByRole('link', { name: 'На главную' }).click();
    await expect(page).toHaveURL(/\/lms$/);
    await expect(page.getByRole('heading', { level: 1, name: /Добро пожаловать/ })).toBeVisible();
    await page.goto('/lms/apps');
    await expect(page).toHaveTitle('Приложения | Портал');
    await page.getByRole('main').getByRole('link', { name: 'Транскрипт' }).click();
    await expect(page).toHaveTitle('Транскрипт | Портал');
  });

  test('an address outside the portal: a 404 with the portal’s own page for a browser, JSON for a program', async ({
    page,
    request,
  }) => {
    for (const [lang, heading, home] of [
      ['ru', 'Такой страницы нет', 'На главную'],
      ['en', 'There is no such page', 'Go home'],
    ] as const) {
      const response = await page.goto(`/no-such-page?lang=${lang}`);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.getByRole('link', { name: home })).toBeVisible();
    }
    await page.getByRole('link', { name: 'Go home' }).click();
    // Home is the portal's: without a session, sign-in.
    await expect(page).toHaveURL(/\/lms\/login$/);

    const api = await request.get('/no-such-page', { headers: { accept: 'application/json' } });
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ result: 1, error: { code: 'not_found' } });
  });

  test('the dark theme is the default; the toggle switches it and the choice persists', async ({ page }) => {
    await signIn(page, 'teacher1');
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.getByRole('button', { name: 'Включить светлую тему' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.reload();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await page.getByRole('button', { name: 'Включить тёмную тему' }).click();
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });

  test('the language switches from the profile menu and is remembered', async ({ page, context }) => {
    await signIn(page, 'teacher1');
    await page.getByRole('button', { name: /Волков Дмитрий/ }).click();
    await page.getByRole('menuitem', { name: 'Кыр' }).click();
    await expect(page.getByRole('heading', { name: 'Кош келиңиз, Дмитрий!' })).toBeVisible();
    await expect(page).toHaveTitle('Башкы бет | Портал');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ky');

    await page.reload();
    await expect(page.getByRole('heading', { name: 'Кош келиңиз, Дмитрий!' })).toBeVisible();
    const cookie = (await context.cookies()).find((candidate) => candidate.name === 'lang');
    expect(cookie?.value).toBe('kg');
    expect((cookie?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(359 * 24 * 3600 * 1000);

    await page.getByRole('button', { name: /Волков Дмитрий/ }).click();
    await page.getByRole('menuitem', { name: 'Eng' }).click();
    await expect(page.getByRole('heading', { name: 'Welcome, Дмитрий!' })).toBeVisible();
    await page.goto('/lms?lang=ru');
    await expect(page.getByRole('heading', { name: 'Добро пожаловать, Дмитрий!' })).toBeVisible();
  });

  test('the sign-in screen switches language too', async ({ page }) => {
    await page.goto('/lms/login');
    await page.getByRole('button', { name: 'Eng' }).click();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page).toHaveTitle('Authorization | Portal');
    await page.getByRole('button', { name: 'Кыр' }).click();
    await expect(page.getByRole('button', { name: 'Кирүү' })).toBeVisible();
  });
});

test.describe('mobile layout', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('tabs profile, news, messages and applications; applications is active by default', async ({ page }) => {
    await signIn(page, 'student1');
    const tabs = page.getByRole('navigation', { name: 'Разделы' });
    // The messages tab may carry the unread counter.
    await expect(tabs.getByRole('link')).toHaveText(['Профиль', 'Новости', /^\d*Сообщения$/, 'Приложения']);
    await expect(tabs.getByRole('link', { name: 'Приложения' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByRole('main').getByRole('link', { name: 'Журнал' })).toBeVisible();

    await tabs.getByRole('link', { name: 'Сообщения' }).click();
    await expect(page).toHaveURL(/\/lms\/chat#messages$/);
    await expect(tabs.getByRole('link', { name: 'Сообщения' })).toHaveAttribute('aria-current', 'page');

    await tabs.getByRole('link', { name: 'Профиль' }).click();
    await expect(page.getByRole('heading', { name: 'Личные данные' })).toBeVisible();

    await page.getByRole('button', { name: 'Открыть меню' }).click();
    await page.getByRole('link', { name: 'Вебинар', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Вебинар');
  });

  test('logout leaves cleanly: no error, no call refused, three times over', async ({ page }) => {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    page.on('response', (response) => {
      if (response.status() === 401) problems.push(`401 ${response.url()}`);
    });
    for (let round = 1; round <= 3; round++) {
      await signIn(page, 'student1');
      await expect(page.getByRole('heading', { level: 1, name: /Добро пожаловать/ })).toBeVisible();
      await page.getByRole('banner').getByRole('button', { name: 'Выход' }).click();
      await expect(page).toHaveURL(/\/lms\/login$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Вход в портал' })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('token')), `round ${round}`).toBeNull();
      // The session is revoked on the server too.
      await expect
        .poll(async () => (await page.request.post('/api/auth/enticate.json', { data: {} })).status())
        .toBe(401);
    }
    expect(problems).toEqual([]);
  });
});
