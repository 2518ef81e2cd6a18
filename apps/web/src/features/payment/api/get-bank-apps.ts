import { bankApps } from '@okuu/contracts/payment/bank-apps';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { paymentKeys } from './keys';

export function getBankApps(signal?: AbortSignal) {
  return callApi(bankApps, {}, { signal });
}

/** The bank apps that open a payment link, with their logos and link prefixes. */
export function useBankApps(enabled: boolean) {
  return useQuery({
    queryKey: [...paymentKeys.all, 'bank-apps'],
    queryFn: ({ signal }) => getBankApps(signal),
    staleTime: 60 * 60_000,
    enabled,
  });
}
