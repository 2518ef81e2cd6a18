import type { SessionUser } from '@okuu/contracts/auth/user';
import type { NewsItem } from '@okuu/contracts/news/news-item';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt } from '../../../test/render';
import { NewsFeed } from './news-feed';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

const teacher: SessionUser = {
  id: 1,
  uid: 1,
  role: 1,
  login: 'teacher1',
  fullName: 'Волков Дмитрий Олегович',
  group: null,
  position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
  facultyId: 1,
  newsPerms: true,
};
const student: SessionUser = { ...teacher, id: 4, uid: 4, role: 2, login: 'student1', newsPerms: false };

function item(id: number, extra: Partial<NewsItem> = {}): NewsItem {
  return {
    id_eventMessage: id,
    'p23-1': 'Волков Дмитрий Олегович | Доцент',
    message: `Новость ${id}`,
    fileName: '',
    created: '2026-03-01T08:05:00.000Z',
    audience: 'all',
    faculties: [],
    attachments: [],
    author: {
      id: 1,
      name: 'Волков Дмитрий Олегович',
      position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
      group: null,
    },
    canDelete: true,
    ...extra,
  };
}

const pageOf = (items: NewsItem[], page: number, hasMore: boolean) => ({
  data: { items, page, pageSize: 20, hasMore },
});

describe('news feed', () => {
  it('shows the author in two parts, the date and time in Bishkek, linked text and attachments', async () => {
    fakeServer({
      '/api/news/data.json': pageOf(
        [
          item(6, {
            message: 'Подробности: https://okuu.kg/news/6. <b>не HTML</b>',
            fileName: 'Повестка заседания совета.pdf;!;Итоги.xlsx',
            attachments: [
              { name: 'Повестка заседания совета.pdf', size: 2048, url: '/api/news/download.file?filename=6_a&type=4' },
              { name: 'Итоги.xlsx', size: 10, url: '/api/news/download.file?filename=6_b&type=4' },
            ],
            audience: 'students',
          }),
        ],
        1,
        false,
      ),
    });
    renderAt('/lms/news', <NewsFeed />, { user: student });

    const article = await screen.findByRole('article', { name: 'Волков Дмитрий Олегович' });
    const card = within(article);
    expect(card.getByText('Доцент')).toBeTruthy();
    expect(card.getByText('01.03.2026')).toBeTruthy();
    expect(card.getByText('14:05')).toBeTruthy();
    expect(card.getByText('Для студентов')).toBeTruthy();

    const link = card.getByRole('link', { name: 'https://okuu.kg/news/6' });
    expect(link.getAttribute('href')).toBe('https://okuu.kg/news/6');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(article.textContent).toContain('<b>не HTML</b>');
    expect(article.querySelector('b')).toBeNull();

    const pdf = card.getByRole('link', { name: 'Повестка заседания совета.pdf' });
    expect(pdf.textContent).toBe('PDFПовестка заседания…');
    expect(pdf.getAttribute('title')).toBe('Повестка заседания совета.pdf');
    expect(pdf.getAttribute('href')).toBe('/api/news/download.file?filename=6_a&type=4');
    expect(pdf.hasAttribute('download')).toBe(true);
    expect(pdf.querySelector('svg')?.getAttribute('data-kind')).toBe('pdf');
    expect(card.getByRole('link', { name: 'Итоги.xlsx' }).querySelector('svg')?.getAttribute('data-kind')).toBe(
      'sheet',
    );
    // A student may not delete.
    expect(card.queryByRole('button', { name: 'Удалить?' })).toBeNull();
  });

  it('appends the next page on load-more, drops shifted duplicates and hides the button at the end', async () => {
    const first = Array.from({ length: 20 }, (_, i) => item(40 - i));
    const calls = fakeServer({
      '/api/news/data.json': (body) =>
        body.page === 2 ? pageOf([item(21), item(20), item(19)], 2, false) : pageOf(first, 1, true),
    });
    renderAt('/lms/news', <NewsFeed />, { user: student });
    expect(await screen.findAllByRole('article')).toHaveLength(20);

    await userEvent.click(screen.getByRole('button', { name: 'Показать ещё' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(22));
    expect(calls.filter((call) => call.path === '/api/news/data.json').map((call) => call.body.page)).toEqual([1, 2]);
    expect(screen.getAllByText('Новость 21')).toHaveLength(1);
    expect(screen.getAllByRole('article').at(-1)?.textContent).toContain('Новость 19');
    expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
  });

  it('says so when there is no news, and offers a retry when the feed cannot be loaded', async () => {
    fakeServer({ '/api/news/data.json': pageOf([], 1, false) });
    renderAt('/lms/news', <NewsFeed />, { user: student });
    expect(await screen.findByText('Новостей пока нет')).toBeTruthy();
  });

  it('offers a retry when the feed cannot be loaded', async () => {
    let fail = true;
    fakeServer({
      '/api/news/data.json': () =>
        fail ? { status: 500, error: { code: 'internal', message: 'x' } } : pageOf([item(1)], 1, false),
    });
    renderAt('/lms/news', <NewsFeed />, { user: student });
    expect(await screen.findByText('Не удалось загрузить данные.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByText('Новость 1')).toBeTruthy();
  });

  it('lets a user with the news permission delete an item after confirming', async () => {
    let items = [item(2), item(1)];
    const calls = fakeServer({
      '/api/news/data.json': () => pageOf(items, 1, false),
      '/api/news/delete.json': (body) => {
        items = items.filter((candidate) => candidate.id_eventMessage !== body.id);
        return { data: { id: body.id, deleted: true } };
      },
    });
    renderAt('/lms/news', <NewsFeed />, { user: teacher });
    const [newest] = await screen.findAllByRole('article');
    const trash = within(newest as HTMLElement).getByRole('button', { name: 'Удалить?' });
    expect(trash.getAttribute('title')).toBe('Удалить?');

    await userEvent.click(trash);
    const dialog = await screen.findByRole('dialog', { name: 'Удалить новость?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    expect(calls.some((call) => call.path === '/api/news/delete.json')).toBe(false);

    await userEvent.click(trash);
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(calls.find((call) => call.path === '/api/news/delete.json')?.body).toEqual({ id: 2 });
    expect(screen.queryByText('Новость 2')).toBeNull();
  });
});
