import { readdirSync } from 'node:fs';
import { type BrowserContext, expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support';

// The service worker is part of what this spec checks (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** Waits until the service worker controls the page: it has then cached the app's files (its install). */
async function serviceWorkerInControl(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
    }
  });
}

/** Whether nothing lies over the middle of `control` (the element there is it, or inside it). */
async function uncovered(control: Locator): Promise<boolean> {
  return control.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const top = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return top !== null && element.contains(top);
  });
}

const offlineNotice = 'Нет сети: данные загрузятся, когда связь вернётся.';
const cachedNotice = 'Нет сети: показаны сохранённые данные.';

test.describe('offline', () => {
  test('the banner shows while offline, and the cached app shell serves the offline notice', async ({
    page,
    context,
  }) => {
    await page.goto('/lms/login');
    await serviceWorkerInControl(page);

    const banner = page.getByRole('button', { name: 'Нет сети !!!' });
    await expect(banner).toBeHidden();
    await context.setOffline(true);
    await expect(banner).toBeVisible();
    await banner.click();
    await expect(banner).toBeVisible();

    await page.goto('/');
    await expect(page).toHaveURL(/\/lms\/offline$/);
    await expect(page).toHaveTitle('Нет соединения | Портал');
    await expect(page.getByRole('heading', { name: 'Нет соединения с сервером' })).toBeVisible();
    await expect(banner).toBeVisible();
    // Reopened offline, the sign-in page comes from the cached shell too.
    await page.goto('/lms/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Вход в портал' })).toBeVisible();

    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await page.goto('/lms/offline');
    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await expect(page).toHaveURL(/\/lms\/login$/);
  });

  test('once installed, the service worker holds every screen’s code and styles: each opens offline', async ({
    page,
    context,
  }) => {
    await signIn(page, 'student1');
    await serviceWorkerInControl(page);
    const cached = await page.evaluate(async () => {
      const files: string[] = [];
      for (const key of await caches.keys()) {
        for (const request of await (await caches.open(key)).keys()) files.push(new URL(request.url).pathname);
      }
      return files;
    });
    // playwright.config.ts builds the app into E2E_DIST.
    const built = readdirSync(`${process.env.E2E_DIST}/assets`).filter((file) => /\.(js|css)$/.test(file));
    expect(built.length).toBeGreaterThan(20);
    for (const file of built) expect(cached, file).toContain(`/lms/assets/${file}`);

    await context.setOffline(true);
    const menu = page.getByRole('navigation', { name: 'Меню' });
    for (const [entry, heading] of [
      ['Электронная библиотека', 'Электронная библиотека'],
      ['УМК', 'УМК'],
      ['Журнал посещаемости', 'Журнал посещаемости'],
      ['Рейтинг', 'Рейтинг'],
      ['Документы', 'Документы'],
    ] as const) {
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Лента новостей' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Лента новостей');
    await header.getByRole('link', { name: 'Профиль' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Профиль');
    await expect(page.getByRole('heading', { name: 'Ошибка, обновите страницу!' })).toBeHidden();
  });
});

