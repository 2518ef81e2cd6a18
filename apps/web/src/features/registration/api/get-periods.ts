import {
  registrationDefaultYear,
  registrationSemesters,
  registrationYears,
} from '@okuu/contracts/registration/calendar';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { registrationKeys } from './keys';

export function getDefaultPeriod(signal?: AbortSignal) {
  return callApi(registrationDefaultYear, {}, { signal });
}

/** The half-year registration is for by default (an open window's). */
export function useDefaultPeriod() {
  return useQuery({
    queryKey: [...registrationKeys.all, 'default'],
    queryFn: ({ signal }) => getDefaultPeriod(signal),
    staleTime: 5 * 60_000,
  });
}

export function getRegistrationYears(signal?: AbortSignal) {
  return callApi(registrationYears, {}, { signal });
}

/** The six academic-year options. */
export function useRegistrationYears() {
  return useQuery({
    queryKey: [...registrationKeys.all, 'years'],
    queryFn: ({ signal }) => getRegistrationYears(signal),
    staleTime: 60 * 60_000,
  });
}

export function getHalfYears(year: number, signal?: AbortSignal) {
  return callApi(registrationSemesters, { id_a_year: year }, { signal });
}

/** The half-years of an academic year, with their windows and the student's semester in each. */
export function useHalfYears(year: number | null) {
  return useQuery({
    queryKey: [...registrationKeys.all, 'half-years', year],
    queryFn: ({ signal }) => getHalfYears(year as number, signal),
    enabled: year !== null,
    staleTime: 60_000,
  });
}
