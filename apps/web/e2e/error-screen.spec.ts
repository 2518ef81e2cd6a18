import { expect, test } from '@playwright/test';
import { signIn } from './support';

// Requests must reach page.route, not the service worker's cache.
test.use({ serviceWorkers: 'block' });

test('a render crash shows the error screen and logs the error', async ({ page }) => {
  await signIn(page, 'student1');
  // The profile screen's code, replaced by a component that throws while rendering.
  await page.route(/\/lms\/assets\/profile-page-[^/]+\.js$/, (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: 'export function ProfilePage() { throw new Error("render crash for the test"); }',
    }),
  );
  const logged: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') logged.push(message.text());
  });

  await page.getByRole('link', { name: 'Профиль' }).click();
  await expect(page.getByRole('heading', { name: 'Ошибка, обновите страницу!' })).toBeVisible();
  expect(logged.join('\n')).toContain('render crash for the test');
});
