import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';
import { OfflinePage } from './offline-page';

describe('the offline notice', () => {
  it('goes back to the screen that was asked for when trying again', async () => {
    renderAt('/lms/offline?next=%2Flms%2Ftranscript', <OfflinePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByText('page /lms/transcript')).toBeTruthy();
  });

  it('goes home without one, and never to another site', async () => {
    renderAt('/lms/offline?next=https%3A%2F%2Fevil.example%2Flms', <OfflinePage />);
    await userEvent.click(screen.getByRole('button', { name: 'Попробовать снова' }));
    expect(await screen.findByText('portal home')).toBeTruthy();
  });
});
