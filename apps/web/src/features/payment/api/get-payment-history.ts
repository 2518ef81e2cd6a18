import { paymentHistory, paymentStatus } from '@okuu/contracts/payment/history';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { paymentKeys } from './keys';

export function getPaymentHistory(signal?: AbortSignal) {
  return callApi(paymentHistory, {}, { signal });
}

/** The student's payments, newest first. */
export function usePaymentHistory() {
  return useQuery({
    queryKey: paymentKeys.history,
    queryFn: ({ signal }) => getPaymentHistory(signal),
    staleTime: 0,
  });
}

export function getPaymentStatus(id: number, signal?: AbortSignal) {
  return callApi(paymentStatus, { id }, { signal });
}

/** One payment, asked again every 2 s while it is pending (the provider's notification may come a moment later). */
export function usePaymentStatus(id: number | null) {
  return useQuery({
    queryKey: [...paymentKeys.history, 'status', id],
    queryFn: ({ signal }) => getPaymentStatus(id as number, signal),
    enabled: id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? 2000 : false),
  });
}
