import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeXhr } from '../../../test/fake-xhr';
import { fakeServer, renderAt } from '../../../test/render';

// The screen's texts load with it, once i18next has started (test/setup.ts).
let ImportScreen: typeof import('./import-screen').ImportScreen;
beforeAll(async () => {
  await import('../import-catalogue');
  ({ ImportScreen } = await import('./import-screen'));
});
afterEach(() => vi.unstubAllGlobals());

const report = { kind: 'students', lines: 1, create: 1, update: 0, unchanged: 0, problemCount: 0, problems: [] };

describe('the import screen', () => {
  it('says why a failed import failed, in the reader’s language', async () => {
    fakeServer({
      '/api/staff/import/status.json': {
        data: { state: 'failed', done: 3, total: 10, reason: 'changed', result: null },
      },
    });
    const xhr = fakeXhr();
    const { container } = renderAt('/lms/staff/import', <ImportScreen />);
    const user = userEvent.setup();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, new File(['record_book\n1'], 'students.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Проверить файл' }));
    xhr().respond(200, { result: 0, error: null, data: report });
    await user.click(await screen.findByTestId('import-run'));
    await waitFor(() => expect(xhr().url).toBe('/api/staff/import/start.json'));
    xhr().respond(200, { result: 0, error: null, data: { job: 'j1', report } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Импорт не удался, ничего не изменено: данные изменились после проверки. Проверьте файл снова.',
    );
  });
});
