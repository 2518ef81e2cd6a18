import { roomsCancel, roomsStaffCancel } from '@okuu/contracts/rooms/rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { roomsKeys } from './keys';

/** A teacher's own booking; or, with a reason, any booking by staff. */
export function cancelBooking(input: { id: number; reason?: string }) {
  return input.reason === undefined
    ? callApi(roomsCancel, { id: input.id })
    : callApi(roomsStaffCancel, { id: input.id, reason: input.reason });
}

export function useCancelBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelBooking,
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomsKeys.all }),
  });
}
