import type { SessionUser } from '@okuu/contracts/auth/user';
import type { UmkMaterial } from '@okuu/contracts/umk/material';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeXhr } from '../../../test/fake-xhr';
import { fakeServer, renderAt } from '../../../test/render';
import { UmkUploadForm } from './umk-upload-form';

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
const names = (name: string) => ({ name, nameKg: name, nameEn: name });

function lists() {
  return fakeServer({
    '/api/umk/types.json': { data: [{ id_typeUmk: 5, ...names('Лабораторный практикум') }] },
    '/api/umk/disciplines.json': { data: [{ id_discipline: 2, code: 'D002', ...names('Базы данных') }] },
    '/api/umk/semesters.json': { data: [{ id_semester: 1, number: 1, ...names('1 семестр') }] },
    '/api/umk/examtypes.json': { data: [{ id_examination: 1, ...names('Экзамен') }] },
    '/api/umk/bookcategories.json': {
      data: [
        {
          id_bookCategory: 15,
          id_baseBookCategory: 5,
          ...names('Учебники и пособия'),
          baseName: 'Учебно-методические материалы',
          baseNameKg: 'x',
          baseNameEn: 'y',
        },
      ],
    },
  });
}

const saved: UmkMaterial = {
  id_books: 9,
  id_typeUmk: 5,
  umkName: 'Практикум по SQL',
  id_discipline: 2,
  p34: 'Базы данных',
  id_semester: 1,
  p43: '1 семестр',
  id_examination: 1,
  p30: 'Экзамен',
  id_teacher: 1,
  t_fio: 'Волков Дмитрий Олегович',
  id_forStudentKind: 3,
  files: 'sql.pdf',
  author: 'Бекова А.',
  totalPages: 24,
  annotation: '',
  audience: 'part_time',
  isLibrary: true,
  id_eBook: 12,
  id_bookCategory: 15,
  type: { id: 5, ...names('Лабораторный практикум') },
  discipline: { id: 2, ...names('Базы данных') },
  semester: { id: 1, ...names('1 семестр') },
  examination: { id: 1, ...names('Экзамен') },
  file: { name: 'sql.pdf', size: 4, url: '/api/umk/download.file?id=9', previewUrl: '/api/umk/preview.file?id=9' },
  created: '2026-03-01T08:00:00.000Z',
  updated: '2026-03-01T08:00:00.000Z',
  canEdit: true,
};

function renderForm(maxUploadMb: number | undefined = 1) {
  renderAt('/lms/umk', <UmkUploadForm maxUploadMb={maxUploadMb} />, { user: teacher });
  const input = document.querySelector('input[type="file"]') as HTMLInputElement;
  const pick = (file: File) => fireEvent.change(input, { target: { files: [file] } });
  return { pick, input };
}

const submit = () => screen.getByRole('button', { name: 'Загрузить материал' });

describe('study material upload form', () => {
  it("sends nothing without a file: the spec's 'no training selected', and every required choice is asked for", async () => {
    lists();
    const xhr = fakeXhr();
    renderForm();
    await userEvent.click(submit());
    expect(screen.getByRole('alert').textContent).toBe('Не выбран учебный материал: выберите файл');
    expect(screen.getByText('Введите название материала')).toBeTruthy();
    expect(screen.getAllByText('Выберите значение из списка')).toHaveLength(4);
    expect(() => xhr()).toThrow();
  });

  it("refuses a file over config.json's limit ('file too big') and a type the server does not take", async () => {
    lists();
    const { pick, input } = renderForm(1);
    expect(input.accept).toContain('.pdf');
    expect(input.accept).toContain('.zip');
    pick(new File([new Uint8Array(1024 * 1024 + 1)], 'большой.pdf'));
    expect(screen.getByRole('alert').textContent).toBe(
      'Файл слишком большой: «большой.pdf». Максимальный размер — 1 МБ.',
    );
    pick(new File(['MZ'], 'setup.exe'));
    expect(screen.getByRole('alert').textContent).toContain('Такой файл загрузить нельзя: «setup.exe»');
    pick(new File(['%PDF'], 'малый.pdf'));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('малый.pdf')).toBeTruthy();
  });

  it('uploads the file with every field and the library flag, showing the real progress', async () => {
    lists();
    const xhr = fakeXhr();
    const user = userEvent.setup();
    const { pick } = renderForm(undefined);
    pick(new File(['%PDF'], 'sql.pdf', { type: 'application/pdf' }));
    await user.type(screen.getByRole('textbox', { name: /^Название/ }), '  Практикум по SQL ');
    await user.type(screen.getByRole('textbox', { name: 'Автор' }), 'Бекова А.');
    await user.type(screen.getByRole('textbox', { name: 'Количество страниц' }), '24');
    const discipline = screen.getByRole('combobox', { name: /^Дисциплина/ });
    await waitFor(() => expect(discipline.querySelectorAll('option')).toHaveLength(2));
    expect(discipline.querySelector('option')?.textContent).toBe(' --- ');
    await user.selectOptions(discipline, '2');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Семестр/ }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Форма контроля/ }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Вид материала/ }), '5');
    await user.click(screen.getByRole('radio', { name: 'Заочная форма' }));
    await user.click(screen.getByRole('checkbox', { name: 'Доступен в электронной библиотеке' }));
    await user.click(submit());
    expect(screen.getByText('Выберите раздел библиотеки')).toBeTruthy();
    const section = screen.getByRole('combobox', { name: /^Раздел библиотеки/ });
    await waitFor(() => expect(section.querySelectorAll('option')).toHaveLength(2));
    await user.selectOptions(section, '15');
    await user.click(submit());

    const request = xhr();
    expect(request.url).toBe('/api/umk/insertorupdateumk.json');
    const body = request.body as FormData;
    expect(Object.fromEntries([...body.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      id_books: '-1',
      umkName: 'Практикум по SQL',
      author: 'Бекова А.',
      totalPages: '24',
      annotation: '',
      id_typeUmk: '5',
      id_discipline: '2',
      id_semester: '1',
      id_examination: '1',
      audience: 'part_time',
      isLibrary: 'true',
      id_bookCategory: '15',
      fileName: 'sql.pdf',
    });
    expect((body.get('files') as File).name).toBe('sql.pdf');

    request.progress(30, 100);
    const bar = await screen.findByRole('progressbar', { name: 'Загрузка учебного материала' });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('30'));
    expect(screen.getByText('Отправка: 30%')).toBeTruthy();
    request.respond(200, { result: 0, error: null, data: saved });
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect((screen.getByRole('textbox', { name: /^Название/ }) as HTMLInputElement).value).toBe('');
    expect(screen.queryByText('sql.pdf')).toBeNull();
    // The choices stay for the next material.
    expect((discipline as HTMLSelectElement).value).toBe('2');
  }, 20_000);
});
