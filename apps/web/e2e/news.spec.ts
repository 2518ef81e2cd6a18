import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

/** A small, valid one-page PDF, padded so the upload takes a moment on a throttled line. */
function pdfBuffer(padKb = 0): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += object;
  }
  body += `${'% okuu e2e padding\n'.repeat(Math.ceil((padKb * 1024) / 19))}`;
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const stamp = Date.now().toString(36);
const studentText = `Экзамен по базам данных переносится на пятницу (${stamp}). Подробности: https://okuu.kg/exams`;
const teacherText = `Заседание кафедры в среду в 15:00 (${stamp})`;
const fileName = 'Расписание экзаменов весенней сессии.pdf';
const pdf = pdfBuffer(256);

async function openFeed(page: Page, login: string) {
  await signIn(page, login);
  await page
    .getByRole('navigation', { name: 'Основная навигация' })
    .getByRole('link', { name: 'Лента новостей' })
    .click();
  await expect(page).toHaveURL(/\/lms\/news$/);
  await expect(page).toHaveTitle('Новости | Портал');
  const feed = page.getByRole('region', { name: 'Лента новостей' });
  await expect(feed.getByRole('article').first()).toBeVisible();
  return feed;
}

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe
  .serial('news', () => {
    test('teacher1 posts for students with a PDF and a progress bar; a reading student gets it without a reload and downloads the file', async ({
      page,
      browser,
    }) => {
      // A student already reading the feed.
      const reader = await newPage(browser);
      const readerFeed = await openFeed(reader.page, 'student1');

      const feed = await openFeed(page, 'teacher1');
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Новая публикация' }) });
      await form.getByLabel('Текст новости').fill(studentText);
      await form.getByRole('combobox', { name: 'Кому' }).click();
      await page.getByRole('option', { name: 'Студентам' }).click();
      await expect(form.getByRole('combobox', { name: 'Кому' })).toHaveValue('Студентам');
      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
      await expect(form.getByText(fileName)).toBeVisible();

      // A slow line, so the real upload progress shows.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 96 * 1024,
      });
      await form.getByRole('button', { name: 'Опубликовать' }).click();
      const bar = form.getByRole('progressbar', { name: 'Отправка новости' });
      await expect(bar).toBeVisible();
      await expect(bar).toHaveAttribute('aria-valuemin', '0');
      await expect(bar).toHaveAttribute('aria-valuemax', '100');
      // Real progress: the bar moves with the bytes sent, not from 0 straight to 100.
      await expect
        .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [50] })
        .toBeGreaterThan(0);
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
      await expect(form.getByRole('button', { name: 'Публикация...' })).toBeDisabled();
      await expect(page.getByText('Новость опубликована')).toBeVisible({ timeout: 20_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await expect(bar).toBeHidden();
      await expect(form.getByLabel('Текст новости')).toHaveValue('');

      // On top of the teacher's feed: author in two parts, date and time, the text with its link, the attachment.
      const posted = feed.getByRole('article').first();
      await expect(posted).toContainText(studentText);
      await expect(posted.getByRole('heading', { name: 'Волков Дмитрий' })).toBeVisible();
      await expect(posted.getByText('Доцент')).toBeVisible();
      await expect(posted.getByText('Для студентов')).toBeVisible();
      await expect(posted.locator('time')).toHaveText(/^\d\d\.\d\d\.\d{4} \d\d:\d\d$/);
      await expect(posted.getByRole('link', { name: 'https://okuu.kg/exams' })).toHaveAttribute('target', '_blank');
      await expect(posted.getByRole('link', { name: fileName })).toHaveText('PDFРасписание экзамено…');

      // The reader's feed picks it up when the window regains focus (and every 30 s), with no reload.
      await reader.page.evaluate(() => document.dispatchEvent(new Event('visibilitychange', { bubbles: true })));
      const received = readerFeed.getByRole('article').first();
      await expect(received).toContainText(studentText);
      await expect(received.getByRole('button', { name: 'Удалить?' })).toHaveCount(0);

      const downloading = reader.page.waitForEvent('download');
      await received.getByRole('link', { name: fileName }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      expect((await readFile(await download.path())).equals(pdf)).toBe(true);
      await reader.context.close();
    });

    test('a teacher-only item reaches teachers, not students; teacher2 has no post form and no delete icons', async ({
      page,
      browser,
    }) => {
      await signIn(page, 'teacher1');
      const posted = await page.request.post('/api/news/insert.json', {
        multipart: { text: teacherText, audience: 'teachers' },
      });
      expect(posted.status()).toBe(200);

      const student = await newPage(browser);
      const studentFeed = await openFeed(student.page, 'student1');
      await expect(studentFeed.getByText(studentText)).toBeVisible();
      await expect(studentFeed.getByText(teacherText)).toHaveCount(0);
      // The seed's teacher-only item either.
      await expect(studentFeed.getByText(/Заседание учёного совета/)).toHaveCount(0);
      await expect(student.page.getByRole('heading', { name: 'Новая публикация' })).toHaveCount(0);
      await student.context.close();

      const teacher2 = await newPage(browser);
      const teacherFeed = await openFeed(teacher2.page, 'teacher2');
      await expect(teacherFeed.getByText(teacherText)).toBeVisible();
      await expect(teacherFeed.getByText(/Заседание учёного совета/)).toBeVisible();
      await expect(teacherFeed.getByText(studentText)).toHaveCount(0);
      await expect(teacher2.page.getByRole('heading', { name: 'Новая публикация' })).toHaveCount(0);
      await expect(teacher2.page.getByLabel('Текст новости')).toHaveCount(0);
      await expect(teacher2.page.getByRole('button', { name: 'Удалить?' })).toHaveCount(0);
      await teacher2.context.close();
    });

    test('teacher1 deletes an item after confirming, and it disappears', async ({ page }) => {
      const feed = await openFeed(page, 'teacher1');
      const item = feed.getByRole('article').filter({ hasText: studentText });
      await expect(item).toHaveCount(1);
      const trash = item.getByRole('button', { name: 'Удалить?' });
      await expect(trash).toHaveAttribute('title', 'Удалить?');

      await trash.click();
      const dialog = page.getByRole('dialog', { name: 'Удалить новость?' });
      await expect(dialog).toBeVisible();
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(dialog).toBeHidden();
      await expect(item).toHaveCount(1);

      await trash.click();
      await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
      await expect(page.getByText('Новость удалена')).toBeVisible();
      await expect(item).toHaveCount(0);
      await page.reload();
      await expect(feed.getByRole('article').first()).toBeVisible();
      await expect(feed.getByText(studentText)).toHaveCount(0);
    });
  });

test.describe('news on mobile', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the news tab shows the feed', async ({ page }) => {
    await signIn(page, 'student1');
    const tabs = page.getByRole('navigation', { name: 'Разделы' });
    await tabs.getByRole('link', { name: 'Новости' }).click();
    await expect(page).toHaveURL(/\/lms\/news$/);
    await expect(tabs.getByRole('link', { name: 'Новости' })).toHaveAttribute('aria-current', 'page');
    const feed = page.getByRole('region', { name: 'Лента новостей' });
    await expect(feed.getByText(/Добро пожаловать на портал Окуу!/)).toBeVisible();
    await expect(feed.getByRole('link', { name: 'Памятка пользователя.txt' })).toBeVisible();
    // Nothing spills past the screen's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
