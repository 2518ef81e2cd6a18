import type { Order } from '@okuu/contracts/single-window/order';
import { orderList } from '@okuu/contracts/single-window/orders';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { singleWindowKeys } from './get-order-lists';

/**
 * While an order waits or is being prepared, its status is asked for again every 10 s (only while the page is in
 * view) and whenever the window regains focus: a student sees 'prepared' without reloading.
 */
export const ORDER_REFRESH_MS = 10_000;

export const hasOpenOrder = (orders: readonly Order[] | undefined) =>
  (orders ?? []).some((order) => order.status === 'waiting' || order.status === 'preparing');

/** The student's orders, newest first. */
export function useOrders() {
  return useQuery({
    queryKey: singleWindowKeys.orders,
    queryFn: ({ signal }) => callApi(orderList, {}, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: (query) => (hasOpenOrder(query.state.data) ? ORDER_REFRESH_MS : false),
  });
}
