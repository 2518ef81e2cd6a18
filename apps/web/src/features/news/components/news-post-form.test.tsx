import type { SessionUser } from '@okuu/contracts/auth/user';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeXhr } from '../../../test/fake-xhr';
import { renderAt } from '../../../test/render';
import { NewsPostForm } from './news-post-form';

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
const faculties = [
  { value: '1', label: 'ФИТ — Факультет информационных технологий' },
  { value: '2', label: 'ЭФ — Экономический факультет' },
];
const created = {
  id_eventMessage: 7,
  'p23-1': 'Волков Дмитрий Олегович | Доцент',
  message: 'Экзамен переносится',
  fileName: 'план.pdf',
  created: '2026-03-01T08:00:00.000Z',
  audience: 'students',
  faculties: [],
  attachments: [{ name: 'план.pdf', size: 4, url: '/api/news/download.file?filename=7_x&type=4' }],
  author: {
    id: 1,
    name: 'Волков Дмитрий Олегович',
    position: { name: 'Доцент', nameKg: 'Доцент', nameEn: 'Associate professor' },
    group: null,
  },
  canDelete: true,
};

function renderForm(maxUploadMb = 1) {
  renderAt('/lms/news', <NewsPostForm faculties={faculties} maxUploadMb={maxUploadMb} />, { user: teacher });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (...files: File[]) => fireEvent.change(input, { target: { files } });
  return { pick };
}

describe('news post form', () => {
  it('asks for text or a file before sending anything', async () => {
    const xhr = fakeXhr();
    renderForm();
    await userEvent.click(screen.getByRole('button', { name: 'Опубликовать' }));
    expect(screen.getByText('Напишите текст новости или прикрепите файл')).toBeTruthy();
    expect(() => xhr()).toThrow();
  });

  it("refuses a file over config.json's limit with the 'file too big' message", async () => {
    const xhr = fakeXhr();
    const { pick } = renderForm(1);
    pick(new File([new Uint8Array(1024 * 1024 + 1)], 'большой.pdf'), new File(['ok'], 'малый.txt'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Файл слишком большой: «большой.pdf». Максимальный размер — 1 МБ.',
    );
    expect(screen.queryByText('большой.pdf')).toBeNull();
    expect(screen.getByText('малый.txt')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Убрать файл малый.txt' }));
    expect(screen.queryByText('малый.txt')).toBeNull();
    expect(() => xhr()).toThrow();
  });

  it('sends text, audience, faculties and files, showing the real upload progress', async () => {
    const xhr = fakeXhr();
    const user = userEvent.setup();
    const { pick } = renderForm();
    await user.type(screen.getByLabelText('Текст новости'), 'Экзамен переносится');
    await user.click(screen.getByRole('combobox', { name: 'Кому' }));
    await user.click(await screen.findByRole('option', { name: 'Студентам' }));
    await user.click(screen.getByRole('combobox', { name: 'Факультеты' }));
    await user.click(await screen.findByRole('option', { name: 'ЭФ — Экономический факультет' }));
    pick(new File(['%PDF'], 'план.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));

    const request = xhr();
    expect(request.url).toBe('/api/news/insert.json');
    const body = request.body as FormData;
    expect(body.get('text')).toBe('Экзамен переносится');
    expect(body.get('audience')).toBe('students');
    expect(body.getAll('faculties')).toEqual(['2']);
    expect(body.getAll('fileName')).toEqual(['план.pdf']);
    expect((body.get('files') as File).name).toBe('план.pdf');
    expect(screen.getByRole('button', { name: 'Публикация...' })).toHaveProperty('disabled', true);

    request.progress(40, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Отправка новости' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('40'));
    expect(screen.getByText('Отправка: 40%')).toBeTruthy();
    request.progress(100, 100);
    expect(await screen.findByText('Сохранение...')).toBeTruthy();

    request.respond(200, { result: 0, error: null, data: created });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect((screen.getByLabelText('Текст новости') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByText('план.pdf')).toBeNull();
  });

  it('keeps what was typed when the server refuses', async () => {
    const xhr = fakeXhr();
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('Текст новости'), 'Текст');
    await user.click(screen.getByRole('button', { name: 'Опубликовать' }));
    xhr().respond(413, { result: 1, error: { code: 'too_large', message: 'Too large' }, data: null });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Опубликовать' })).toHaveProperty('disabled', false));
    expect((screen.getByLabelText('Текст новости') as HTMLTextAreaElement).value).toBe('Текст');
  });
});
