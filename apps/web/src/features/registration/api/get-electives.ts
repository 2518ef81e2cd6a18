import { electiveDisciplines } from '@okuu/contracts/registration/offerings';
import { electivePermission } from '@okuu/contracts/registration/permission';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type RegistrationPeriod, registrationKeys } from './keys';

export function getElectivePermission(period: RegistrationPeriod, signal?: AbortSignal) {
  return callApi(electivePermission, period, { signal });
}

/** Whether the student may register for electives in the half-year. */
export function useElectivePermission(period: RegistrationPeriod | null) {
  return useQuery({
    queryKey: [...registrationKeys.all, 'permission', period],
    queryFn: ({ signal }) => getElectivePermission(period as RegistrationPeriod, signal),
    enabled: period !== null,
    staleTime: 5 * 60_000,
  });
}

export function getElectives(period: RegistrationPeriod, signal?: AbortSignal) {
  return callApi(electiveDisciplines, period, { signal });
}

/** The electives of the student's semester, with their seats (only asked with the permission). */
export function useElectives(period: RegistrationPeriod | null, enabled: boolean) {
  return useQuery({
    queryKey: [...registrationKeys.all, 'electives', period],
    queryFn: ({ signal }) => getElectives(period as RegistrationPeriod, signal),
    enabled: period !== null && enabled,
    staleTime: 0,
  });
}
