import type { Payment } from '@okuu/contracts/payment/payment';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { CardPaymentButton } from './card-payment-button';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

const payment: Payment = {
  id: 7,
  amount: 15000,
  received: 0,
  test: true,
  currency: 'KGS',
  method: 'card',
  status: 'pending',
  code: '700000015',
  service: { id: 2, name: 'Справка', nameKg: 'Маалымкат', nameEn: 'Certificate' },
  year: { id: 2026, name: '2026-27' },
  providerRef: 'x'.repeat(32),
  failureReason: null,
  created: '2026-11-25T03:00:00.000Z',
  updated: '2026-11-25T03:00:00.000Z',
  paidAt: null,
  receiptUrl: null,
};

afterEach(() => vi.unstubAllGlobals());

function render(amount: number | null = 15000) {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  renderAt('/lms/paymentcode', <CardPaymentButton year={2026} serviceId={2} serviceName="Справка" amount={amount} />, {
    user: testStudent,
  });
  return assign;
}

describe('card payment', () => {
  it('asks first, then starts one payment and opens the card page', async () => {
    const calls = fakeServer({ '/misc/paybycard.json': { data: { payment, redirectUrl: '/lms/sandbox/pay/abc' } } });
    const assign = render();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    const dialog = await screen.findByRole('dialog', { name: 'Оплатить банковской картой?' });
    expect(dialog.textContent).toContain('Справка: 150,00 сом.');
    expect(calls).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/lms/sandbox/pay/abc'));
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toMatchObject({ id_year: 2026, id_uslug: 2, amount: 15000 });
    expect(String(calls[0]?.body.idempotencyKey)).toMatch(/^[0-9a-f]{32}$/);
  });

  it('a retry after a failure sends the same idempotency key; a new attempt a new one', async () => {
    let fail = true;
    const calls = fakeServer({
      '/misc/paybycard.json': () =>
        fail
          ? { status: 503, error: { code: 'unavailable', message: 'down' } }
          : { data: { payment, redirectUrl: '/lms/sandbox/pay/abc' } },
    });
    render();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    await user.click(await screen.findByRole('button', { name: 'Перейти к оплате' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Сервис временно недоступен');
    await user.click(screen.getByRole('button', { name: 'Перейти к оплате' }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]?.body.idempotencyKey).toBe(calls[0]?.body.idempotencyKey);

    await user.click(screen.getByRole('button', { name: 'Отмена' }));
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Оплатить картой' }));
    await user.click(await screen.findByRole('button', { name: 'Перейти к оплате' }));
    await waitFor(() => expect(calls).toHaveLength(3));
    expect(calls[2]?.body.idempotencyKey).not.toBe(calls[0]?.body.idempotencyKey);
  });

  it('cannot start while the amount is not valid', () => {
    fakeServer({});
    render(null);
    expect((screen.getByRole('button', { name: 'Оплатить картой' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
