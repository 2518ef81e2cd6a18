import { disciplineList, groupList, studentDisciplineList, teachersList } from '@okuu/contracts/discipline/lists';
import { roles } from '@okuu/contracts/endpoint';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';

// The filter lists of the layout's discipline list (spec: Filters): the caller's disciplines of a half-year, and who
// they meet in one (a teacher: the groups; a student: the teachers). They change a few times a year.

const LISTS_STALE_MS = 10 * 60_000;

export interface Period {
  year: number;
  ws: number;
}

/** The caller's disciplines of a half-year: a teacher's (discipline/list) or a student's (forStudentDisciplinelist). */
export function useDisciplines(role: number, period: Period | null) {
  return useQuery({
    queryKey: ['discipline', 'list', role, period?.year, period?.ws],
    queryFn: ({ signal }) => {
      const input = { year: period?.year, ws: period?.ws };
      return role === roles.teacher
        ? callApi(disciplineList, input, { signal })
        : callApi(studentDisciplineList, input, { signal });
    },
    enabled: period !== null && (role === roles.teacher || role === roles.student),
    staleTime: LISTS_STALE_MS,
  });
}

/** The groups a teacher teaches a discipline to (group/list), with their streams. */
export function useDisciplineGroups(period: Period, disciplineId: number, semesterId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['discipline', 'groups', period.year, period.ws, disciplineId, semesterId],
    queryFn: ({ signal }) =>
      callApi(groupList, { ...period, id_discipline: disciplineId, id_semester: semesterId }, { signal }),
    staleTime: LISTS_STALE_MS,
    enabled,
  });
}

/** A student's teachers of a discipline (teachers/list). */
export function useDisciplineTeachers(period: Period, disciplineId: number, semesterId: number, enabled: boolean) {
  return useQuery({
    queryKey: ['discipline', 'teachers', period.year, period.ws, disciplineId, semesterId],
    queryFn: ({ signal }) =>
      callApi(teachersList, { ...period, id_discipline: disciplineId, id_semester: semesterId }, { signal }),
    staleTime: LISTS_STALE_MS,
    enabled,
  });
}
