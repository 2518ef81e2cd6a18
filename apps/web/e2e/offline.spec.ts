import { expect, test } from '@playwright/test';

test.describe('offline', () => {
  test('the banner shows while offline, and the cached app shell serves the offline notice', async ({
    page,
    context,
  }) => {
    await page.goto('/lms/login');
    // The service worker has cached the app shell once it controls the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });

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

    await context.setOffline(false);
    await expect(banner).toBeHidden();
    await page.getByRole('button', { name: 'Попробовать снова' }).click();
    await expect(page).toHaveURL(/\/lms\/login$/);
  });
});
