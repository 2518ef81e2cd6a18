import { type BookingPurpose, roomsBook } from '@okuu/contracts/rooms/rooms';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { roomsKeys } from './keys';

export interface BookingInput {
  room: number;
  date: string;
  slot: number;
  purpose: BookingPurpose;
  note: string;
}

export function bookRoom(b: BookingInput) {
  return callApi(roomsBook, { id_aud: b.room, date: b.date, id_time: b.slot, purpose: b.purpose, note: b.note });
}

/** Books a room for the signed-in teacher; the free rooms, weeks and bookings are loaded again (also on a refusal). */
export function useBookRoom() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: bookRoom,
    onSettled: () => queryClient.invalidateQueries({ queryKey: roomsKeys.all }),
  });
}
