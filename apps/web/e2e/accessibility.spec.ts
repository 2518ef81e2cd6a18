import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

async function seriousViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
}

for (const scheme of ['dark', 'light'] as const) {
  test.describe(`accessibility, ${scheme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((value) => window.localStorage.setItem('theme', value), scheme);
    });

    test('sign-in', async ({ page }) => {
      await page.goto('/lms/login');
      await expect(page.getByText('Университет Окуу')).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('home and profile', async ({ page }) => {
      await signIn(page, 'student1');
      await expect(page.getByText(/учебный год/).first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('link', { name: 'Профиль' }).click();
      await expect(page.getByText('Факультет информационных технологий')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('news, with the post form and the delete dialog', async ({ page }) => {
      await signIn(page, 'teacher1');
      await page.getByRole('link', { name: 'Лента новостей' }).click();
      await expect(page.getByRole('heading', { name: 'Новая публикация' })).toBeVisible();
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('article').first().getByRole('button', { name: 'Удалить?' }).click();
      await expect(page.getByRole('dialog', { name: 'Удалить новость?' })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Отмена' }).click();
    });
  });
}
