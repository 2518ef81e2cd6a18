import { roomsWeek } from '@okuu/contracts/rooms/rooms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { roomsKeys } from './keys';

export function getRoomWeek(room: number, date: string, signal?: AbortSignal) {
  return callApi(roomsWeek, { id_aud: room, date }, { signal });
}

/** A room's week (Monday to Sunday) around a date: its lessons and bookings by date and pair. */
export function useRoomWeek(room: number | null, date: string) {
  return useQuery({
    queryKey: roomsKeys.week(room ?? 0, date),
    queryFn: ({ signal }) => getRoomWeek(room ?? 0, date, signal),
    enabled: room !== null,
    placeholderData: keepPreviousData,
  });
}
