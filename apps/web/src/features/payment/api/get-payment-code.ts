import { paymentCode } from '@okuu/contracts/payment/payment-code-endpoint';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { paymentKeys } from './keys';

export function getPaymentCode(input: { year: number; service: number; amount: number }, signal?: AbortSignal) {
  return callApi(paymentCode, { id_year: input.year, id_uslug: input.service, amount: input.amount }, { signal });
}

/** The student's payment code for a service and year, and the payment QR for the amount (null: nothing chosen). */
export function usePaymentCode(input: { year: number; service: number; amount: number } | null) {
  return useQuery({
    queryKey: [...paymentKeys.all, 'code', input],
    queryFn: ({ signal }) => getPaymentCode(input as NonNullable<typeof input>, signal),
    enabled: input !== null,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}
