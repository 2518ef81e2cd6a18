import { mkdir } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';

/** The password of every demo account. */
export const PASSWORD = 'Okuu2026!';

/** The data of an API reply, which must be a success. */
export async function data<T>(res: { ok(): boolean; json(): Promise<unknown>; text(): Promise<string> }): Promise<T> {
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { data: T }).data;
}

/** Signs in through the sign-in screen and waits for the portal. */
export async function signIn(page: Page, login: string, password = PASSWORD): Promise<void> {
  await page.goto('/lms/login');
  await page.getByLabel('Логин').fill(login);
  await page.getByRole('textbox', { name: 'Пароль', exact: true }).fill(password);
  await page.getByRole('button', { name: 'Войти' }).click();
  await expect(page).toHaveURL(/\/lms$/);
}

/** A person signed in in a browser context of their own (several people side by side in one test). */
export async function person(browser: Browser, login: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  return { context, page };
}

/** Finds a person by login on the staff's People screen and opens their panel (with the keyboard). */
export async function openPerson(page: Page, login: string) {
  await page.goto('/lms/staff/people');
  await page.getByLabel('Имя или логин').fill(login);
  await page.getByLabel('Имя или логин').press('Enter');
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: login, exact: true }) });
  await row.getByRole('button').focus();
  await page.keyboard.press('Enter');
  const panel = page.locator('[aria-labelledby="person-name"]');
  await expect(panel.getByText(login)).toBeVisible();
  return panel;
}

/** Whether this run keeps screenshots for a person to look at (SHOTS_DIR): a run without it takes none. */
export const keepingShots = (): boolean => Boolean(process.env.SHOTS_DIR);

/** A full-page screenshot for a person to look at (not compared), kept in SHOTS_DIR when it is set; else nothing. */
export async function lookAt(page: Page, name: string): Promise<void> {
  const dir = process.env.SHOTS_DIR;
  if (!dir) return;
  await mkdir(dir, { recursive: true });
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}

/** Switches the page's colour scheme the way a change of the stored choice does (Mantine follows it). */
export async function setTheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.evaluate((value) => {
    window.localStorage.setItem('theme', value);
    window.dispatchEvent(new StorageEvent('storage', { key: 'theme', newValue: value, storageArea: localStorage }));
  }, scheme);
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/** axe's rules whose findings depend on the colours, and so on the theme. */
const colourRules = ['color-contrast', 'link-in-text-block'];

/**
 * axe's serious and critical findings on the page as it is: every rule in the theme it shows, then the rules that
 * depend on the colours in the other theme as well, so that one visit checks both themes. The page is left in its
 * theme.
 */
export async function axeFindings(page: Page) {
  // A dialog fading in, or colours changing, have text of low contrast for a moment: check what stays on screen.
  const settled = () =>
    page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running'));
  const serious = (theme: string, result: Awaited<ReturnType<AxeBuilder['analyze']>>) =>
    result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({ theme, id: violation.id, nodes: violation.nodes.map((node) => node.target.join(' ')) }));
  const shown = (await page.locator('html').getAttribute('data-mantine-color-scheme')) === 'light' ? 'light' : 'dark';
  const other = shown === 'light' ? 'dark' : 'light';
  await settled();
  const everything = serious(shown, await new AxeBuilder({ page }).analyze());
  await setTheme(page, other);
  await settled();
  const colours = serious(other, await new AxeBuilder({ page }).withRules(colourRules).analyze());
  await setTheme(page, shown);
  return [...everything, ...colours];
}
