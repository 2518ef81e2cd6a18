import {
  electiveOfferings,
  electiveTeachers,
  registrationOfferings,
  registrationTeachers,
} from '@okuu/contracts/registration/offerings';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { type RegistrationPeriod, registrationKeys } from './keys';

// The choices after the discipline: its teachers, then a teacher's streams and subgroups with their seats. Seats
// change by the second at a semester start: they are asked afresh each time they are shown.

/** A discipline of the form: the half-year, the semester, the discipline, and whether it is an elective. */
export interface DisciplineChoice extends RegistrationPeriod {
  id_semester: number;
  id_discipline: number;
  elective: boolean;
}

export function getTeachers({ elective, ...input }: DisciplineChoice, signal?: AbortSignal) {
  return callApi(elective ? electiveTeachers : registrationTeachers, input, { signal });
}

export function useRegTeachers(choice: DisciplineChoice | null) {
  return useQuery({
    queryKey: [...registrationKeys.all, 'teachers', choice],
    queryFn: ({ signal }) => getTeachers(choice as DisciplineChoice, signal),
    enabled: choice !== null,
    staleTime: 0,
  });
}

export function getOfferings({ elective, ...input }: DisciplineChoice, teacher: number, signal?: AbortSignal) {
  return callApi(elective ? electiveOfferings : registrationOfferings, { ...input, id_teacher: teacher }, { signal });
}

/** A teacher's streams, groups and subgroups for the discipline. */
export function useRegOfferings(choice: DisciplineChoice | null, teacher: number | null) {
  return useQuery({
    queryKey: [...registrationKeys.all, 'offerings', choice, teacher],
    queryFn: ({ signal }) => getOfferings(choice as DisciplineChoice, teacher as number, signal),
    enabled: choice !== null && teacher !== null,
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
