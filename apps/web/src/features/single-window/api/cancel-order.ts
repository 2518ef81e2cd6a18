import { orderCancel } from '@okuu/contracts/single-window/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { singleWindowKeys } from './get-order-lists';

export function cancelOrder(id: number) {
  return callApi(orderCancel, { id_order: id });
}

/** Cancels one of the student's waiting orders; the history is loaded again (also when it failed: staff moved on). */
export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: singleWindowKeys.orders }),
  });
}
