import type { HomeCards } from '@okuu/contracts/home/summary';
import { screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';

// The staff cards come with the staff screens' catalogues, once i18next has started (test/setup.ts).
let StaffCards: ComponentType<{ cards: HomeCards }>;
beforeAll(async () => {
  await import('../../features/home/catalogue'); // home's own texts: the page loads them before these cards
  StaffCards = (await import('./home-staff')).StaffCards;
});

describe("staff's home", () => {
  it('names each failed import by kind, file and reason, and leads to the import screen', async () => {
    const cards: HomeCards = {
      imports: {
        count: 2,
        latest: [
          {
            kind: 'grades',
            fileName: 'итог.xlsx',
            reason: 'interrupted',
            at: '2026-11-28T04:00:00Z',
            actorName: 'Сотрудник Один',
          },
          { kind: 'students', fileName: null, reason: 'changed', at: '2026-11-27T04:00:00Z', actorName: 'Два' },
        ],
      },
    };
    renderAt('/lms', <StaffCards cards={cards} />);
    const card = await screen.findByTestId('home-imports');
    expect(within(card).getByRole('heading', { name: 'Неудавшиеся импорты' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: '2' }).getAttribute('href')).toBe('/lms/staff/import');
    const items = within(card).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('Итоговые оценки: итог.xlsx');
    expect(items[0]?.textContent).toContain('прерван · Сотрудник Один');
    expect(items[1]?.textContent).toContain('Студенты');
    expect(items[1]?.textContent).toContain('данные изменились после проверки');
  });

  it('shows no imports card when none failed', async () => {
    renderAt('/lms', <StaffCards cards={{ payments: { count: 1, paidTotal: 10_000 } }} />);
    expect(await screen.findByTestId('home-payments')).toBeTruthy();
    expect(screen.queryByTestId('home-imports')).toBeNull();
  });
});
