import type { SessionUser } from '@okuu/contracts/auth/user';
import type { EBook } from '@okuu/contracts/library/book';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt } from '../../../test/render';
import { DeleteBookButton } from './delete-book-button';

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
  newsPerms: false,
};

const book: EBook = {
  id_eBook: 4,
  name: 'Язык программирования C',
  nameBook: 'Язык программирования C',
  author: 'Керниган Б., Ритчи Д.',
  description: '',
  totalPages: 288,
  fileName: 'C.pdf',
  file: { name: 'C.pdf', size: 740, url: '/api/library/download.file?id=4', previewUrl: null },
  id_bookCategory: 5,
  id_baseBookCategory: 2,
  isFromUmk: false,
  id_books: null,
  owner: { id: 1, type: 1, name: 'Волков Дмитрий Олегович' },
  created: '2026-03-01T08:00:00.000Z',
  canEdit: true,
  canDelete: true,
};

const paths = (calls: { path: string }[]) => calls.map((call) => call.path);

describe('deleting a book', () => {
  it('asks the server first (deletecheck with the human id); a refusal opens no confirmation', async () => {
    const calls = fakeServer({ '/api/library/deletecheck.json': { data: { id_eBook: 4, allowed: false } } });
    renderAt('/lms/library', <DeleteBookButton book={book} />, { user: teacher });
    await userEvent.click(screen.getByRole('button', { name: 'Удалить «Язык программирования C»' }));
    await waitFor(() => expect(paths(calls)).toEqual(['/api/library/deletecheck.json']));
    expect(calls[0]?.body).toEqual({ id_eBook: 4, id_human: 1 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('once allowed, deletes only after the confirmation', async () => {
    const calls = fakeServer({
      '/api/library/deletecheck.json': { data: { id_eBook: 4, allowed: true } },
      '/api/library/deleteebook.json': { data: { id_eBook: 4, deleted: true } },
    });
    const user = userEvent.setup();
    renderAt('/lms/library', <DeleteBookButton book={book} />, { user: teacher });
    await user.click(screen.getByRole('button', { name: 'Удалить «Язык программирования C»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Удалить книгу?' });
    expect(dialog.textContent).toContain('Книга «Язык программирования C» и её файл будут удалены из библиотеки.');
    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(paths(calls)).toEqual(['/api/library/deletecheck.json']);

    await user.click(screen.getByRole('button', { name: 'Удалить «Язык программирования C»' }));
    await screen.findByRole('dialog', { name: 'Удалить книгу?' });
    await user.click(screen.getByRole('button', { name: 'Удалить' }));
    await waitFor(() =>
      expect(paths(calls)).toEqual([
        '/api/library/deletecheck.json',
        '/api/library/deletecheck.json',
        '/api/library/deleteebook.json',
      ]),
    );
    expect(calls[2]?.body).toEqual({ id_eBook: 4 });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
