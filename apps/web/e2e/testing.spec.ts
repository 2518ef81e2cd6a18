import type { BankQuestion, TeachingDiscipline } from '@okuu/contracts/testing/bank';
import type { TestRow } from '@okuu/contracts/testing/tests';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeFindings, data, signIn } from './support';

// The service worker is part of what this spec checks (playwright.config.ts blocks it elsewhere).
test.use({ serviceWorkers: 'allow' });

/** A signed-in page of its own (each person their own browser context). */
async function personPage(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, login);
  return page;
}

/** Opens a screen and waits for its heading: a screen's code and texts load the first time (slow on a busy machine). */
async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
}

test.describe('testing', () => {
  test('teacher1 sets a 5-question test for student1’s group; student1 takes it with a reload and a network cut, submits, and teacher1 sees the score', async ({
    browser,
  }) => {
    // Two people, several screens checked by axe in both themes: long on a busy machine.
    test.setTimeout(480_000);
    const stamp = Date.now().toString(36);
    const title = `Контрольная ${stamp}`;
    const topic = `Тема ${stamp}`;

    const student = await personPage(browser, 'student1');
    const { group } = (
      await data<{ user: { group: string } }>(await student.request.post('/api/auth/enticate.json', { data: {} }))
    ).user;

    // teacher1: five questions of every kind in a topic of their own, through the API.
    const teacher = await personPage(browser, 'teacher1');
    const disciplines = await data<TeachingDiscipline[]>(
      await teacher.request.post('/api/testing/disciplines.json', { data: {} }),
    );
    const discipline = disciplines.find((d) => d.audiences.some((a) => a.kind === 'group' && a.name === group));
    expect(discipline, `a discipline of teacher1 with ${group}`).toBeDefined();
    const { id_discipline, audiences } = discipline as TeachingDiscipline;
    const audience = audiences.find((a) => a.kind === 'group' && a.name === group) as { id: number };
    const questions = [
      { kind: 'single', text: 'Столица Кыргызстана?', options: ['Бишкек', 'Ош', 'Нарын'], correct: [0] },
      { kind: 'multiple', text: 'Отметьте чётные числа', options: ['2', '3', '4', '5'], correct: [0, 2] },
      { kind: 'text', text: 'Как называется эпос кыргызского народа?', accepted: ['Манас'] },
      { kind: 'number', text: 'Сколько будет 7 × 6?', value: 42, tolerance: 0 },
      {
        kind: 'matching',
        text: 'Сопоставьте страны и столицы',
        pairs: [
          { left: 'Франция', right: 'Париж' },
          { left: 'Япония', right: 'Токио' },
        ],
      },
    ];
    for (const q of questions) {
      await data<BankQuestion>(
        await teacher.request.post('/api/testing/question/save.json', {
          data: { id: -1, id_discipline, topic, points: 1, ...q },
        }),
      );
    }

    // teacher1 builds the test on the screen: the audience, the topic, five questions, twenty minutes.
    await open(teacher, '/lms/testing');
    await teacher.getByLabel('Дисциплина').selectOption(String(id_discipline));
    await teacher.getByRole('button', { name: 'Новый тест' }).click();
    const form = teacher.getByRole('dialog', { name: 'Новый тест' });
    await form.getByLabel('Название').fill(title);
    await form.getByLabel('Для кого').selectOption(`group:${audience.id}`);
    await form.getByRole('checkbox', { name: topic }).check();
    await form.getByLabel('Вопросов в попытке').fill('5');
    await form.getByLabel('Время, мин').fill('20');
    expect(await axeFindings(teacher)).toEqual([]);
    await form.getByRole('button', { name: 'Сохранить тест' }).click();
    await expect(form).toBeHidden();
    await expect(teacher.getByRole('heading', { name: title })).toBeVisible();

    // student1 starts it from the list of open tests.
    await open(student, '/lms/testing');
    const card = student.getByTestId('student-test').filter({ hasText: title });
    await expect(card).toBeVisible();
    expect(await axeFindings(student)).toEqual([]);
    await card.getByRole('button', { name: `Начать тест «${title}»` }).click();
    await student.getByRole('dialog', { name: 'Начать тест?' }).getByRole('button', { name: 'Начать тест' }).click();
    await expect(student).toHaveURL(/\/lms\/testing\/attempt\/\d+$/);
    await expect(student.getByTestId('attempt-question')).toHaveCount(5);
    // The server's time left: twenty minutes at most.
    await expect(student.getByTestId('countdown')).toHaveText(/^(20:00|1\d:\d\d)$/);

    const saved = student.getByTestId('save-state');
    await student.getByRole('radio', { name: 'Бишкек' }).check();
    await student.getByRole('checkbox', { name: '2', exact: true }).check();
    await student.getByRole('checkbox', { name: '4', exact: true }).check();
    await student.getByRole('textbox', { name: /Сколько будет/ }).fill('42');
    await student.getByLabel('Франция').selectOption({ label: 'Париж' });
    await student.getByLabel('Япония').selectOption({ label: 'Токио' });
    await expect(saved).toHaveAttribute('data-state', 'saved');

    // The network drops: the answer given meanwhile is kept on the phone and sent once it is back.
    await student.context().setOffline(true);
    await student.getByRole('textbox', { name: /эпос/ }).fill(' манас ');
    await expect(saved).toHaveAttribute('data-state', 'kept');
    await expect(saved).toContainText('сохранены на устройстве');
    await student.context().setOffline(false);
    await expect(saved).toHaveAttribute('data-state', 'saved', { timeout: 15_000 });
    expect(await axeFindings(student)).toEqual([]);

    // A reload in the middle: the same attempt, every answer as given.
    await student.reload();
    await expect(student.getByTestId('attempt-question')).toHaveCount(5);
    await expect(student.getByRole('radio', { name: 'Бишкек' })).toBeChecked();
    await expect(student.getByRole('checkbox', { name: '2', exact: true })).toBeChecked();
    await expect(student.getByRole('checkbox', { name: '4', exact: true })).toBeChecked();
    await expect(student.getByRole('checkbox', { name: '3', exact: true })).not.toBeChecked();
    await expect(student.getByRole('textbox', { name: /эпос/ })).toHaveValue(' манас ');
    await expect(student.getByRole('textbox', { name: /Сколько будет/ })).toHaveValue('42');
    await expect(student.getByLabel('Япония')).toHaveValue(/\d/);
    await expect(student.getByLabel('Франция').locator('option:checked')).toHaveText('Париж');
    await expect(student.getByLabel('Япония').locator('option:checked')).toHaveText('Токио');

    // Submit, confirmed: the result.
    await student.getByRole('button', { name: 'Сдать тест' }).click();
    const confirm = student.getByRole('dialog', { name: 'Сдать тест?' });
    await expect(confirm).toContainText('Вы ответили на все вопросы.');
    expect(await axeFindings(student)).toEqual([]);
    await confirm.getByRole('button', { name: 'Сдать', exact: true }).click();
    await expect(student).toHaveURL(/\/lms\/testing\/review\/\d+$/);
    await expect(student.getByTestId('attempt-score')).toHaveText('5 из 5 баллов');
    await expect(student.getByText('Правильные ответы будут показаны после закрытия теста')).toBeVisible();
    expect(await axeFindings(student)).toEqual([]);
    // The list says so too; no second attempt is offered (one allowed).
    await open(student, '/lms/testing');
    await expect(card.getByText('Лучший результат: 5 из 5')).toBeVisible();
    await expect(card.getByRole('button', { name: /Начать/ })).toHaveCount(0);

    // teacher1 sees the attempt and its score.
    const tests = await data<TestRow[]>(await teacher.request.post('/api/testing/tests.json', { data: {} }));
    const made = tests.find((x) => x.title === title) as TestRow;
    await open(teacher, `/lms/testing/results/${made.id}`);
    const row = teacher.getByTestId('result-attempt');
    await expect(row).toHaveCount(1);
    await expect(row).toContainText('5 из 5 баллов');
    await expect(row).toContainText('сдана');
    expect(await axeFindings(teacher)).toEqual([]);
    await row.getByRole('button', { name: /^Открыть попытку 1/ }).click();
    await expect(teacher.getByRole('dialog').getByTestId('result-question')).toHaveCount(5);
    expect(await axeFindings(teacher)).toEqual([]);
  });

  test('teacher1 makes a test of chosen questions: the number of questions follows them', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    await signIn(page, 'teacher1');
    const stamp = Date.now().toString(36);
    const disciplines = await data<TeachingDiscipline[]>(
      await page.request.post('/api/testing/disciplines.json', { data: {} }),
    );
    const { id_discipline } = disciplines[0] as TeachingDiscipline;
    for (const text of [`Первый ${stamp}`, `Второй ${stamp}`, `Третий ${stamp}`]) {
      await data<BankQuestion>(
        await page.request.post('/api/testing/question/save.json', {
          data: {
            id: -1,
            id_discipline,
            topic: `Выбор ${stamp}`,
            kind: 'single',
            text,
            options: ['а', 'б'],
            correct: [0],
          },
        }),
      );
    }
    await page.goto('/lms/testing');
    await page.getByLabel('Дисциплина').selectOption(String(id_discipline));
    await page.getByRole('button', { name: 'Новый тест' }).click();
    const form = page.getByRole('dialog', { name: 'Новый тест' });
    await form.getByLabel('Название').fill(`Выбранные ${stamp}`);
    await form.getByRole('combobox', { name: 'Выбранные вопросы' }).click();
    await page.getByRole('option', { name: new RegExp(`Первый ${stamp}`) }).click();
    await page.getByRole('option', { name: new RegExp(`Третий ${stamp}`) }).click();
    await form.getByLabel('Название').click();
    await expect(form.getByLabel('Вопросов в попытке')).toBeDisabled();
    await expect(form.getByLabel('Вопросов в попытке')).toHaveValue('2');
    expect(await axeFindings(page)).toEqual([]);
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/testing/test/save.json'));
    await form.getByRole('button', { name: 'Сохранить тест' }).click();
    const made = ((await (await saved).json()) as { data: TestRow }).data;
    expect(made.questionIds).toHaveLength(2);
    expect(made.questionCount).toBe(2);
    await expect(form).toBeHidden();
  });
});
