import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt } from '../../test/render';

// The page loads its catalogue as it is imported: after i18next has started (test/setup.ts).
let SandboxCardPage: typeof import('./sandbox-card-page').SandboxCardPage;
beforeAll(async () => {
  ({ SandboxCardPage } = await import('./sandbox-card-page'));
});
afterEach(() => vi.unstubAllGlobals());

const order = {
  status: 'open',
  merchant: 'OKUU UNIVERSITY',
  amount: 15000,
  currency: 'KGS',
  description: { name: 'Справка', nameKg: 'Маалымкат', nameEn: 'Certificate' },
  orderId: '7',
  returnUrl: '/lms/paymentcode?payment=7',
  attemptsLeft: 3,
};

async function fill(card: { number: string; expiry: string; cvc: string }) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Номер карты'), card.number);
  await user.type(screen.getByLabelText('Срок (ММ/ГГ)'), card.expiry);
  await user.type(screen.getByLabelText('CVC'), card.cvc);
  await user.click(screen.getByRole('button', { name: 'Оплатить 150,00 сом' }));
}

describe('the sandbox card page', () => {
  it('takes an expiry typed without the slash, as the server does', async () => {
    const calls = fakeServer({
      '/api/payment/sandbox/checkout.json': { data: order },
      '/api/payment/sandbox/pay.json': { data: { ...order, status: 'declined' } },
    });
    renderAt('/lms/sandbox/pay/:session', <SandboxCardPage />);
    await fill({ number: '4000000000000002', expiry: '1229', cvc: '123' });
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/payment/sandbox/pay.json'));
    expect(calls.find((c) => c.path === '/api/payment/sandbox/pay.json')?.body).toMatchObject({ expiry: '1229' });
  });

  it('says what each field expects, by the contract’s rules: a card number of 12 to 19 digits', async () => {
    const calls = fakeServer({ '/api/payment/sandbox/checkout.json': { data: order } });
    renderAt('/lms/sandbox/pay/:session', <SandboxCardPage />);
    await fill({ number: '1234 5678 901', expiry: '13/29', cvc: '12' });
    expect(await screen.findByText('Номер карты: от 12 до 19 цифр')).toBeTruthy();
    expect(screen.getByText('Месяц и год, ММ/ГГ: например, 12/29')).toBeTruthy();
    expect(screen.getByText('3 цифры с обратной стороны карты')).toBeTruthy();
    expect(calls.map((c) => c.path)).not.toContain('/api/payment/sandbox/pay.json');
  });

  it('takes a 19-digit card number whole', async () => {
    fakeServer({ '/api/payment/sandbox/checkout.json': { data: order } });
    renderAt('/lms/sandbox/pay/:session', <SandboxCardPage />);
    await userEvent.setup().type(await screen.findByLabelText('Номер карты'), '4000 0000 0000 0000 123');
    expect((screen.getByLabelText('Номер карты') as HTMLInputElement).value).toBe('4000 0000 0000 0000 123');
  });
});
