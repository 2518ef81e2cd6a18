import { calendarEnable, calendarRevoke, calendarStatus } from '@okuu/contracts/schedule/calendar';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

const statusKey = ['schedule', 'calendar'] as const;

/** Whether the caller's calendar subscription is on. */
export function useCalendarStatus() {
  return useQuery({ queryKey: statusKey, queryFn: ({ signal }) => callApi(calendarStatus, {}, { signal }) });
}

/** A new subscription address (the old one stops working); the reply carries the address, shown once. */
export function useEnableCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calendarEnable, {}),
    onSuccess: ({ enabled, createdAt }) => queryClient.setQueryData(statusKey, { enabled, createdAt }),
  });
}

export function useRevokeCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callApi(calendarRevoke, {}),
    onSuccess: (state) => queryClient.setQueryData(statusKey, state),
  });
}
