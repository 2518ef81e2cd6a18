import type { OrderStatus } from '@okuu/contracts/single-window/order';
import { orderQueue } from '@okuu/contracts/single-window/orders';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { singleWindowKeys } from './get-order-lists';

/** New orders come in while staff work: the queue is asked for again every 30 s and when the window regains focus. */
const QUEUE_REFRESH_MS = 30_000;

/** One page of the staff queue of orders in `status`. */
export function useOrderQueue(status: OrderStatus, page: number) {
  return useQuery({
    queryKey: [...singleWindowKeys.queue, status, page],
    queryFn: ({ signal }) => callApi(orderQueue, { status, page }, { signal }),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
