import '../catalogue';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { getManual } from '../api/get-manual';
import { ManualView } from './manual-view';

/** The headings of the sections shown. */
const sectionTitles = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the manual and its search', () => {
  it("shows the role's sections and narrows them to those with every word typed", async () => {
    // The real guide of a student in Russian, from docs/manual.
    const guide = await getManual('ru', 'student');
    renderAt('/lms/manual', <ManualView guide={guide} hash="" />);
    const all = sectionTitles();
    expect(all).toEqual(guide.sections.map((s) => s.title));
    expect(all).toEqual(expect.arrayContaining(['Расписание', 'Журнал посещаемости', 'Профиль и пароль']));
    expect(all).not.toContain('Нагрузка преподавателя');

    const search = screen.getByRole('searchbox', { name: 'Поиск по руководству' });
    await userEvent.type(search, 'ПАРОЛЬ');
    // "пароль" is in the profile's section only (case does not matter).
    expect(sectionTitles()).toEqual(['Профиль и пароль']);
    expect(screen.getByRole('status').textContent).toBe('Найден 1 раздел');
    const contents = screen.getByRole('navigation', { name: 'Содержание' });
    expect(
      within(contents)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual(['#change-password']);

    // Every word must be there: "QR" and "журнал" meet in the journal's section; 'темная' finds 'тёмная'.
    await userEvent.clear(search);
    await userEvent.type(search, 'qr журнал');
    expect(sectionTitles()).toEqual(['Журнал посещаемости']);
    await userEvent.clear(search);
    await userEvent.type(search, 'темная');
    expect(sectionTitles()).toEqual(['Профиль и пароль']);
    await userEvent.clear(search);
    await userEvent.type(search, 'несуществующееслово');
    expect(screen.queryAllByRole('heading', { level: 2 })).toEqual([]);
    expect(screen.getByText('Ничего не найдено. Попробуйте другое слово.')).toBeTruthy();
    await userEvent.clear(search);
    expect(sectionTitles()).toEqual(all);
  });

  it('focuses the section named by the address', async () => {
    const guide = await getManual('ru', 'teacher');
    renderAt('/lms/manual', <ManualView guide={guide} hash="#workload" />);
    const heading = screen.getByRole('heading', { level: 2, name: 'Нагрузка преподавателя' });
    expect(document.activeElement).toBe(heading);
    expect(heading.closest('section')?.textContent).toContain('числителю');
  });
});
