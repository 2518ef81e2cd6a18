import type { RegistrationDiscipline, RegistrationOffering } from '@okuu/contracts/registration/common';
import { expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

/** A registration call's data, with the page's own cookies. */
async function api<T>(page: Page, path: string, data: object = {}): Promise<T> {
  const res = await page.request.post(`/api/regfordisciplines/${path}.json`, { data });
  expect(res.status(), await res.text()).toBe(200);
  return ((await res.json()) as { data: T }).data;
}

/** The visible label of an option whose text starts with `start` (waiting for the list to load). */
async function optionStarting(page: Page, select: string, start: string): Promise<string> {
  const labels = () => page.getByRole('combobox', { name: select }).locator('option').allTextContents();
  await expect.poll(async () => (await labels()).some((o) => o.startsWith(start)), { message: select }).toBe(true);
  return (await labels()).find((o) => o.startsWith(start)) as string;
}

async function choose(page: Page, select: string, start: string) {
  await page.getByRole('combobox', { name: select }).selectOption({ label: await optionStarting(page, select, start) });
}

test.describe('discipline registration', () => {
  test('student1 registers for a discipline and an elective, sees them listed, deletes after confirming', async ({
    page,
  }) => {
    await signIn(page, 'student1');
    await page
      .getByRole('navigation', { name: 'Меню' })
      .getByRole('link', { name: 'Регистрация на дисциплины' })
      .click();
    await expect(page).toHaveURL(/\/lms\/registration$/);
    await expect(page).toHaveTitle('Регистрация на дисциплины | Портал');
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация на дисциплины' })).toBeVisible();
    await expect(page.getByText(/^Запись открыта до \d+ \S+ \d{4} г\., \d\d:\d\d\.$/)).toBeVisible();
    const list = page.getByRole('region', { name: 'Мои записи' });
    const { registrations, disciplines } = await api<{
      registrations: unknown[];
      disciplines: RegistrationDiscipline[];
    }>(page, 'getreglist');
    await expect(list.getByRole('listitem')).toHaveCount(registrations.length);

    // A practice of a plan discipline, in another teacher's open section.
    const discipline = disciplines[0] as RegistrationDiscipline;
    const offerings = await api<RegistrationOffering[]>(page, 'getsubgroupsforregel', {
      id_discipline: discipline.id_discipline,
    });
    const section = offerings.find((o) => o.audience.kind === 'open') as RegistrationOffering;
    await choose(page, 'Дисциплина', `${discipline.name} · ${discipline.kredits} кр.`);
    await expect(page.getByRole('textbox', { name: 'Форма контроля' })).toHaveValue(discipline.examination.name);
    await expect(page.getByRole('textbox', { name: 'Кредиты' })).toHaveValue(String(discipline.kredits));
    const [lastName] = section.t_fio.split(' ');
    await choose(page, 'Преподаватель', `${lastName} `);
    await choose(page, 'Поток или подгруппа', 'Практика · открытая группа');
    expect(await optionStarting(page, 'Поток или подгруппа', 'Практика · открытая группа')).toMatch(
      /— свободно \d+ (место|места|мест)$/,
    );
    await page.getByRole('button', { name: 'Записаться' }).click();
    await expect(page.getByText(`Вы записаны: ${discipline.name}.`)).toBeVisible();
    const practice = list.getByRole('listitem').filter({ hasText: 'Практика · открытая группа' });
    await expect(practice).toContainText(discipline.name);
    await expect(list.getByRole('listitem')).toHaveCount(registrations.length + 1);
    // The form is clear for the next one, and the section now says it is the student's.
    await expect(page.getByRole('combobox', { name: 'Дисциплина' })).toHaveValue('-1');

    // An elective (the switch, from the keyboard).
    const electiveSwitch = page.getByRole('switch', { name: 'Электив (дисциплина по выбору)' });
    await electiveSwitch.focus();
    await page.keyboard.press('Space');
    await expect(electiveSwitch).toBeChecked();
    const [elective] = await api<RegistrationDiscipline[]>(page, 'optional/disciplines');
    if (!elective) throw new Error('student1 has no elective to register for');
    const sections = await api<RegistrationOffering[]>(page, 'optional/subgroups', {
      id_discipline: elective.id_discipline,
    });
    const electiveSection = sections.find((o) => o.audience.kind === 'open') as RegistrationOffering;
    await choose(page, 'Дисциплина', `${elective.name} · ${elective.kredits} кр.`);
    await choose(page, 'Преподаватель', `${electiveSection.t_fio.split(' ')[0]} `);
    await choose(page, 'Поток или подгруппа', 'Лекция · открытая группа');
    await page.getByRole('button', { name: 'Записаться' }).click();
    await expect(page.getByText(`Вы записаны: ${elective.name}.`)).toBeVisible();
    const electiveItem = list.getByRole('listitem').filter({ hasText: elective.name });
    await expect(electiveItem).toContainText('электив');
    await expect(list.getByRole('listitem')).toHaveCount(registrations.length + 2);

    // Deleting asks first; cancelling keeps the registration.
    await practice.getByRole('button', { name: `Удалить запись: ${discipline.name}, Практика` }).click();
    const dialog = page.getByRole('dialog', { name: 'Удалить запись?' });
    await expect(dialog).toContainText(`Запись на «${discipline.name}» (Практика) будет удалена`);
    await dialog.getByRole('button', { name: 'Отмена' }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('listitem')).toHaveCount(registrations.length + 2);
    await practice.getByRole('button', { name: `Удалить запись: ${discipline.name}, Практика` }).click();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect(page.getByText('Запись удалена')).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(registrations.length + 1);
    await expect(practice).toHaveCount(0);

    // The elective goes too, leaving the demo as it was.
    await electiveItem.getByRole('button', { name: `Удалить запись: ${elective.name}, Лекция` }).click();
    await dialog.getByRole('button', { name: 'Удалить' }).click();
    await expect(list.getByRole('listitem')).toHaveCount(registrations.length);
  });

  test('student2 has no elective permission and sees no electives', async ({ page }) => {
    await signIn(page, 'student2');
    await page.goto('/lms/registration');
    await expect(page.getByRole('heading', { level: 1, name: 'Регистрация на дисциплины' })).toBeVisible();
    await expect(page.getByText('Запись на элективы — только с разрешения деканата.')).toBeVisible();
    await expect(page.getByRole('switch', { name: /Электив/ })).toHaveCount(0);
    expect(await api(page, 'optional/permission')).toEqual({ permission: false });
    expect(await api(page, 'optional/disciplines')).toEqual([]);
    // Only the plan's disciplines are offered.
    const { disciplines } = await api<{ disciplines: RegistrationDiscipline[] }>(page, 'getreglist');
    await expect(page.getByRole('combobox', { name: 'Дисциплина' }).locator('option')).toHaveCount(
      disciplines.length + 1,
    );
  });

  test('a teacher is told registration is for students', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto('/lms/registration');
    await expect(page.getByText('Регистрация на дисциплины — для студентов.')).toBeVisible();
  });
});
