import { paymentServices } from '@okuu/contracts/payment/services';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { paymentKeys } from './keys';

export function getServices(signal?: AbortSignal) {
  return callApi(paymentServices, {}, { signal });
}

/** The paid services with their prices; they change rarely. */
export function useServices() {
  return useQuery({
    queryKey: [...paymentKeys.all, 'services'],
    queryFn: ({ signal }) => getServices(signal),
    staleTime: 10 * 60_000,
  });
}
