import { roomsMine } from '@okuu/contracts/rooms/rooms';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { roomsKeys } from './keys';

export function getMyBookings(signal?: AbortSignal) {
  return callApi(roomsMine, {}, { signal });
}

/** The signed-in teacher's bookings from today on. */
export function useMyBookings() {
  return useQuery({ queryKey: roomsKeys.mine, queryFn: ({ signal }) => getMyBookings(signal) });
}
