import type { Payment } from '@okuu/contracts/payment/payment';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { PaymentScreen } from './payment-screen';

// The screen's texts come with its code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));
afterEach(() => vi.unstubAllGlobals());

const service = {
  id: 2,
  name: 'Справка',
  nameKg: 'Маалымкат',
  nameEn: 'Certificate',
  price: 250000,
  amountEditable: false,
  minAmount: 250000,
  maxAmount: 250000,
};

const base: Payment = {
  id: 1,
  amount: 250000,
  received: 0,
  test: false,
  currency: 'KGS',
  method: 'bank',
  status: 'partial',
  code: '700000015',
  service,
  year: { id: 2026, name: '2026-27' },
  providerRef: 'TR-1',
  failureReason: null,
  created: '2026-11-25T03:00:00.000Z',
  updated: '2026-11-25T03:00:00.000Z',
  paidAt: null,
  receiptUrl: null,
};

function serve(history: Payment[]) {
  return fakeServer({
    '/misc/uslugi.json': { data: [service] },
    '/misc/paymentcode.json': {
      data: {
        code: '700000015',
        service,
        year: { id: 2026, name: '2026-27' },
        amount: service.price,
        qr: { payload: '000201', link: 'https://pay.payqr.kg/#000201' },
      },
    },
    '/api/payment/history.json': { data: history },
  });
}

function render(cardPayments: boolean) {
  renderAt(
    '/lms/paymentcode',
    <PaymentScreen
      years={[{ id: 2026, name: '2026-27' }]}
      defaultYear={2026}
      desktop={true}
      cardPayments={cardPayments}
    />,
    { user: testStudent },
  );
}

describe('the payment screen', () => {
  it('offers no card payment where the portal takes none, and the payment code still', async () => {
    serve([]);
    render(false);
    await userEvent.setup().selectOptions(await screen.findByLabelText('Вид услуги'), 'Справка');
    expect((await screen.findByTestId('payment-code')).textContent).toBe('700 000 015');
    expect(screen.queryByRole('button', { name: 'Оплатить картой' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Банковская карта' })).toBeNull();
  });

  it('offers the card where the portal takes it', async () => {
    serve([]);
    render(true);
    await userEvent.setup().selectOptions(await screen.findByLabelText('Вид услуги'), 'Справка');
    expect(await screen.findByRole('button', { name: 'Оплатить картой' })).toBeTruthy();
  });

  it('shows what remains of a partly paid payment, a surplus, and marks a test payment', async () => {
    serve([
      { ...base, id: 1, received: 100000 },
      { ...base, id: 2, status: 'paid', received: 260000, receiptUrl: '/api/payment/receipt.file?id=2' },
      { ...base, id: 3, method: 'card', status: 'paid', received: 250000, test: true, receiptUrl: 'x' },
    ]);
    render(true);
    const rows = await screen.findAllByTestId('payment-row');
    expect(rows[0]?.textContent).toContain('Оплачено частично');
    expect(rows[0]?.textContent).toContain('Получено 1\u00a0000,00 из 2\u00a0500,00 сом, осталось 1\u00a0500,00 сом.');
    expect(rows[1]?.textContent).toContain('Переплата 100,00 сом.');
    expect(rows[1]?.querySelector('[data-testid="test-payment"]')).toBeNull();
    expect(rows[2]?.querySelector('[data-testid="test-payment"]')?.textContent).toBe('Тестовый');
    expect(rows[2]?.textContent).toContain('Тестовый платёж: деньги не списывались');
  });
});
