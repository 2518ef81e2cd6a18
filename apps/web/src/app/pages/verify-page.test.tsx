import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ComponentType } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderAt } from '../../test/render';

// The page's texts come with its code, once i18next has started (test/setup.ts).
let VerifyPage: ComponentType;
beforeAll(async () => {
  VerifyPage = (await import('./verify-page')).VerifyPage;
});

describe('the verification page', () => {
  it('takes a code typed without dashes, with spaces, in lower case', async () => {
    renderAt('/lms/public/verify', <VerifyPage />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Код проверки'), ' jjmn rypn7t2t ');
    await user.click(screen.getByRole('button', { name: 'Проверить' }));
    expect(await screen.findByText('page /lms/public/verify/JJMN-RYPN-7T2T')).toBeTruthy();
  });
});
