import type { OpenQuestionnaire } from '@okuu/contracts/questionnaire/answer';
import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { axeFindings, data, PASSWORD, signIn } from './support';

async function personPage(browser: Browser, login: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await signIn(page, login);
  return page;
}

/** An API session of a demo account, or null when it cannot sign in (no such account). */
async function session(browser: Browser, login: string): Promise<APIRequestContext | null> {
  const { request } = await browser.newContext();
  const res = await request.post('/api/auth/orize.json', { data: { login, password: PASSWORD } });
  return res.ok() ? request : null;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
}

test.describe('questionnaires', () => {
  test('staff1 opens a questionnaire about the half-year’s teachers; student1 answers about teacher1; teacher1 sees results only once five have answered and it has closed', async ({
    browser,
  }) => {
    test.setTimeout(480_000);
    const title = `Оценка преподавателей ${Date.now().toString(36)}`;
    const question = 'Преподаватель объясняет понятно';

    // staff1 builds it on the screen, for the current half-year.
    const staff = await personPage(browser, 'staff1');
    const { year } = await data<{ year: number }>(await staff.request.get('/api/discipline/current/year.json'));
    const { ws } = await data<{ ws: number }>(await staff.request.get('/api/discipline/current/ws.json'));
    await open(staff, '/lms/questionnaire');
    await staff.getByRole('button', { name: 'Новая анкета' }).click();
    const form = staff.getByRole('dialog', { name: 'Новая анкета' });
    await form.getByLabel('Название').fill(title);
    await form.getByLabel('Учебный год (начало)').fill(String(year));
    await form.getByLabel('Полугодие').selectOption(String(ws));
    await form.getByLabel('Вопрос 1: текст').fill(question);
    expect(await axeFindings(staff)).toEqual([]);
    await form.getByRole('button', { name: 'Сохранить анкету' }).click();
    await expect(form).toBeHidden();
    const row = staff.getByRole('listitem').filter({ hasText: title });
    await expect(row.getByText('открыта', { exact: true })).toBeVisible();
    expect(await axeFindings(staff)).toEqual([]);

    // student1 answers about teacher1, anonymously.
    const teacher = await personPage(browser, 'teacher1');
    const teacherUser = (
      await data<{ user: { id: number; fullName: string } }>(
        await teacher.request.post('/api/auth/enticate.json', { data: {} }),
      )
    ).user;
    const student = await personPage(browser, 'student1');
    await open(student, '/lms/questionnaire');
    await expect(student.getByText('Анкета анонимна')).toBeVisible();
    const section = student.getByRole('region', { name: title });
    const target = section.getByTestId('survey-target').filter({ hasText: teacherUser.fullName }).first();
    await target.getByRole('button', { name: /^Ответить/ }).click();
    await target.getByRole('radio', { name: '5' }).check();
    expect(await axeFindings(student)).toEqual([]);
    await target.getByRole('button', { name: 'Отправить анонимно' }).click();
    await expect(target.getByText('Ответ отправлен')).toBeVisible();

    // Which discipline it was about: four more of teacher1's students answer about the same, through the API.
    const mine = await data<OpenQuestionnaire[]>(
      await student.request.post('/api/questionnaires/open.json', { data: {} }),
    );
    const q = mine.find((x) => x.title === title) as OpenQuestionnaire;
    const about = q.targets.find(
      (x) => x.answered && x.id_teacher === teacherUser.id,
    ) as OpenQuestionnaire['targets'][number];
    expect(about).toBeDefined();
    const others: APIRequestContext[] = [];
    for (let n = 2; n <= 80 && others.length < 4; n++) {
      const s = await session(browser, `student${n}`);
      if (!s) continue;
      const list = await data<OpenQuestionnaire[]>(await s.post('/api/questionnaires/open.json', { data: {} }));
      const mineToo = list
        .find((x) => x.id === q.id)
        ?.targets.some((x) => x.id_teacher === about.id_teacher && x.id_discipline === about.id_discipline);
      if (mineToo) others.push(s);
    }
    expect(others.length, 'four more students of teacher1 in that discipline').toBe(4);
    const answer = (s: APIRequestContext, value: number) =>
      s
        .post('/api/questionnaires/answer.json', {
          data: {
            id: q.id,
            id_teacher: about.id_teacher,
            id_discipline: about.id_discipline,
            answers: [{ id_question: q.questions[0]?.id, value }],
          },
        })
        .then(data);
    for (const [i, s] of others.slice(0, 3).entries()) await answer(s, 3 + (i % 3));

    const loaded = async () => {
      await open(teacher, '/lms/questionnaire');
      await expect(
        teacher.getByText(/Итогов пока нет/).or(teacher.getByTestId('survey-results').first()),
      ).toBeVisible();
    };
    // While it is open, it is not among teacher1's results at all.
    const notWhileOpen = async () => {
      await loaded();
      await expect(teacher.getByText(title)).toHaveCount(0);
    };
    // Four answers, open: nothing for teacher1.
    await notWhileOpen();
    // Closed with four answers: listed, but its target hidden (the threshold is five).
    await row.getByRole('button', { name: 'Закрыть сейчас' }).click();
    await expect(row.getByText('закрыта', { exact: true })).toBeVisible();
    await loaded();
    const hidden = teacher.getByTestId('survey-results').filter({ hasText: title });
    await expect(hidden.getByText('Скрыто из-за малого числа ответов: 1')).toBeVisible();
    await expect(hidden.getByText('Нет итогов, которые можно показать.')).toBeVisible();
    await expect(hidden.getByText(/Ответили/)).toHaveCount(0);
    // Open again, the fifth answers: nothing while it is open.
    await row.getByRole('button', { name: 'Открыть сейчас' }).click();
    await expect(row.getByText('открыта', { exact: true })).toBeVisible();
    await answer(others[3] as APIRequestContext, 4);
    await notWhileOpen();
    // Closed with five: teacher1 sees the aggregates.
    await row.getByRole('button', { name: 'Закрыть сейчас' }).click();
    await expect(row.getByText('закрыта', { exact: true })).toBeVisible();
    await open(teacher, '/lms/questionnaire');
    const results = teacher.getByTestId('survey-results').filter({ hasText: title });
    await expect(results).toBeVisible();
    await expect(results.getByText('Ответили: 5')).toBeVisible();
    await expect(results.getByText(question)).toBeVisible();
    expect(await axeFindings(teacher)).toEqual([]);

    // Staff read them too, with the export beside.
    await row.getByRole('button', { name: `Итоги анкеты «${title}»` }).click();
    const dialog = staff.getByRole('dialog', { name: 'Итоги анкеты' });
    await expect(dialog.getByText('Ответили: 5')).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Скачать XLSX' })).toBeVisible();
    expect(await axeFindings(staff)).toEqual([]);
  });
});
