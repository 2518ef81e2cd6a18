import { roomsFree } from '@okuu/contracts/rooms/rooms';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { roomsKeys } from './keys';

/** The search form: a date (YYYY-MM-DD), a pair ('' any), at least so many seats, a building ('' any). */
export interface FreeRoomFilters {
  date: string;
  slot: string;
  capacity: number;
  building: string;
}

export function findFreeRooms(filters: FreeRoomFilters, signal?: AbortSignal) {
  return callApi(
    roomsFree,
    { date: filters.date, id_time: filters.slot, capacity: filters.capacity, id_building: filters.building },
    { signal },
  );
}

/** The rooms free on a date (and pair), with the bells and buildings to choose from. */
export function useFreeRooms(filters: FreeRoomFilters) {
  return useQuery({
    queryKey: roomsKeys.free(filters),
    queryFn: ({ signal }) => findFreeRooms(filters, signal),
    enabled: filters.date !== '',
    placeholderData: keepPreviousData,
  });
}
