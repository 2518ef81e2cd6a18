import { roles } from '@okuu/contracts/endpoint';
import { scheduleStudent, scheduleTeacher, type WeekSchedule } from '@okuu/contracts/schedule/schedule';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { isRefreshDue, keepSchedule, readKeptSchedule, type ScheduleOwner } from '../lib/schedule-cache';

export const scheduleKeys = {
  all: ['schedule'] as const,
  week: (owner: ScheduleOwner, year: number, ws: number) => ['schedule', 'week', owner.uid, owner.role, year, ws],
};

/** The caller's week (spec: /api/schedule/teacher or /student with ws, year and the caller's id), kept in the browser. */
export async function getSchedule(owner: ScheduleOwner, year: number, ws: number, signal?: AbortSignal) {
  const input = { year, ws, id: owner.uid };
  const data: WeekSchedule =
    owner.role === roles.teacher
      ? await callApi(scheduleTeacher, input, { signal })
      : await callApi(scheduleStudent, input, { signal });
  keepSchedule(owner, data, Date.now());
  return data;
}

/**
 * A half-year's week of the signed-in teacher or student: the kept one when the browser has it (fetched again only
 * when due, see isRefreshDue, or by `refetch`), else from the server. A failed fetch keeps the week shown.
 */
export function useSchedule(owner: ScheduleOwner, period: { year: number; ws: number } | null) {
  const kept = period ? readKeptSchedule(owner, period.year, period.ws) : null;
  return useQuery({
    queryKey: scheduleKeys.week(owner, period?.year ?? 0, period?.ws ?? 0),
    queryFn: ({ signal }) => getSchedule(owner, period?.year ?? 0, period?.ws ?? 0, signal),
    enabled: period !== null,
    initialData: kept?.data,
    initialDataUpdatedAt: kept?.date,
    staleTime: (query) => (isRefreshDue(query.state.dataUpdatedAt, new Date()) ? 0 : Number.POSITIVE_INFINITY),
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnReconnect: false,
  });
}
