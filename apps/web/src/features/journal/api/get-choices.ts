import type { GroupType } from '@okuu/contracts/journal/common';
import {
  journalAssessments,
  journalAudiences,
  journalDisciplines,
  journalLessonKinds,
  journalTimeSlots,
} from '@okuu/contracts/journal/filters';
import { useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api';
import { journalKeys } from './keys';

/** The disciplines the teacher teaches this half-year. */
export function useJournalDisciplines() {
  return useQuery({
    queryKey: [...journalKeys.choices, 'disciplines'],
    queryFn: ({ signal }) => callApi(journalDisciplines, {}, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** The audiences of a discipline (groups, subgroups, streams), each with the lesson kinds taught to it. */
export function useJournalAudiences(disciplineId: number | null, groupType: GroupType) {
  return useQuery({
    queryKey: [...journalKeys.choices, 'audiences', disciplineId, groupType],
    queryFn: ({ signal }) =>
      callApi(journalAudiences, { id_discipline: disciplineId as number, groupType }, { signal }),
    enabled: disciplineId !== null,
    staleTime: 60_000,
  });
}

export function useJournalLessonKinds(disciplineId: number | null) {
  return useQuery({
    queryKey: [...journalKeys.choices, 'kinds', disciplineId],
    queryFn: ({ signal }) => callApi(journalLessonKinds, { id_discipline: disciplineId ?? -1 }, { signal }),
    enabled: disciplineId !== null,
    staleTime: 5 * 60_000,
  });
}

/** The marks a cell takes. */
export function useAssessments() {
  return useQuery({
    queryKey: [...journalKeys.choices, 'assessments'],
    queryFn: ({ signal }) => callApi(journalAssessments, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The bell schedule, and the teacher's slots on a date (to propose one). */
export function useTimeSlots(visitDate: string, disciplineId: number) {
  return useQuery({
    queryKey: [...journalKeys.choices, 'slots', visitDate, disciplineId],
    queryFn: ({ signal }) =>
      callApi(journalTimeSlots, { visitDate: visitDate || undefined, id_discipline: disciplineId }, { signal }),
    staleTime: 5 * 60_000,
  });
}
