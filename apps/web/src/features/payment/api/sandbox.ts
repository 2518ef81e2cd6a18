import { sandboxCheckout, sandboxConfirm, sandboxPay } from '@okuu/contracts/payment/sandbox';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

// The sandbox provider's hosted card page: its order, the card and the confirmation code.

const checkoutKey = (session: string) => ['payment', 'sandbox', session];

export function getSandboxCheckout(session: string, signal?: AbortSignal) {
  return callApi(sandboxCheckout, { session }, { signal });
}

export function useSandboxCheckout(session: string) {
  return useQuery({
    queryKey: checkoutKey(session),
    queryFn: ({ signal }) => getSandboxCheckout(session, signal),
    retry: false,
  });
}

export function useSandboxPay(session: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (card: { cardNumber: string; expiry: string; cvc: string }) =>
      callApi(sandboxPay, { session, ...card }),
    onSuccess: (order) => queryClient.setQueryData(checkoutKey(session), order),
  });
}

export function useSandboxConfirm(session: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => callApi(sandboxConfirm, { session, code }),
    onSuccess: (order) => queryClient.setQueryData(checkoutKey(session), order),
  });
}
