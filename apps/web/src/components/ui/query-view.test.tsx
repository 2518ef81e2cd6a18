import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { renderAt } from '../../test/render';
import { QueryView, type ViewedQuery } from './query-view';

function query<T>(state: Partial<ViewedQuery<T>>): ViewedQuery<T> {
  return { data: undefined, isPaused: false, isError: false, error: null, refetch: vi.fn(async () => {}), ...state };
}

const show = (q: ViewedQuery<string[]>) =>
  renderAt(
    '/lms/x',
    <QueryView query={q}>{(items) => (items.length ? <p>{items.join(', ')}</p> : <p>Ничего нет</p>)}</QueryView>,
  );

describe('a screen’s states', () => {
  it('loads, then shows the data', () => {
    show(query({}));
    expect(screen.getByRole('status').textContent).toBe('Загрузка...');
  });

  it('offline with nothing loaded: says the data load once the network is back, never that there are none', () => {
    show(query({ isPaused: true }));
    expect(screen.getByRole('status').textContent).toBe('Нет сети: данные загрузятся, когда связь вернётся.');
    expect(screen.queryByText('Ничего нет')).toBeNull();
    expect(screen.queryByText('Загрузка...')).toBeNull();
  });

  it('offline with data from before: shows them, under a notice saying so', () => {
    show(query({ data: ['Математика'], isPaused: true }));
    expect(screen.getByText('Математика')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Нет сети: показаны сохранённые данные.');
  });

  it('says when the browser is offline even before a refresh is tried', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show(query({ data: [] }));
    expect(screen.getByText('Ничего нет')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Нет сети: показаны сохранённые данные.');
  });

  it('offline, a load that failed for want of the network says it loads once the network is back', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    show(query({ isError: true, error: new ApiError({ category: 'NETWORK_ERROR', message: 'Failed to fetch' }) }));
    expect(screen.getByRole('status').textContent).toBe('Нет сети: данные загрузятся, когда связь вернётся.');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a failed load says why, in the reader’s language, and retries', async () => {
    const failed = query<string[]>({
      isError: true,
      error: new ApiError({ category: 'SERVER_ERROR', message: 'boom', status: 500 }),
    });
    show(failed);
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить данные.');
    // The reason follows as soon as the error texts have loaded (they load with the first failure).
    await waitFor(() => expect(alert.textContent).toContain('Ошибка сервера. Попробуйте позже.'));
    expect(screen.queryByText('Ничего нет')).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('a failed refresh keeps what was loaded, saying so', () => {
    show(query({ data: ['Физика'], isError: true, error: new Error('x') }));
    expect(screen.getByText('Физика')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Не удалось обновить данные');
  });

  it('waits for every query of a screen', () => {
    renderAt(
      '/lms/x',
      <QueryView queries={[query({ data: 2 }), query<string>({ isPaused: true })] as const}>
        {([count, name]) => <p>{`${count} ${name}`}</p>}
      </QueryView>,
    );
    expect(screen.getByRole('status').textContent).toBe('Нет сети: данные загрузятся, когда связь вернётся.');
  });
});
