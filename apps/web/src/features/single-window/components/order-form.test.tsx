import type { Order } from '@okuu/contracts/single-window/order';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { fakeServer, renderAt, testStudent } from '../../../test/render';
import { OrderForm } from './order-form';
import { OrderHistory } from './order-history';

const names = (name: string) => ({ name, nameKg: `${name} (kg)`, nameEn: `${name} (en)` });

const lists = {
  '/api/singlewindow/doc/list.json': { data: [{ id: 1, ...names('Справка с места учёбы') }] },
  '/api/singlewindow/naznachenie/list.json': { data: [{ id: 1, ...names('По месту требования') }] },
  '/api/singlewindow/region/list.json': {
    data: [
      { id: 1, ...names('город Бишкек') },
      { id: 9, ...names('Чуйская область') },
    ],
  },
  '/api/singlewindow/district/list.json': (body: Record<string, unknown>) => ({
    data:
      body.id_region === 1
        ? [{ id: 1, id_region: 1, ...names('Ленинский район') }]
        : [{ id: 54, id_region: 9, ...names('Сокулукский район') }],
  }),
};

const order = (status: Order['status'], id = 7): Order => ({
  id_order: id,
  status,
  created: '2026-11-20T04:30:00.000Z',
  updated: '2026-11-20T04:30:00.000Z',
  document: { id: 1, ...names('Справка с места учёбы') },
  region: { id: 9, ...names('Чуйская область') },
  district: { id: 54, ...names('Сокулукский район') },
  purpose: { id: 1, ...names('По месту требования') },
  number: status === 'prepared' ? '2026-00017' : null,
  issued: status === 'prepared' ? '2026-11-21T05:00:00.000Z' : null,
  verificationCode: status === 'prepared' ? 'K7P2-9XQM-4T0A' : null,
  documentUrl: status === 'prepared' ? `/api/singlewindow/order/document.file?id=${id}` : null,
});

// The screens' texts come with their code, once i18next has started (test/setup.ts).
beforeAll(() => import('../catalogue'));

describe('the order form', () => {
  it("sends nothing until every field is chosen: the spec's 'select all fields'", async () => {
    const calls = fakeServer(lists);
    renderAt('/lms/singlewindow', <OrderForm />, { user: testStudent });
    await screen.findByRole('combobox', { name: /^Область/ });
    await userEvent.click(screen.getByRole('button', { name: 'Заказать справку' }));
    expect(screen.getByRole('alert').textContent).toBe('Выберите все поля');
    expect(screen.getAllByText('Выберите значение из списка')).toHaveLength(4);
    expect(calls.map((c) => c.path)).not.toContain('/api/singlewindow/order/save.json');
  });

  it('lists the districts of the chosen region, clears the district with the region, and places the order', async () => {
    const calls = fakeServer({
      ...lists,
      '/api/singlewindow/order/save.json': { data: order('waiting') },
    });
    const user = userEvent.setup();
    renderAt('/lms/singlewindow', <OrderForm />, { user: testStudent });
    const district = (await screen.findByRole('combobox', { name: /^Район/ })) as HTMLSelectElement;
    expect(district.disabled).toBe(true);
    const region = screen.getByRole('combobox', { name: /^Область/ });
    await waitFor(() => expect(region.querySelectorAll('option')).toHaveLength(3));
    await user.selectOptions(region, '1');
    await waitFor(() => expect(district.textContent).toContain('Ленинский район'));
    await user.selectOptions(district, '1');
    await user.selectOptions(region, '9');
    expect(district.value).toBe('-1');
    await waitFor(() => expect(district.textContent).toContain('Сокулукский район'));
    expect(district.textContent).not.toContain('Ленинский район');
    await user.selectOptions(district, '54');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Вид справки/ }), '1');
    await user.selectOptions(screen.getByRole('combobox', { name: /^Назначение/ }), '1');
    await user.click(screen.getByRole('button', { name: 'Заказать справку' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/singlewindow/order/save.json')).toBe(true));
    expect(calls.find((c) => c.path === '/api/singlewindow/order/save.json')?.body).toEqual({
      id_doc: 1,
      id_region: 9,
      id_district: 54,
      id_naznachenie: 1,
    });
    await waitFor(() => expect(district.value).toBe('-1'));
  });
});

describe('the order history', () => {
  it("says 'no orders' when there are none", async () => {
    fakeServer({ '/api/singlewindow/order/list.json': { data: [] } });
    renderAt('/lms/singlewindow', <OrderHistory />, { user: testStudent });
    expect(await screen.findByText('Заказов нет')).toBeTruthy();
  });

  it('offers a waiting order a cancel after a confirmation, and a prepared one its download', async () => {
    let canceled = false;
    const calls = fakeServer({
      '/api/singlewindow/order/list.json': () => ({
        data: [order(canceled ? 'canceled' : 'waiting'), order('prepared', 8)],
      }),
      '/api/singlewindow/order/cancel.json': () => {
        canceled = true;
        return { data: order('canceled') };
      },
    });
    const user = userEvent.setup();
    renderAt('/lms/singlewindow', <OrderHistory />, { user: testStudent });
    expect(await screen.findByText('Ожидает')).toBeTruthy();
    expect(screen.getByText('Готова')).toBeTruthy();
    expect(screen.getByText('Статус обновляется автоматически')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'Скачать справку № 2026-00017 (PDF)' });
    expect(link.getAttribute('href')).toBe('/api/singlewindow/order/document.file?id=8');
    expect(screen.getAllByRole('button', { name: 'Отменить заказ' })).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Отменить заказ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Отменить заказ?' });
    expect(calls.some((c) => c.path === '/api/singlewindow/order/cancel.json')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Отменить заказ' }));
    await waitFor(() => expect(screen.getByText('Отменён')).toBeTruthy());
    expect(calls.find((c) => c.path === '/api/singlewindow/order/cancel.json')?.body).toEqual({ id_order: 7 });
    expect(screen.queryByText('Статус обновляется автоматически')).toBeNull();
  });
});
