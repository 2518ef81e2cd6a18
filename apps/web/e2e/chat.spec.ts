import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { signIn } from './support';

/** A tiny valid PNG (1×1). */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const stamp = Date.now().toString(36);
const teacherName = 'Волков Дмитрий';

async function person(browser: Browser, login: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, login);
  const me = await page.request.post('/api/auth/enticate.json', { data: {} });
  const user = (await me.json()).data.user as { id: number; fullName: string };
  return { context, page, user };
}

const contactsOf = (page: Page) => page.getByRole('region', { name: 'Контакты чата' });
const entry = (page: Page, name: string | RegExp) => contactsOf(page).getByRole('link', { name });
const badgeOf = (link: Locator) => link.getByTestId('unread-badge');
const log = (page: Page) => page.getByRole('log', { name: 'Переписка' });

async function badgeCount(link: Locator): Promise<number> {
  const badge = badgeOf(link);
  return (await badge.count()) === 0 ? 0 : Number(await badge.textContent());
}

async function openChat(page: Page) {
  await page.goto('/lms/chat');
  await expect(page).toHaveTitle('Чат | Портал');
  await expect(contactsOf(page).getByRole('link').first()).toBeVisible();
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Сообщение' }).fill(text);
  await page.getByRole('button', { name: 'Отправить' }).click();
  await expect(page.getByRole('textbox', { name: 'Сообщение' })).toHaveValue('');
}