test.describe('a screen whose code is not here offline', () => {
  // No service worker: the screens' code comes from the network alone, as before the worker is installed.
  test.use({ serviceWorkers: 'block' });

  test('says so inside the layout, and opens by itself when the network is back', async ({ page, context }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'student1');
    await context.setOffline(true);
    await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: 'Электронная библиотека' }).click();

    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'Раздел не загрузился' })).toBeVisible();
    await expect(main.getByText('Раздел откроется сам, когда связь вернётся.')).toBeVisible();
    // The rest of the portal still works around it; never the crash screen.
    await expect(page.getByRole('button', { name: 'Выход' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Меню' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ошибка, обновите страницу!' })).toBeHidden();

    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Электронная библиотека' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Книги' }).getByRole('listitem').first()).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('the offline banner', () => {
  for (const { name, viewport, controls } of [
    {
      name: 'desktop',
      viewport: { width: 1366, height: 768 },
      controls: [
        ['link', 'Профиль'],
        ['link', 'Лента новостей'],
        ['button', 'Включить светлую тему'],
        ['button', 'Выход'],
      ],
    },
    {
      name: 'phone',
      viewport: { width: 390, height: 844 },
      controls: [
        ['button', 'Открыть меню'],
        ['link', 'На главную'],
        ['button', 'Включить светлую тему'],
        ['button', 'Выход'],
        ['button', 'Профиль'],
      ],
    },
  ] as const) {
    test(`takes its own room: every header control stays uncovered (${name})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await signIn(page, 'student1');
      await context.setOffline(true);
      const banner = page.getByRole('button', { name: 'Нет сети !!!' });
      await expect(banner).toBeVisible();
      const bannerBox = await banner.boundingBox();
      const header = page.getByRole('banner');
      for (const [role, label] of controls) {
        const control = header.getByRole(role, { name: label, exact: true });
        await expect(control, label).toBeVisible();
        expect(await uncovered(control), label).toBe(true);
        expect((await control.boundingBox())?.y, label).toBeGreaterThanOrEqual(
          (bannerBox?.y ?? 0) + (bannerBox?.height ?? 0),
        );
      }
      // The screen's heading too, below the grown header.
      expect(await uncovered(page.getByRole('heading', { level: 1 }))).toBe(true);
      await context.close();
    });
  }
});

test('toasts show below the header, covering none of its controls', async ({ page }) => {
  await signIn(page, 'student1');
  await page.getByRole('link', { name: 'Профиль' }).click();
  // A password change refused (a wrong current password): its toast, and nothing changed.
  await page.locator('input[name="password"]').fill('Not-the-password1');
  await page.locator('input[name="newPassword"]').fill('Another-pass1');
  await page.locator('input[name="confirmPassword"]').fill('Another-pass1');
  await page.getByRole('button', { name: 'Сменить пароль' }).click();
  const toast = page.getByRole('alert').filter({ hasText: 'Не удалось сменить пароль' });
  await expect(toast).toBeVisible();
  const headerBox = await page.getByRole('banner').boundingBox();
  const toastBox = await toast.boundingBox();
  expect(toastBox?.y).toBeGreaterThanOrEqual((headerBox?.y ?? 0) + (headerBox?.height ?? 0));
  const header = page.getByRole('banner');
  for (const control of [
    header.getByRole('link', { name: 'Профиль', exact: true }),
    header.getByRole('link', { name: 'Лента новостей' }),
    header.getByRole('button', { name: 'Выход' }),
  ]) {
    expect(await uncovered(control)).toBe(true);
  }
});

test.describe('a screen that cannot load its data offline', () => {
  /** Signs in and waits for the service worker, so that every screen's code is here offline. */
  async function signedInInstalled(page: Page) {
    await signIn(page, 'student1');
    await serviceWorkerInControl(page);
  }

  /** Opens a side-menu entry or a header link. */
  async function open(page: Page, name: string) {
    const link = page.getByRole('link', { name, exact: true }).first();
    await link.click();
  }

  async function offline(context: BrowserContext, page: Page) {
    await context.setOffline(true);
    await expect(page.getByRole('button', { name: 'Нет сети !!!' })).toBeVisible();
  }

  test('the library says so, then loads by itself when the network is back, and shows what it had', async ({
    page,
    context,
  }) => {
    await signedInInstalled(page);
    await offline(context, page);
    await open(page, 'Электронная библиотека');
    const main = page.getByRole('main');
    await expect(main.getByText(offlineNotice)).toBeVisible();
    // No endless placeholders.
    await expect(main.getByRole('status').filter({ hasText: 'Загрузка книг' })).toHaveCount(0);

    await context.setOffline(false);
    const books = main.getByRole('region', { name: 'Книги' }).getByRole('listitem');
    await expect(books.first()).toBeVisible();
    await expect(main.getByText(offlineNotice)).toBeHidden();
    const first = (await books.first().textContent()) ?? '';

    // Offline again: a search it has not made says so, keeping the list it has on screen.
    await offline(context, page);
    await main.getByRole('searchbox', { name: 'Название или автор' }).fill('zzz-never-searched');
    await main.getByRole('button', { name: 'Найти' }).click();
    await expect(main.getByText(cachedNotice)).toBeVisible();
    await expect(books.first()).toHaveText(first);
    await main.getByRole('button', { name: 'Сбросить поиск' }).click();
    await expect(books.first()).toHaveText(first);
    await context.setOffline(false);
    await expect(main.getByText(cachedNotice)).toBeHidden();
  });

  test('news, study materials and the profile say so too', async ({ page, context }) => {
    await signedInInstalled(page);
    await offline(context, page);
    for (const [name, where] of [
      ['Лента новостей', page.getByRole('main')],
      ['УМК', page.getByRole('main')],
      ['Профиль', page.getByRole('main')],
    ] as const) {
      await open(page, name);
      // The profile's panels (personal data, notification settings) each say so.
      await expect(where.getByText(offlineNotice).first(), name).toBeVisible();
    }
  });
});

/** Texts that would say there is nothing, which a screen must not say about data it could not load. */
const falseEmpties = [
  'Нет семестра обучения',
  'Заказов нет',
  'Новостей пока нет',
  'В этом полугодии отметок пока нет.',
  'Платежей пока нет.',
  'Платных услуг пока нет.',
  'В этом периоде дисциплин нет.',
  'Книг пока нет',
  'Материалов нет',
  'Здесь появятся преподаватели и студенты для переписки.',
  'Никого не найдено по этим условиям.',
  'Нет записей по этим условиям.',
];

/**
 * What a screen shows offline: the offline notice (its data load once the network is back) or what it loaded before
 * under the cached-data notice; never an endless 'Загрузка...', and, with nothing loaded before (`fresh`), never a
 * false 'nothing here'. `notice` false: a screen with no data of its own to load (a form).
 */
async function expectOfflineState(page: Page, route: string, { notice = true, fresh = true } = {}) {
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1 }).first(), route).toBeVisible();
  if (notice) {
    await expect(main.getByText(new RegExp(`${offlineNotice}|${cachedNotice}`)).first(), route).toBeVisible();
  }
  // Nothing still loading once the notice is there (a paused query never spins).
  await expect(main.getByRole('status').filter({ hasText: /Загрузка/ }), route).toHaveCount(0);
  if (!fresh) return;
  for (const text of falseEmpties)
    await expect(main.getByText(text, { exact: true }), `${route}: ${text}`).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Ошибка, обновите страницу!' })).toBeHidden();
}

test.describe('every screen offline', () => {
  test.describe.configure({ timeout: 180_000 });

  test('a student: what was visited shows under the cached notice; any route opened offline says so', async ({
    page,
    context,
  }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await signIn(page, 'student1');
    await serviceWorkerInControl(page);
    const menu = page.getByRole('navigation', { name: 'Меню' });
    // Visited online: each screen's data arrive.
    const visited = [
      ['Расписание занятий', '/lms/schedule'],
      ['Журнал посещаемости', '/lms/journal'],
      ['Транскрипт', '/lms/transcript'],
      ['Код оплаты', '/lms/paymentcode'],
      ['Заказ справок', '/lms/singlewindow'],
      ['Регистрация на дисциплины', '/lms/registration'],
    ] as const;
    for (const [entry, path] of visited) {
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await page.waitForLoadState('networkidle');
      await expect(
        page
          .getByRole('main')
          .getByRole('status')
          .filter({ hasText: /Загрузка/ }),
      ).toHaveCount(0);
    }

    await context.setOffline(true);
    await expect(page.getByRole('button', { name: 'Нет сети !!!' })).toBeVisible();
    // Back to each within the app: what it loaded, said to be from before.
    for (const [entry, path] of visited) {
      await menu.getByRole('link', { name: entry, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectOfflineState(page, path, { fresh: false });
      if (path !== '/lms/schedule') await expect(page.getByRole('main').getByText(cachedNotice).first()).toBeVisible();
      // The transcript's results, as loaded before.
      if (path === '/lms/transcript') await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
    }

    // Every route opened anew offline (the page reloaded from the service worker, nothing in memory).
    for (const path of [
      '/lms',
      '/lms/apps',
      '/lms/news',
      '/lms/chat',
      '/lms/umk',
      '/lms/library',
      '/lms/schedule',
      '/lms/journal',
      '/lms/registration',
      '/lms/paymentcode',
      '/lms/singlewindow',
      '/lms/transcript',
      '/lms/change-password',
    ]) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      // (The chat's contacts, and so their notice, are in the side column on a desktop.)
      await expectOfflineState(page, path, { notice: path !== '/lms/apps' && path !== '/lms/chat' });
      if (path === '/lms/chat') {
        await expect(page.getByRole('region', { name: 'Контакты чата' }).getByText(offlineNotice)).toBeVisible();
      }
    }
    expect(errors).toEqual([]);
  });

  test('staff: every staff screen opened offline says so', async ({ page, context }) => {
    await signIn(page, 'staff1');
    await serviceWorkerInControl(page);
    await context.setOffline(true);
    for (const [path, notice] of [
      ['/lms/staff/people', true],
      ['/lms/staff/orders', true],
      ['/lms/staff/grade-scale', true],
      ['/lms/staff/payments', true],
      ['/lms/staff/audit', true],
      ['/lms/staff/settings', true],
      ['/lms/staff/import', false],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expectOfflineState(page, path, { notice });
    }
  });

  test('with no user to remember, the offline notice stands in, and trying again returns to the screen asked for', async ({
    page,
    context,
  }) => {
    await signIn(page, 'student1');
    await serviceWorkerInControl(page);
    await page.evaluate(() => window.localStorage.removeItem('user'));
    await context.setOffline(true);
    await page.goto('/lms/transcript');
    await expect(page).toHaveURL(/\/lms\/offline\?next=%2Flms%2Ftranscript$/);
    await context.setOffline(false);
    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await expect(page).toHaveURL(/\/lms\/transcript$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Транскрипт' })).toBeVisible();
  });
});
