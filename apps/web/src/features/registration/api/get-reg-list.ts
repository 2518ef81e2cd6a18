import { registrationList } from '@okuu/contracts/registration/reg-list';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type RegistrationPeriod, registrationKeys } from './keys';

export function getRegList(period: RegistrationPeriod, signal?: AbortSignal) {
  return callApi(registrationList, period, { signal });
}

/** The student's registrations in a half-year, the plan disciplines open to them, their credits and the window. */
export function useRegList(period: RegistrationPeriod | null) {
  return useQuery({
    queryKey: [...registrationKeys.all, 'list', period],
    queryFn: ({ signal }) => getRegList(period as RegistrationPeriod, signal),
    enabled: period !== null,
    staleTime: 0,
  });
}
