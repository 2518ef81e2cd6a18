import { orderStatus } from '@okuu/contracts/single-window/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { singleWindowKeys } from './get-order-lists';

export type StaffMove = 'preparing' | 'prepared' | 'canceled';

export function setOrderStatus({ id, status }: { id: number; status: StaffMove }) {
  return callApi(orderStatus, { id_order: id, status });
}

/** Staff move an order on; the queue (every status: the counts change) is loaded again. */
export function useSetOrderStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setOrderStatus,
    onSettled: () => queryClient.invalidateQueries({ queryKey: singleWindowKeys.queue }),
  });
}
