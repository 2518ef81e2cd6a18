import { webinarsList, webinarsOptions } from '@okuu/contracts/webinars/webinars';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { webinarsKeys } from './keys';

export function getWebinars(signal?: AbortSignal) {
  return callApi(webinarsList, {}, { signal });
}

/**
 * The signed-in person's online lessons. Asked again every minute: the server gives a student the link only once
 * "Join" opens (10 minutes before the start), so the button appears without a reload.
 */
export function useWebinars() {
  return useQuery({
    queryKey: webinarsKeys.list,
    queryFn: ({ signal }) => getWebinars(signal),
    refetchInterval: 60_000,
  });
}

export function getWebinarOptions(signal?: AbortSignal) {
  return callApi(webinarsOptions, {}, { signal });
}

/** A teacher's timetable lessons, audiences, bells and whether rooms are made by themselves. */
export function useWebinarOptions(enabled: boolean) {
  return useQuery({ queryKey: webinarsKeys.options, queryFn: ({ signal }) => getWebinarOptions(signal), enabled });
}