test.describe
  .serial('chat', () => {
    // Two people, each in their own browser.
    test.describe.configure({ timeout: 90_000 });

    test('teacher1 writes to student1, who sees it without reloading and answers; receipts, badges and deletion follow', async ({
      browser,
    }) => {
      const student = await person(browser, 'student1');
      const teacher = await person(browser, 'teacher1');
      await openChat(student.page);
      const teacherEntry = entry(student.page, new RegExp(teacherName));
      await expect(teacherEntry).toBeVisible();
      // The socket is up before anything is sent (the screen works without it too, by polling).
      await student.page.waitForTimeout(500);
      const before = await badgeCount(teacherEntry);

      // teacher1 opens the conversation with student1 and sends text with a link, a file and a photo.
      await openChat(teacher.page);
      await entry(teacher.page, new RegExp(student.user.fullName)).click();
      await expect(teacher.page).toHaveURL(new RegExp(`/lms/chat\\?to=${student.user.id}$`));
      await expect(teacher.page.getByRole('heading', { level: 2, name: student.user.fullName })).toBeVisible();
      const text = `Проверил отчёт (${stamp}), замечания: https://okuu.kg/lab2`;
      await teacher.page.getByRole('textbox', { name: 'Сообщение' }).fill(text);
      await teacher.page
        .locator('input[type="file"]:not([accept])')
        .setInputFiles({ name: 'Замечания.txt', mimeType: 'text/plain', buffer: Buffer.from('Исправить выводы\n') });
      await teacher.page
        .locator('input[type="file"][accept]')
        .setInputFiles({ name: 'Схема.png', mimeType: 'image/png', buffer: png });
      await teacher.page.getByRole('button', { name: 'Отправить' }).click();
      const sent = log(teacher.page)
        .getByRole('article')
        .filter({ hasText: `Проверил отчёт (${stamp})` });
      await expect(sent).toBeVisible();
      await expect(sent.getByRole('img', { name: 'Отправлено, не прочитано' })).toBeVisible();

      // student1's badge rises with no reload.
      await expect(badgeOf(teacherEntry)).toHaveText(String(before + 1));

      // Opening the chat clears the count; the message is there, its link clickable, the photo and the file too.
      await teacherEntry.click();
      const received = log(student.page)
        .getByRole('article')
        .filter({ hasText: `Проверил отчёт (${stamp})` });
      await expect(received).toBeVisible();
      await expect(badgeOf(teacherEntry)).toHaveCount(0);
      await expect(received.getByRole('link', { name: 'https://okuu.kg/lab2' })).toHaveAttribute('target', '_blank');
      const photo = received.getByRole('button', { name: 'Открыть фото «Схема.png» в полном размере' });
      await expect(photo.getByRole('img', { name: 'Схема.png' })).toBeVisible();
      await photo.click();
      const viewer = student.page.getByRole('dialog', { name: 'Фото: Схема.png' });
      await expect(viewer.getByRole('img', { name: 'Схема.png' })).toBeVisible();
      await viewer.getByRole('button', { name: 'Закрыть' }).click();
      await expect(viewer).toBeHidden();
      const downloading = student.page.waitForEvent('download');
      await received.getByRole('link', { name: 'Замечания.txt' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Замечания.txt');
      expect(await readFile(await download.path(), 'utf8')).toBe('Исправить выводы\n');

      // The teacher sees that it was read, and the answer, without reloading.
      await expect(sent.getByRole('img', { name: 'Прочитано' })).toBeVisible();
      await send(student.page, `Спасибо, исправлю (${stamp})`);
      await expect(log(teacher.page).getByText(`Спасибо, исправлю (${stamp})`)).toBeVisible();

      // The teacher deletes the message after confirming; it leaves both screens.
      await sent.getByRole('button', { name: 'Удалить сообщение' }).click();
      const dialog = teacher.page.getByRole('dialog', { name: 'Удалить сообщение?' });
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(sent).toBeVisible();
      await sent.getByRole('button', { name: 'Удалить сообщение' }).click();
      await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
      await expect(teacher.page.getByText('Сообщение удалено')).toBeVisible();
      await expect(sent).toHaveCount(0);
      await expect(received).toHaveCount(0);

      await student.context.close();
      await teacher.context.close();
    });

    test('a group message reaches student2; mark all read clears every badge', async ({ browser }) => {
      const student = await person(browser, 'student2');
      const teacher = await person(browser, 'teacher1');
      await openChat(student.page);
      const groupEntry = entry(student.page, /Групповой чат/);
      await expect(groupEntry).toBeVisible();
      await student.page.waitForTimeout(500);
      const before = await badgeCount(groupEntry);

      await openChat(teacher.page);
      await entry(teacher.page, /Групповой чат/)
        .first()
        .click();
      await expect(teacher.page.getByRole('heading', { level: 2, name: /Групповой чат: / })).toBeVisible();
      await send(teacher.page, `Всем: консультация переносится (${stamp})`);
      await send(teacher.page, `Аудитория 412 (${stamp})`);
      const mine = log(teacher.page)
        .getByRole('article')
        .filter({ hasText: `Аудитория 412 (${stamp})` });
      await expect(mine.getByText('Всей группе')).toBeVisible();

      await expect(badgeOf(groupEntry)).toHaveText(String(before + 2));
      await expect(
        badgeOf(contactsOf(student.page).getByRole('heading', { name: 'Контакты' }).locator('..')),
      ).toBeVisible();
      await contactsOf(student.page).getByRole('button', { name: 'Прочитать все' }).click();
      await expect(student.page.getByText('Все сообщения отмечены прочитанными')).toBeVisible();
      await expect(contactsOf(student.page).getByTestId('unread-badge')).toHaveCount(0);

      await groupEntry.click();
      await expect(log(student.page).getByText(`Всем: консультация переносится (${stamp})`)).toBeVisible();
      await expect(log(student.page).getByText(`Аудитория 412 (${stamp})`)).toBeVisible();
      await student.context.close();
      await teacher.context.close();
    });

    test('without the socket the chat polls; older messages come on scrolling up; files over the limit are refused', async ({
      browser,
    }) => {
      const teacher = await person(browser, 'teacher1');
      const student = await browser.newContext();
      const studentPage = await student.newPage();
      // The chat socket is refused: the screen falls back to polling new.json.
      await studentPage.routeWebSocket('**/api/chat/ws', (ws) => ws.close({ code: 1011 }));
      await signIn(studentPage, 'student2');

      const me = await studentPage.request.post('/api/auth/enticate.json', { data: {} });
      const studentName = (await me.json()).data.user.fullName as string;

      await openChat(teacher.page);
      await entry(teacher.page, new RegExp(studentName)).click();
      await expect(log(teacher.page).getByText('Нет сообщенний')).toBeVisible();

      // 'file too big': checked before anything is sent (config.json's maxUploadMb, 20 MB by default).
      await teacher.page
        .locator('input[type="file"]:not([accept])')
        .setInputFiles({ name: 'Большой.pdf', mimeType: 'application/pdf', buffer: Buffer.alloc(21 * 1024 * 1024) });
      await expect(teacher.page.getByRole('alert')).toHaveText(
        'Файл слишком большой: «Большой.pdf». Максимальный размер — 20 МБ.',
      );

      // 25 messages: the newest page holds 20.
      const id = new URL(teacher.page.url()).searchParams.get('to') as string;
      for (let i = 1; i <= 25; i++) {
        const res = await teacher.page.request.post('/api/chat/insert.json', {
          multipart: { id_to: id, text: `Сообщение №${i} (${stamp})` },
        });
        expect(res.status()).toBe(200);
      }

      await openChat(studentPage);
      await expect(studentPage.getByText('Нет связи с сервером сообщений', { exact: false })).toHaveCount(0);
      await entry(studentPage, new RegExp(teacherName)).click();
      const studentLog = log(studentPage);
      await expect(studentLog.getByText(`Сообщение №25 (${stamp})`)).toBeVisible();
      await expect(studentLog.getByText(`Сообщение №6 (${stamp})`)).toBeAttached();
      await expect(studentLog.getByText(`Сообщение №5 (${stamp})`)).toHaveCount(0);
      await studentLog.evaluate((box) => box.scrollTo(0, 0));
      await expect(studentLog.getByText(`Сообщение №1 (${stamp})`)).toBeAttached();
      await expect(studentLog.getByRole('button', { name: 'Показать более ранние сообщения' })).toHaveCount(0);

      // A new message arrives by polling, the socket being down.
      await expect(studentPage.getByText(/Нет связи с сервером сообщений/)).toBeVisible();
      await send(teacher.page, `После паузы (${stamp})`);
      await expect(studentLog.getByText(`После паузы (${stamp})`)).toBeVisible({ timeout: 15_000 });
      await student.close();
      await teacher.context.close();
    });
  });

test.describe('chat on mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the messages tab lists the contacts; a conversation opens and leads back', async ({ page }) => {
    await signIn(page, 'student1');
    const tabs = page.getByRole('navigation', { name: 'Разделы' });
    await tabs.getByRole('link', { name: /Сообщения/ }).click();
    await expect(page).toHaveURL(/\/lms\/chat#messages$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Чат' })).toBeVisible();
    await entry(page, new RegExp(teacherName)).click();
    await expect(page).toHaveURL(/\/lms\/chat\?to=\d+#messages$/);
    await expect(log(page).getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Сообщение' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByRole('link', { name: 'К контактам' }).click();
    await expect(contactsOf(page)).toBeVisible();
  });
});
