import { ActionIcon } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderAt, testStudent } from '../../../test/render';
import { ProfileMenu } from './profile-menu';

describe('profile menu', () => {
  it('opens on a click made before its code has loaded', async () => {
    renderAt('/lms/profile', <ProfileMenu target={<ActionIcon aria-label="Профиль">A</ActionIcon>} />, {
      user: testStudent,
    });
    // The first render: the button is there, the menu's code is not yet.
    const button = screen.getByRole('button', { name: 'Профиль' });
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();

    await userEvent.click(button);

    expect(await screen.findByRole('menuitem', { name: 'Сменить пароль' })).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Выход' })).toBeTruthy();
  });

  it('closes and opens again from its button once loaded', async () => {
    renderAt('/lms/profile', <ProfileMenu target={<ActionIcon aria-label="Профиль">A</ActionIcon>} />, {
      user: testStudent,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Профиль' }));
    expect(await screen.findByRole('menuitem', { name: 'Выход' })).toBeTruthy();
    await userEvent.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('menu')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Профиль', expanded: false }));
    expect(await screen.findByRole('menuitem', { name: 'Выход' })).toBeTruthy();
  });
});
