import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import { signIn } from './support';

/** A small, valid one-page PDF, padded so the upload takes a moment on a throttled line. */
function pdfBuffer(title: string, padKb = 0): Buffer {
  const objects = [
    '1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n',
    '2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n',
    '3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>\nendobj\n',
    `4 0 obj\n<< /Length ${title.length + 40} >>\nstream\nBT /F1 14 Tf 20 100 Td (${title}) Tj ET\nendstream\nendobj\n`,
    '5 0 obj\n<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>\nendobj\n',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (const object of objects) {
    offsets.push(body.length);
    body += object;
  }
  body += '% okuu e2e padding\n'.repeat(Math.ceil((padKb * 1024) / 19));
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const stamp = Date.now().toString(36);
const title = `Практикум по SQL (${stamp})`;
const author = `Бекова Айгуль ${stamp}`;
const fileName = `Практикум SQL ${stamp}.pdf`;
const pdf = pdfBuffer(`SQL practice ${stamp}`, 160);
const bookTitle = `Справочник по сетям (${stamp})`;

async function newPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

async function openScreen(page: Page, login: string, entry: 'УМК' | 'Электронная библиотека') {
  await signIn(page, login);
  await page.getByRole('navigation', { name: 'Меню' }).getByRole('link', { name: entry, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(entry);
}

test.describe
  .serial('study materials and the e-library', () => {
    test('teacher1 uploads a study material for the e-library, with the real progress bar', async ({ page }) => {
      await openScreen(page, 'teacher1', 'УМК');
      await expect(page).toHaveURL(/\/lms\/umk$/);
      await expect(page).toHaveTitle('УМК | Портал');
      await page.getByRole('button', { name: 'Загрузить материал' }).click();
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Новый учебный материал' }) });
      await expect(form).toBeVisible();

      // Without a file nothing is sent: the spec's 'no training selected'.
      await form.getByRole('button', { name: 'Загрузить материал' }).click();
      await expect(form.getByRole('alert')).toHaveText('Не выбран учебный материал: выберите файл');
      await expect(form.getByText('Выберите значение из списка').first()).toBeVisible();

      // A type the server refuses is refused at once.
      await form.locator('input[type="file"]').setInputFiles({
        name: 'скрипт.exe',
        mimeType: 'application/octet-stream',
        buffer: Buffer.from('MZ'),
      });
      await expect(form.getByRole('alert')).toContainText('Такой файл загрузить нельзя: «скрипт.exe»');

      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf });
      await expect(form.getByText(fileName)).toBeVisible();
      await expect(form.getByRole('alert')).toHaveCount(0);
      await form.getByRole('textbox', { name: 'Название' }).fill(title);
      await form.getByRole('textbox', { name: 'Автор' }).fill(author);
      await form.getByRole('textbox', { name: 'Количество страниц' }).fill('24');
      await form.getByRole('textbox', { name: 'Аннотация' }).fill('Задачи на запросы SELECT, JOIN и GROUP BY.');
      const discipline = form.getByRole('combobox', { name: 'Дисциплина' });
      await expect(discipline.locator('option').first()).toHaveText(' --- ');
      await expect(discipline).toHaveValue('-1');
      await discipline.selectOption({ label: 'Программирование' });
      await form.getByRole('combobox', { name: 'Семестр' }).selectOption({ label: '1 семестр' });
      await form.getByRole('combobox', { name: 'Форма контроля' }).selectOption({ label: 'Экзамен' });
      await form.getByRole('combobox', { name: 'Вид материала' }).selectOption({ label: 'Лабораторный практикум' });
      await form.getByRole('radio', { name: 'Все' }).check();
      await form.getByRole('checkbox', { name: 'Доступен в электронной библиотеке' }).check();
      await form.getByRole('combobox', { name: 'Раздел библиотеки' }).selectOption({ label: 'Учебники и пособия' });

      // A slow line, so the real upload progress shows.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      });
      await form.getByRole('button', { name: 'Загрузить материал' }).click();
      const bar = form.getByRole('progressbar', { name: 'Загрузка учебного материала' });
      await expect(bar).toBeVisible();
      await expect
        .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { intervals: [50] })
        .toBeGreaterThan(0);
      expect(Number(await bar.getAttribute('aria-valuenow'))).toBeLessThan(100);
      await expect(page.getByText(`Материал «${title}» загружен`)).toBeVisible({ timeout: 20_000 });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      await expect(bar).toBeHidden();
      await expect(form.getByRole('textbox', { name: 'Название' })).toHaveValue('');

      const list = page.getByRole('region', { name: 'Учебные материалы' });
      const card = list.getByRole('article', { name: title });
      await expect(card).toBeVisible();
      await expect(card).toContainText('Программирование');
      await expect(card).toContainText('Лабораторный практикум');
      await expect(card.getByText('В электронной библиотеке')).toBeVisible();
      await expect(card.getByText('Мой материал')).toBeVisible();

      // The filters: the material is found by discipline and type, and not by another type.
      const filters = page.getByRole('region', { name: 'Фильтры' });
      await filters.getByRole('combobox', { name: 'Дисциплина' }).selectOption({ label: 'Программирование' });
      await filters.getByRole('combobox', { name: 'Вид материала' }).selectOption({ label: 'Лабораторный практикум' });
      await expect(card).toBeVisible();
      await expect(list.getByRole('article')).toHaveCount(1);
      await filters.getByRole('combobox', { name: 'Вид материала' }).selectOption({ label: 'Учебник' });
      await expect(
        list.getByText('По выбранным фильтрам материалов нет. Измените или сбросьте фильтры.'),
      ).toBeVisible();
      await page.getByRole('button', { name: 'Сбросить фильтры' }).click();
      await expect(card).toBeVisible();
    });

    test('student1 finds it in the library by the author in another letter case, previews and downloads it', async ({
      page,
    }) => {
      await openScreen(page, 'student1', 'Электронная библиотека');
      await expect(page).toHaveTitle('Электронная библиотека | Портал');
      await expect(page.getByRole('button', { name: 'Добавить книгу' })).toHaveCount(0);
      const books = page.getByRole('region', { name: 'Книги' });
      await expect(books.getByRole('article').first()).toBeVisible();

      const search = page.getByRole('search', { name: 'Поиск книг' });
      await search.getByRole('searchbox', { name: 'Название или автор' }).fill(author.toLocaleUpperCase('ru'));
      await search.getByRole('button', { name: 'Найти' }).click();
      await expect(page.getByRole('status').filter({ hasText: 'Найден' })).toHaveText('Найден 1 файл');
      const card = books.getByRole('article', { name: title });
      await expect(card).toBeVisible();
      await expect(books.getByRole('article')).toHaveCount(1);
      await expect(card).toContainText(author);
      await expect(card.getByText('Из УМК')).toBeVisible();
      await expect(card.getByRole('button', { name: /^Удалить/ })).toHaveCount(0);

      // The preview: the PDF framed from the inline address.
      await card.getByRole('button', { name: `Просмотреть «${title}»` }).click();
      const dialog = page.getByRole('dialog', { name: title });
      await expect(dialog).toBeVisible();
      const frame = dialog.locator('iframe');
      await expect(frame).toHaveAttribute('title', `Просмотр файла «${fileName}»`);
      const src = await frame.getAttribute('src');
      expect(src).toMatch(/^\/api\/library\/preview\.file\?id=\d+$/);
      const inline = await page.request.get(src as string);
      expect(inline.status()).toBe(200);
      expect(inline.headers()['content-type']).toBe('application/pdf');
      expect(inline.headers()['content-disposition']).toMatch(/^inline/);
      expect((await inline.body()).equals(pdf)).toBe(true);
      await dialog.getByRole('button', { name: 'Закрыть просмотр' }).click();
      await expect(dialog).toBeHidden();

      const downloading = page.waitForEvent('download');
      await card.getByRole('link', { name: `Скачать «${title}»` }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(fileName);
      expect((await readFile(await download.path())).equals(pdf)).toBe(true);

      // A search that finds nothing shows every file, and says so.
      await search.getByRole('searchbox', { name: 'Название или автор' }).fill(`нет такой книги ${stamp}`);
      await search.getByRole('button', { name: 'Найти' }).click();
      await expect(
        page.getByText(
          new RegExp(`^Поиск по «нет такой книги ${stamp}» не дал результатов, показаны все файлы \\(\\d+\\)$`),
        ),
      ).toBeVisible();
      await expect(books.getByRole('article').first()).toBeVisible();
    });

    test('student1 sees the material among the study materials, without an upload form or delete', async ({ page }) => {
      await openScreen(page, 'student1', 'УМК');
      await expect(page.getByText('Учебные материалы по вашим дисциплинам.')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Загрузить материал' })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: 'Новый учебный материал' })).toHaveCount(0);
      const card = page.getByRole('region', { name: 'Учебные материалы' }).getByRole('article', { name: title });
      await expect(card).toBeVisible();
      await expect(card.getByRole('button', { name: /^Удалить/ })).toHaveCount(0);
      // The seed's material for part-time students is not for a full-time group.
      await expect(page.getByText('Методические указания для заочников')).toHaveCount(0);

      const downloading = page.waitForEvent('download');
      await card.getByRole('link', { name: `Скачать «${title}»` }).click();
      expect((await readFile(await (await downloading).path())).equals(pdf)).toBe(true);
    });

    test('teacher1 adds a book by the file input and deletes it after the check and a confirmation', async ({
      page,
      browser,
    }) => {
      await openScreen(page, 'teacher1', 'Электронная библиотека');
      await page.getByRole('button', { name: 'Добавить книгу' }).click();
      const form = page.locator('form', { has: page.getByRole('heading', { name: 'Новая книга' }) });
      await form.getByRole('button', { name: 'Загрузить книгу' }).click();
      await expect(form.getByText('Выберите подкатегорию')).toBeVisible();
      await expect(form.getByText('Введите название книги')).toBeVisible();
      await expect(form.getByRole('alert')).toHaveText('Выберите файл книги');

      await form.getByRole('combobox', { name: 'Категория', exact: true }).selectOption({ label: 'Технические науки' });
      await form
        .getByRole('combobox', { name: 'Подкатегория' })
        .selectOption({ label: 'Информатика и программирование' });
      await form.getByRole('textbox', { name: 'Название' }).fill(bookTitle);
      await form.getByRole('textbox', { name: 'Автор' }).fill(`Таненбаум Э. ${stamp}`);
      await form
        .locator('input[type="file"]')
        .setInputFiles({ name: 'Сети.pdf', mimeType: 'application/pdf', buffer: pdfBuffer('Networks') });
      await form.getByRole('button', { name: 'Загрузить книгу' }).click();
      await expect(page.getByText(`Книга «${bookTitle}» добавлена`)).toBeVisible();

      const books = page.getByRole('region', { name: 'Книги' });
      const search = page.getByRole('search', { name: 'Поиск книг' });
      await search.getByRole('searchbox', { name: 'Название или автор' }).fill(`таненбаум э. ${stamp}`);
      await search.getByRole('button', { name: 'Найти' }).click();
      const card = books.getByRole('article', { name: bookTitle });
      await expect(card).toBeVisible();

      // teacher2 may not delete it: no delete icon.
      const other = await newPage(browser);
      await openScreen(other.page, 'teacher2', 'Электронная библиотека');
      const otherSearch = other.page.getByRole('search', { name: 'Поиск книг' });
      await otherSearch.getByRole('searchbox').fill(bookTitle);
      await otherSearch.getByRole('button', { name: 'Найти' }).click();
      const otherCard = other.page.getByRole('region', { name: 'Книги' }).getByRole('article', { name: bookTitle });
      await expect(otherCard).toBeVisible();
      await expect(otherCard.getByRole('button', { name: `Удалить «${bookTitle}»` })).toHaveCount(0);
      await other.context.close();

      const checks: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/api/library/')) checks.push(new URL(request.url()).pathname);
      });
      await card.getByRole('button', { name: `Удалить «${bookTitle}»` }).click();
      const dialog = page.getByRole('dialog', { name: 'Удалить книгу?' });
      await expect(dialog).toBeVisible();
      expect(checks).toContain('/api/library/deletecheck.json');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toBeVisible();

      await card.getByRole('button', { name: `Удалить «${bookTitle}»` }).click();
      await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
      await expect(page.getByText('Книга удалена')).toBeVisible();
      // The list is loaded again: the search now finds nothing and shows every file.
      await expect(card).toHaveCount(0);
      await expect(page.getByText(/не дал результатов, показаны все файлы/)).toBeVisible();
    });

    test('only the owner deletes a study material, after confirming; it leaves the library too', async ({
      page,
      browser,
    }) => {
      const other = await newPage(browser);
      await openScreen(other.page, 'teacher2', 'УМК');
      const otherCard = other.page
        .getByRole('region', { name: 'Учебные материалы' })
        .getByRole('article', { name: title });
      await expect(otherCard).toBeVisible();
      await expect(otherCard.getByRole('button', { name: /^Удалить/ })).toHaveCount(0);
      await other.context.close();

      await openScreen(page, 'teacher1', 'УМК');
      const card = page.getByRole('region', { name: 'Учебные материалы' }).getByRole('article', { name: title });
      const trash = card.getByRole('button', { name: `Удалить «${title}»` });
      await trash.click();
      const dialog = page.getByRole('dialog', { name: 'Удалить учебный материал?' });
      await expect(dialog).toContainText('также убраны из электронной библиотеки');
      await dialog.getByRole('button', { name: 'Отмена' }).click();
      await expect(dialog).toBeHidden();
      await expect(card).toBeVisible();

      await trash.click();
      await dialog.getByRole('button', { name: 'Удалить', exact: true }).click();
      await expect(page.getByText('Учебный материал удалён')).toBeVisible();
      await expect(card).toHaveCount(0);

      await page
        .getByRole('navigation', { name: 'Меню' })
        .getByRole('link', { name: 'Электронная библиотека' })
        .click();
      const search = page.getByRole('search', { name: 'Поиск книг' });
      await search.getByRole('searchbox').fill(author);
      await search.getByRole('button', { name: 'Найти' }).click();
      await expect(page.getByText(/не дал результатов, показаны все файлы/)).toBeVisible();
      await expect(page.getByRole('article', { name: title })).toHaveCount(0);
    });
  });

test.describe('the library on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the list fits the screen and the filters work', async ({ page }) => {
    await signIn(page, 'student1');
    await page.goto('/lms/library');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Электронная библиотека');
    await page.getByRole('combobox', { name: 'Категория', exact: true }).selectOption({ label: 'Гуманитарные науки' });
    await expect(page.getByRole('article', { name: 'Манас' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'Экономикс' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto('/lms/umk');
    await expect(page.getByRole('article').first()).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});
