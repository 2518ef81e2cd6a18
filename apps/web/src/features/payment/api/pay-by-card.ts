import { payByCard } from '@okuu/contracts/payment/card';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { paymentKeys } from './keys';

export interface CardPaymentInput {
  year: number;
  service: number;
  amount: number;
  /** One per attempt: a repeated call with it is the same payment. */
  idempotencyKey: string;
}

export function startCardPayment(input: CardPaymentInput) {
  return callApi(payByCard, {
    id_year: input.year,
    id_uslug: input.service,
    amount: input.amount,
    idempotencyKey: input.idempotencyKey,
  });
}

/** Starts a card payment; the history shows it at once. */
export function usePayByCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCardPayment,
    onSettled: () => queryClient.invalidateQueries({ queryKey: paymentKeys.history }),
  });
}
