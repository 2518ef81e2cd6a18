import { workloadTeachers } from '@okuu/contracts/workload/workload';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import type { WorkloadPeriod } from './get-my-workload';
import { workloadKeys } from './keys';

export function getTeachersWorkload(filters: WorkloadPeriod & { departmentId?: number }, signal?: AbortSignal) {
  return callApi(workloadTeachers, filters, { signal });
}

/** Every teacher's totals (a department's), for staff. */
export function useTeachersWorkload(filters: WorkloadPeriod & { departmentId?: number }) {
  return useQuery({
    queryKey: workloadKeys.teachers(filters),
    queryFn: ({ signal }) => getTeachersWorkload(filters, signal),
    placeholderData: keepPreviousData,
  });
}
