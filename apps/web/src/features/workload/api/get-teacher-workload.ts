import { workloadTeacher } from '@okuu/contracts/workload/workload';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import type { WorkloadPeriod } from './get-my-workload';
import { workloadKeys } from './keys';

export function getTeacherWorkload(teacherId: number, period: WorkloadPeriod, signal?: AbortSignal) {
  return callApi(workloadTeacher, { teacherId, ...period }, { signal });
}

/** One teacher's workload, for staff. */
export function useTeacherWorkload(teacherId: number, period: WorkloadPeriod) {
  return useQuery({
    queryKey: workloadKeys.teacher(teacherId, period),
    queryFn: ({ signal }) => getTeacherWorkload(teacherId, period, signal),
  });
}
