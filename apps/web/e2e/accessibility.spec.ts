import { expect, test } from '@playwright/test';
import { lessonToday } from './lesson-today';
import { axeFindings, data, signIn } from './support';

// Every screen in both themes: axeFindings checks each state in the dark theme (the default), and its colours in the
// light one too.
test.describe('accessibility', () => {
  // Each axe scan of a full screen takes seconds on a busy 2-core machine, and a test makes two or three. The screens
  // are independent: both workers take them, rather than one worker the whole file.
  test.describe.configure({ mode: 'parallel', timeout: 90_000 });

  test.beforeEach(async ({ context }) => {
    await context.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
  });

  test('sign-in', async ({ page }) => {
    await page.goto('/lms/login');
    await expect(page.getByText('Университет Окуу')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await axeFindings(page)).toEqual([]);
  });

  test('home and profile', async ({ page }) => {
    await signIn(page, 'student1');
    await expect(page.getByText(/учебный год/).first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('link', { name: 'Профиль' }).click();
    await expect(page.getByText('Факультет информационных технологий')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('news, with the post form and the delete dialog', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.getByRole('link', { name: 'Лента новостей' }).click();
    await expect(page.getByRole('heading', { name: 'Новая публикация' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('article').first().getByRole('button', { name: 'Удалить?' }).click();
    await expect(page.getByRole('dialog', { name: 'Удалить новость?' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Отмена' }).click();
  });

  test('chat, with the contacts and a conversation', async ({ page }) => {
    await signIn(page, 'student1');
    await page.goto('/lms/chat');
    const contacts = page.getByRole('region', { name: 'Контакты чата' });
    await expect(contacts.getByRole('link').first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await contacts.getByRole('link', { name: /Групповой чат/ }).click();
    await expect(page.getByRole('log', { name: 'Переписка' }).getByRole('article').first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('class schedule, a day and the whole week', async ({ page }) => {
    await signIn(page, 'student1');
    await page.goto('/lms/schedule');
    // Monday, not today: the weekend has no lessons to check.
    await page.locator('label').filter({ hasText: 'Понедельник' }).click();
    await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Включить подписку' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await page.locator('label').filter({ hasText: 'Вся неделя' }).click();
    await expect(page.getByRole('region', { name: /^Пятница/ })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('discipline registration, with the choices, a refused save and the delete dialog', async ({ page }) => {
    await signIn(page, 'student2');
    await page.goto('/lms/registration');
    const list = page.getByRole('region', { name: 'Мои записи' });
    await expect(list.getByRole('listitem').first()).toBeVisible();
    await page.getByRole('button', { name: 'Записаться' }).click();
    await expect(page.getByText('Выберите из списка').first()).toBeVisible();
    const discipline = page.getByRole('combobox', { name: 'Дисциплина' });
    await discipline.selectOption({ index: 1 });
    await expect(page.getByRole('combobox', { name: 'Преподаватель' }).locator('option')).not.toHaveCount(1);
    expect(await axeFindings(page)).toEqual([]);

    await list
      .getByRole('listitem')
      .first()
      .getByRole('button', { name: /^Удалить запись/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Удалить запись?' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Отмена' }).click();
  });

  test('attendance journal: the teacher table with a lesson menu, and a student journal', async ({ page, browser }) => {
    await signIn(page, 'teacher1');
    await page.goto('/lms/journal');
    await expect(page.getByRole('rowheader').first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page
      .getByRole('button', { name: /^Занятие / })
      .first()
      .click();
    await expect(page.getByRole('button', { name: 'Все присутствуют' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    const student = await (await browser.newContext()).newPage();
    await signIn(student, 'student1');
    await student.goto('/lms/journal');
    await expect(student.getByTestId('student-journal').first()).toBeVisible();
    await expect(student.locator('.recharts-surface').first()).toBeVisible();
    expect(await axeFindings(student)).toEqual([]);
  });

  test('study materials, with the upload form and the delete dialog', async ({ page }) => {
    await signIn(page, 'teacher1');
    await page.goto('/lms/umk');
    await page.getByRole('button', { name: 'Загрузить материал' }).click();
    await page.getByRole('checkbox', { name: 'Доступен в электронной библиотеке' }).check();
    await page.locator('form').getByRole('button', { name: 'Загрузить материал' }).click();
    await expect(page.getByText('Не выбран учебный материал: выберите файл')).toBeVisible();
    const seeded = page.getByRole('article', { name: 'Конспект лекций' });
    await expect(seeded).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await seeded.getByRole('button', { name: /^Удалить/ }).click();
    await expect(page.getByRole('dialog', { name: 'Удалить учебный материал?' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Отмена' }).click();
  });

  test('payment: the code, the QR, the card confirmation and the sandbox card page', async ({ page }) => {
    await signIn(page, 'student2');
    await page.goto('/lms/paymentcode');
    await page.getByLabel('Вид услуги').selectOption({ label: 'Оплата за обучение' });
    await expect(page.getByTestId('payment-qr')).toBeVisible();
    await expect(page.getByTestId('payment-row').first()).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Оплатить картой' }).click();
    await expect(page.getByRole('dialog', { name: 'Оплатить банковской картой?' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Перейти к оплате' }).click();
    await expect(page.getByLabel('Номер карты')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('e-library: the list, a fallback search, the upload form and the preview', async ({ page }) => {
    // The preview frames the browser's PDF viewer, which axe walks too: slow on a busy machine.
    test.slow();
    await signIn(page, 'teacher1');
    await page.goto('/lms/library');
    await expect(page.getByRole('article').first()).toBeVisible();
    await page.getByRole('searchbox', { name: 'Название или автор' }).fill('нет такой книги');
    await page.getByRole('button', { name: 'Найти' }).click();
    await expect(page.getByText(/не дал результатов/)).toBeVisible();
    await page.getByRole('button', { name: 'Добавить книгу' }).click();
    await expect(page.getByRole('heading', { name: 'Новая книга' })).toBeVisible();
    await page.getByRole('button', { name: 'Загрузить книгу' }).click();
    await expect(page.getByText('Выберите файл книги')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await page
      .getByRole('article', { name: 'Манас' })
      .getByRole('button', { name: /^Просмотреть/ })
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('staff: people with a person open, the new person dialog, the audit log', async ({ page }) => {
    await signIn(page, 'staff1');
    await page.goto('/lms/staff/people');
    await page.getByLabel('Имя или логин').fill('teacher1');
    await page.getByLabel('Имя или логин').press('Enter');
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: 'teacher1', exact: true }) })
      .getByRole('button')
      .click();
    await expect(page.getByRole('switch', { name: 'Может публиковать новости' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('button', { name: 'Новый человек' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.goto('/lms/staff/audit');
    await expect(page.getByRole('heading', { name: 'Журнал изменений' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('staff: the payments table, its date picker open, and the side column brought back', async ({ page }) => {
    await signIn(page, 'staff1');
    await page.goto('/lms/staff/payments');
    await expect(page.getByRole('table')).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    await page.getByRole('textbox', { name: 'С даты' }).click();
    await expect(page.getByRole('button', { name: 'Следующий месяц' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: 'Контакты и приложения', expanded: false }).click();
    await expect(page.getByRole('complementary', { name: 'Контакты и приложения' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    // Put back as it was: the choice is remembered for staff1.
    await page.getByRole('button', { name: 'Контакты и приложения', expanded: true }).click();
  });

  test('staff grading: the sheets of a half-year, a closed sheet, its control points and individual sheet dialogs', async ({
    page,
  }) => {
    // Four full-screen scans and a dozen calls: longer than the rest.
    test.setTimeout(180_000);
    await signIn(page, 'staff1');
    // The demo's closed sheet is of the half-year before today's: found through the API, whatever today is.
    const now = new Date().getUTCFullYear();
    let closed: { id: number } | undefined;
    for (const year of [now, now - 1, now - 2]) {
      for (const ws of [3, 2, 1]) {
        const reply = await page.request.post('/api/grading/staff/sheets.json', {
          data: { year, ws, status: 'closed' },
        });
        closed ??= (await data<{ id: number; kind: string }[]>(reply)).find((s) => s.kind === 'regular');
      }
    }
    expect(closed, 'a closed regular sheet').toBeDefined();
    await page.goto('/lms/staff/grading');
    // The screen's code and texts load the first time: slow on a busy machine.
    await expect(page.getByLabel('Учебный год')).toBeVisible({ timeout: 30_000 });
    expect(await axeFindings(page)).toEqual([]);

    await page.goto(`/lms/staff/grading?sheet=${closed?.id}`);
    // A whole sheet with the journal's attendance: slow on a busy machine.
    await expect(page.getByRole('rowheader').first()).toBeVisible({ timeout: 30_000 });
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('button', { name: 'Контрольные точки' }).click();
    await expect(page.getByLabel('Максимум: Модуль 1')).toBeVisible({ timeout: 30_000 });
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Индивидуальная ведомость' }).click();
    await expect(page.getByRole('dialog', { name: 'Индивидуальная ведомость' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('QR check-in: the projector and the phone page', async ({ page, browser }) => {
    // Only today's lessons can start a check-in.
    await lessonToday(browser, 'teacher1', 'student1');
    await signIn(page, 'teacher1');
    await page.goto('/lms/schedule');
    await page.getByRole('link', { name: 'QR-отметка' }).first().click();
    await expect(page.getByText(/Код сменится через/)).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.goto('/lms/public/checkin');
    await expect(page.getByRole('button', { name: 'Сканировать QR-код' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
  });

  test('testing and questionnaires: the teacher’s tests, bank and question dialog; the student’s lists', async ({
    page,
    browser,
  }) => {
    // (The attempt, its result and the teacher's results are checked where testing.spec.ts makes them; the
    // questionnaire's answer form and results where questionnaire.spec.ts does.) Five scans, two people: long.
    test.setTimeout(300_000);
    await signIn(page, 'teacher1');
    await page.goto('/lms/testing');
    await expect(page.getByRole('tab', { name: 'Тесты' })).toBeVisible({ timeout: 30_000 });
    expect(await axeFindings(page)).toEqual([]);
    await page.getByRole('tab', { name: /Банк вопросов/ }).click();
    await page.getByRole('button', { name: 'Новый вопрос' }).click();
    await expect(page.getByRole('dialog', { name: 'Новый вопрос' })).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.goto('/lms/questionnaire');
    await expect(page.getByText(/Видны только сводные итоги/)).toBeVisible();
    expect(await axeFindings(page)).toEqual([]);

    const student = await (await browser.newContext()).newPage();
    await student.addInitScript(() => window.localStorage.setItem('theme', 'dark'));
    await signIn(student, 'student1');
    await student.goto('/lms/testing');
    await expect(student.getByRole('heading', { level: 1, name: 'Тестирование' })).toBeVisible();
    expect(await axeFindings(student)).toEqual([]);
    await student.goto('/lms/questionnaire');
    await expect(student.getByText('Анкета анонимна')).toBeVisible();
    expect(await axeFindings(student)).toEqual([]);
  });
});
