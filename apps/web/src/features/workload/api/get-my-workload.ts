import { workloadMine } from '@okuu/contracts/workload/workload';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { workloadKeys } from './keys';

/** A half-year to show: today's when left out. */
export interface WorkloadPeriod {
  year?: number;
  ws?: number;
}

export function getMyWorkload(period: WorkloadPeriod, signal?: AbortSignal) {
  return callApi(workloadMine, period, { signal });
}

/** The signed-in teacher's workload of a half-year. */
export function useMyWorkload(period: WorkloadPeriod) {
  return useQuery({
    queryKey: workloadKeys.mine(period),
    queryFn: ({ signal }) => getMyWorkload(period, signal),
    placeholderData: keepPreviousData,
  });
}
