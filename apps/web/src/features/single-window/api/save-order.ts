import { orderSave } from '@okuu/contracts/single-window/orders';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { singleWindowKeys } from './get-order-lists';

export interface OrderDraft {
  documentId: number;
  regionId: number;
  districtId: number;
  purposeId: number;
}

export function saveOrder(draft: OrderDraft) {
  return callApi(orderSave, {
    id_doc: draft.documentId,
    id_region: draft.regionId,
    id_district: draft.districtId,
    id_naznachenie: draft.purposeId,
  });
}

/** Places an order; the history is loaded again. */
export function useSaveOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: singleWindowKeys.orders }),
  });
}
